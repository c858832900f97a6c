/**
 * The on-call chaos run's accounting (npm run chaos -- --on-call): extra SMS copies around kills,
 * the delay from an emergency's 201 to the first SMS that carried it (a single page or a digest),
 * and whether every escalation reached its end. Which emergencies an SMS carried is read from the
 * database's notices (oncall_page_notices.sms_id), never from SMS text: a digest names only
 * counts. Pure functions over what the run recorded (times are Date.now() in the chaos script,
 * which also runs the fake gateway).
 */

/**
 * The emergency a single page SMS names: 'AKUT KRITISK SK-7F3K2Q: …' or
 * 'AKUT NORMAL (ingen har svaret) SK-7F3K2Q: …' → 'SK-7F3K2Q'; a digest or a "taken" SMS names none.
 */
export function pagedReference(text) {
  return /^AKUT (?:[A-ZÆØÅ]+ )?(?:\(ingen har svaret\) )?([A-Z]{2}-[0-9A-Z]{6}):/.exec(text)?.[1];
}

/** The last step's SMS (single page or digest): 'AKUT HØJ (ingen har svaret) …', 'AKUT (ingen har svaret): …'. */
export function isLastStepSms(text) {
  return /^AKUT (?:[A-ZÆØÅ]+ )?\(ingen har svaret\)/.test(text);
}

/** The value at rank ⌈p·n⌉ of the sorted values (nearest rank); NaN without any. */
export function nearestRank(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(Math.max(Math.ceil(p * sorted.length), 1), sorted.length) - 1];
}

/**
 * Extra copies of an SMS (the same userref, our SMS id, reached the gateway twice). The worker
 * marks an SMS sent right after the gateway accepted it; only a kill in between makes the next
 * process send it again. So a copy is explained by the first kill after the copy before it, when
 * it arrived after that kill. A kill can catch as many SMS between acceptance and record as the
 * worker sends at once (`perKill`; the worker sends one at a time): copies past that at one kill
 * are counted apart.
 *
 * @returns {{ duplicates: number; unexplained: number; byKill: Map<number, number>; maxPerKill: number; overPerKill: number }}
 */
export function smsDuplicates({ received, killTimes, perKill = 1 }) {
  const byRef = new Map();
  for (const sms of received) byRef.set(sms.userref, [...(byRef.get(sms.userref) ?? []), sms.at]);
  let duplicates = 0;
  let unexplained = 0;
  const byKill = new Map();
  for (const times of byRef.values()) {
    times.sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) {
      duplicates++;
      const kill = killTimes.findIndex((at) => at >= times[i - 1]);
      if (kill < 0 || killTimes[kill] > times[i]) {
        unexplained++;
        continue;
      }
      byKill.set(kill, (byKill.get(kill) ?? 0) + 1);
    }
  }
  const overPerKill = [...byKill.values()].reduce((sum, n) => sum + Math.max(n - perKill, 0), 0);
  return { duplicates, unexplained, byKill, maxPerKill: Math.max(0, ...byKill.values()), overPerKill };
}

/** A notice an SMS carried (status 'single' or 'digest'). */
const carried = (notice) => (notice.status === 'single' || notice.status === 'digest') && notice.smsId;

/**
 * From each emergency's 201 to the gateway's first SMS that carried it (milliseconds), and the
 * emergencies no SMS at the gateway carried. One taken from a queue page before any SMS of its
 * own (its notices dropped at the dispatch) reached a person there: it is counted apart, and only
 * when the run took it (`takenFromQueue`) and its page is acknowledged.
 *
 * @param {{
 *   emergencies: { reference: string; ackAt: number }[];
 *   notices: { reference: string; status: string; smsId: string | null }[];
 *   receivedAt: Map<string, number>;
 *   takenFromQueue?: Set<string>;
 *   acknowledgedPages?: Set<string>;
 * }} input
 */
