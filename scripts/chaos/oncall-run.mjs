/**
 * The on-call variant of the chaos run (npm run chaos -- --on-call): the rota written before the
 * first start, staff acknowledging about half of the paged emergencies (from a single page's link
 * or a digest's queue page), the wait for every escalation to end after the last start, and the
 * on-call lines of the result (checked with oncall-accounting.mjs).
 */
import { ackFormTokenIn, postForm, setUpRota as setUpChain } from '../oncall-rig.mjs';
import { readPage } from '../storm/pages.mjs';
import {
  escalationProblems,
  nearestRank,
  pageLatencies,
  pagedReference,
  smsDuplicates,
} from './oncall-accounting.mjs';
import { waitUntilDrained } from './pending-work.mjs';
import {
  claimedDeadlineMs,
  escalateSeconds,
  oncallLeaseMs,
  pageBudgetMs,
  PUBLIC_HOST,
} from './run-settings.mjs';
import { seconds, sleep } from './timing.mjs';

/** The rota of the on-call run: paged in this order. */
const rota = [
  { email: 'anna@chaos.test', name: 'Anna Vagt', phone: '+4521111111' },
  { email: 'bo@chaos.test', name: 'Bo Vagt', phone: '+4522222222' },
];

/** The rota of the on-call run, written while no server runs (scripts/oncall-rig.mjs). */
export async function setUpRota({ dataDir, databaseUrl }) {
  await setUpChain({ dataDir, databaseUrl, people: rota, createdBy: 'chaos' });
}

/**
 * Staff tapping "Jeg tager den" on about half of the emergencies, each decided the first time it
 * reaches them: from a single page SMS through its link (the page's button), or from the queue
 * page a digest links to (that row's own form; the page is read once per new digest). Unanswered
 * or refused (429) attempts are tried again, with the next server after a kill.
 *
 * @param {{ gateway: { received: { to: string; text: string }[] } | undefined, random: () => number }} options
 */
export function createStaffAcker({ gateway, random }) {
  const ack = {
    /** reference → null (left to escalate) or how to take it */
    decided: new Map(),
    taken: 0,
    conflicts: 0,
    tries: 0,
    /** Taken from a queue page (answered 200). */
    takenFromQueue: new Set(),
    queueReads: 0,
  };
  /** phone → the latest queue link it got and whether that digest is still unread. */
  const queueLinks = new Map();
  let seenSms = 0;
  let pauseUntil = 0;
  const origin = `http://${PUBLIC_HOST}`;

  function decide(reference, plan) {
    if (!ack.decided.has(reference)) ack.decided.set(reference, random() < 0.5 ? plan : null);
  }

  async function readQueues(url) {
    for (const queue of queueLinks.values()) {
      if (!queue.unread) continue;
      // The SMS's short link (/v/…) redirects to the queue page; forms post to where it landed.
      const pageUrl = `${url}${queue.link}`;
      const page = await fetch(pageUrl, { signal: AbortSignal.timeout(5_000) });
      const html = await page.text();
      if (page.status === 429) return false;
      ack.queueReads++;
      queue.unread = false;
      if (page.status !== 200) continue;
      for (const form of readPage(html, page.url).forms)
        decide(form.reference, { queue: { action: form.action, fields: form.fields }, done: false });
    }
    return true;
  }

  async function take(url, reference, plan) {
    let answer;
    if (plan.queue) {
      answer = await postForm(plan.queue.action, plan.queue.fields, { origin });
    } else {
      const page = await fetch(`${url}${plan.link}`, { signal: AbortSignal.timeout(5_000) });
      const html = await page.text();
      if (page.status === 429) return false;
      const formToken = ackFormTokenIn(html);
      if (!formToken) {
        plan.done = true;
        return true;
      }
      answer = await postForm(page.url, { formToken }, { origin });
    }
    await answer.arrayBuffer();
    if (answer.status === 429) return false;
    if (answer.status === 200) {
      ack.taken++;
      if (plan.queue) ack.takenFromQueue.add(reference);
    } else if (answer.status === 409) ack.conflicts++;
    plan.done = true;
    return true;
  }

  /** @param {string | (() => string | undefined)} server its URL, or a function naming a live copy */
  async function acknowledgeSome(server) {
    const url = typeof server === 'function' ? server() : server;
    for (; gateway && seenSms < gateway.received.length; seenSms++) {
      const sms = gateway.received[seenSms];
      // Paths of the SMS's links: a digest's "Se listen:", a single page's "Tag den:".
      const queue = /Se listen: https?:\/\/[^/\s]+(\/\S+)/.exec(sms.text)?.[1];
      if (queue) {
        queueLinks.set(sms.to, { link: queue, unread: true });
        continue;
      }
      const reference = pagedReference(sms.text);
      const link = /Tag den: https?:\/\/[^/\s]+(\/\S+)/.exec(sms.text)?.[1];
      if (reference && link) decide(reference, { link, done: false });
    }
    if (Date.now() < pauseUntil || !url) return;
    try {
      // Over the per-address limit of the staff pages (60 a minute): wait a little.
      const answered = (await readQueues(url)) && (await takePending(url));
      if (!answered) pauseUntil = Date.now() + 5_000;
    } catch {
      // The server was killed: the next one gets the rest.
    }
  }

  async function takePending(url) {
    for (const [reference, plan] of ack.decided) {
      if (!plan || plan.done) continue;
      ack.tries++;
      if (!(await take(url, reference, plan))) return false;
    }
    return true;
  }

  async function runAcker(url, state) {
    while (!state.stop) {
      await acknowledgeSome(url);
      await sleep(200);
    }
  }
  return { ack, runAcker };
}

