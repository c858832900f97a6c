/**
 * The on-call chaos run's accounting (npm run chaos -- --on-call): extra SMS copies around kills,
 * the delay from an emergency's 201 to its first page at the gateway, and whether every
 * escalation reached its end. Pure functions over what the run recorded (times are Date.now() in
 * the chaos script, which also runs the fake gateway).
 */

/** 'AKUT SK-7F3K2Q: …' or 'AKUT (ingen har svaret) SK-7F3K2Q: …' → 'SK-7F3K2Q'. */
export function pagedReference(text) {
  return /^AKUT (?:\(ingen har svaret\) )?([A-Z]{2}-[0-9A-Z]{6}):/.exec(text)?.[1];
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

/**
 * From each emergency's 201 to the gateway's first page SMS for it (milliseconds), and the
 * emergencies that never got one.
 *
 * @param {{ emergencies: { reference: string; ackAt: number }[]; received: { text: string; at: number }[] }} input
 */
export function pageLatencies({ emergencies, received }) {
  const first = new Map();
  for (const sms of received) {
    const reference = pagedReference(sms.text);
    if (reference && !(first.get(reference) <= sms.at)) first.set(reference, sms.at);
  }
  const latencies = [];
  const unpaged = [];
  for (const lead of emergencies) {
    const at = first.get(lead.reference);
    if (at === undefined) unpaged.push(lead.reference);
    else latencies.push(Math.max(at - lead.ackAt, 0));
  }
  return { latencies, unpaged };
}

/**
 * Whether every escalation reached its end: acknowledged, or 'exhausted' after the last step
 * (chain length + 1 steps: each person, then everybody); no page row still pending; each step of
 * an exhausted one sent; every SMS marked sent reached the gateway; none left pending or failed.
 * Also how late each step after the first reached the gateway, measured from the step before it
 * plus the escalation interval.
 *
 * @param {{
 *   pages: { reference: string; status: string; step: number; chainLength: number }[];
 *   sms: { id: string; reference: string; purpose: string; step: number; status: string }[];
 *   receivedAt: Map<string, number>;
 *   escalateMs: number;
 * }} input
 */
export function escalationProblems({ pages, sms, receivedAt, escalateMs }) {
  const problems = [];
  const lateness = [];
  const smsByRef = new Map();
  for (const row of sms) smsByRef.set(row.reference, [...(smsByRef.get(row.reference) ?? []), row]);
  let acknowledged = 0;
  let exhausted = 0;
  for (const page of pages) {
    const rows = smsByRef.get(page.reference) ?? [];
    for (const row of rows) {
      if (row.status === 'pending' || row.status === 'failed')
        problems.push(
          `${page.reference}: SMS ${row.id} (${row.purpose}, step ${row.step}) still ${row.status}`,
        );
      if (row.status === 'sent' && !receivedAt.has(row.id))
        problems.push(`${page.reference}: SMS ${row.id} marked sent but never reached the gateway`);
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
      const times = rows
        .filter((row) => row.purpose === 'page' && row.step === step && receivedAt.has(row.id))
        .map((row) => receivedAt.get(row.id));
      if (times.length === 0) {
        problems.push(`${page.reference}: step ${step} never reached the gateway`);
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