export function pageLatencies({
  emergencies,
  notices,
  receivedAt,
  takenFromQueue = new Set(),
  acknowledgedPages = new Set(),
}) {
  const first = new Map();
  for (const notice of notices) {
    const at = carried(notice) ? receivedAt.get(notice.smsId) : undefined;
    if (at !== undefined && !(first.get(notice.reference) <= at)) first.set(notice.reference, at);
  }
  const latencies = [];
  const unpaged = [];
  const takenBeforeSms = [];
  for (const lead of emergencies) {
    const at = first.get(lead.reference);
    if (at !== undefined) latencies.push(Math.max(at - lead.ackAt, 0));
    else if (takenFromQueue.has(lead.reference) && acknowledgedPages.has(lead.reference))
      takenBeforeSms.push(lead.reference);
    else unpaged.push(lead.reference);
  }
  return { latencies, unpaged, takenBeforeSms };
}

/**
 * Whether every escalation reached its end: acknowledged, or 'exhausted' after the last step
 * (chain length + 1 steps: each person, then everybody), each step written once per person, and
 * every notice of an exhausted one carried by an SMS that reached the gateway; no SMS left pending
 * or failed, every SMS marked sent at the gateway. Also how late each step after the first reached
 * the gateway, measured from the step before it plus the escalation interval (the dispatch may
 * hold a notice until the person's budget slot: the caller allows for that).
 *
 * @param {{
 *   pages: { reference: string; status: string; step: number; chainLength: number }[];
 *   notices: { reference: string; step: number; userId: string; status: string; smsId: string | null }[];
 *   sms: { id: string; reference: string | null; purpose: string; step: number; status: string }[];
 *   receivedAt: Map<string, number>;
 *   escalateMs: number;
 * }} input
 */
export function escalationProblems({ pages, notices, sms, receivedAt, escalateMs }) {
  const problems = [];
  const lateness = [];
  for (const row of sms) {
    const about = row.reference ?? row.purpose;
    if (row.status === 'pending' || row.status === 'failed')
      problems.push(`${about}: SMS ${row.id} (${row.purpose}, step ${row.step}) still ${row.status}`);
    if (row.status === 'sent' && !receivedAt.has(row.id))
      problems.push(`${about}: SMS ${row.id} marked sent but never reached the gateway`);
  }
  const noticesByRef = new Map();
  for (const notice of notices)
    noticesByRef.set(notice.reference, [...(noticesByRef.get(notice.reference) ?? []), notice]);
  let acknowledged = 0;
  let exhausted = 0;
  for (const page of pages) {
    const rows = noticesByRef.get(page.reference) ?? [];
    const perPerson = new Set();
    for (const notice of rows) {
      const key = `${notice.step} ${notice.userId}`;
      if (perPerson.has(key))
        problems.push(`${page.reference}: step ${notice.step} ran twice for one person`);
      perPerson.add(key);
    }
    if (page.status === 'acknowledged') {
      acknowledged++;
      continue;
    }
    if (page.status !== 'exhausted') {
      problems.push(`${page.reference}: escalation stopped at step ${page.step} (${page.status})`);
      continue;
    }
    exhausted++;
    if (page.step !== page.chainLength + 1)
      problems.push(`${page.reference}: exhausted after ${page.step} of ${page.chainLength + 1} steps`);
    let previous;
    for (let step = 0; step <= page.chainLength; step++) {
      const ofStep = rows.filter((notice) => notice.step === step);
      const times = [];
      for (const notice of ofStep) {
        const at = carried(notice) ? receivedAt.get(notice.smsId) : undefined;
        if (at === undefined)
          problems.push(`${page.reference}: step ${step} never reached a person (notice ${notice.status})`);
        else times.push(at);
      }
      if (ofStep.length === 0) problems.push(`${page.reference}: step ${step} wrote no notice`);
      if (times.length === 0) {
        previous = undefined;
        continue;
      }
      const at = Math.min(...times);
      if (previous !== undefined) lateness.push(Math.max(at - previous - escalateMs, 0));
      previous = at;
    }
  }
  return { problems, lateness, acknowledged, exhausted };
}