/**
 * After the last start: acknowledges what is left to acknowledge until every escalation has run
 * to its end, as the database says through the server's GET /metrics (pending-work.mjs: no
 * on-call page, dispatch, SMS or e-mail pending), or until `drainMs` after `drainStarted`. True
 * when everything was done. The database check after the stop proves it row by row.
 *
 * @param {{ url: string | (() => string | undefined), staffAcker: ReturnType<typeof createStaffAcker>, drainStarted: number, drainMs: number }} options
 */
export async function waitForEscalations({ url, staffAcker, drainStarted, drainMs }) {
  const ackState = { stop: false };
  const acker = staffAcker.runAcker(url, ackState);
  const drained = await waitUntilDrained({ server: url, drainStarted, drainMs });
  ackState.stop = true;
  await acker;
  return drained;
}

/**
 * The on-call lines of the result and what failed: every emergency answered 201 paged, every
 * escalation ended, duplicate SMS only where a kill explains them, steps not later than allowed.
 *
 * @returns {{ rows: [string, unknown][], failures: string[] }}
 */
export function onCallResults({ gateway, check, acknowledged, killTimes, stats, ack, copies = 1 }) {
  /** @type {string[]} */
  const onCallFailures = [];
  const received = gateway.received.map((sms) => ({
    userref: String(sms.body.userref ?? ''),
    text: sms.text,
    at: sms.at,
  }));
  const emergencies = acknowledged.filter((lead) => lead.kind === 'akut-skade');
  const receivedAt = new Map();
  for (const sms of received)
    if (!(receivedAt.get(sms.userref) <= sms.at)) receivedAt.set(sms.userref, sms.at);
  const latency = pageLatencies({
    emergencies,
    notices: check.notices,
    receivedAt,
    takenFromQueue: ack.takenFromQueue,
    acknowledgedPages: new Set(
      check.pages.filter((page) => page.status === 'acknowledged').map((page) => page.reference),
    ),
  });
  const escalation = escalationProblems({
    pages: check.pages,
    notices: check.notices,
    sms: check.sms,
    receivedAt,
    escalateMs: escalateSeconds * 1000,
  });
  // The paging worker sends one SMS at a time, so a kill can catch at most one accepted by the
  // gateway and not yet recorded as sent.
  const duplicates = smsDuplicates({ received, killTimes, perKill: 1 });
  const stepLateMax = Math.max(...escalation.lateness, 0);
  // A step's notice may wait for the person's budget slot, and a restart may come in between. With
  // two copies the step's dispatch and then its SMS may each have been claimed by the copy that was
  // killed, and wait out its lease while the other copy runs on.
  const stepLateAllowedMs = pageBudgetMs + claimedDeadlineMs + (copies > 1 ? oncallLeaseMs : 0);
  const kinds = { single: 0, digest: 0 };
  for (const row of check.sms)
    if (row.purpose === 'digest') kinds.digest++;
    else if (row.purpose === 'page') kinds.single++;
  /** @type {[string, unknown][]} */
  const rows = [
    ['emergencies acknowledged (201)', emergencies.length],
    [
      'emergencies never paged',
      `${latency.unpaged.length} (${latency.takenBeforeSms.length} more taken from a queue page before an SMS carried them)`,
    ],
    [
      'escalations',
      `${escalation.acknowledged} acknowledged ("Jeg tager den": ${ack.taken} taken, ${ack.takenFromQueue.size} of them from a queue page, ${ack.conflicts} already taken), ${escalation.exhausted} ran every step; ${escalation.problems.length} problems`,
    ],
    ['page SMS written', `${kinds.single} single, ${kinds.digest} digests (${check.notices.length} notices)`],
    ['SMS accepted by the gateway', received.length],
    [
      'duplicate SMS (same id)',
      `${duplicates.duplicates} at ${stats.kills} kills (at most ${duplicates.maxPerKill} at one); ${duplicates.unexplained} not explained by a kill between the gateway's acceptance and the "sent" record, ${duplicates.overPerKill} over one per kill (0 allowed)`,
    ],
    [
      '201 → first SMS carrying it at the gateway (p50 / p99 / max)',
      `${seconds(nearestRank(latency.latencies, 0.5))} / ${seconds(nearestRank(latency.latencies, 0.99))} / ${seconds(Math.max(...latency.latencies, 0))}`,
    ],
    [
      'escalation step later than due (p50 / max)',
      `${seconds(nearestRank(escalation.lateness, 0.5))} / ${seconds(stepLateMax)} (at most ${seconds(stepLateAllowedMs)} allowed: the budget slot, a restart${copies > 1 ? " and a killed copy's lease" : ''})`,
    ],
  ];
  if (emergencies.length === 0) onCallFailures.push('no emergency was acknowledged');
  if (latency.unpaged.length > 0)
    onCallFailures.push(
      `${latency.unpaged.length} emergencies never paged: ${latency.unpaged.slice(0, 5).join(', ')}`,
    );
  for (const problem of escalation.problems.slice(0, 10)) onCallFailures.push(problem);
  if (escalation.problems.length > 10)
    onCallFailures.push(`… and ${escalation.problems.length - 10} more escalation problems`);
  if (duplicates.unexplained > 0 || duplicates.overPerKill > 0)
    onCallFailures.push(
      `${duplicates.duplicates} duplicate SMS: ${duplicates.unexplained} not explained by a kill, ${duplicates.overPerKill} over one per kill`,
    );
  if (stepLateMax > stepLateAllowedMs)
    onCallFailures.push(
      `an escalation step ran ${seconds(stepLateMax)} late (at most ${seconds(stepLateAllowedMs)})`,
    );
  return { rows, failures: onCallFailures };
}
