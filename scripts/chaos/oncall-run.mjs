/**
 * The on-call variant of the chaos run (npm run chaos -- --on-call): the rota written before the
 * first start, staff acknowledging about half of the paged emergencies through the SMS link, the
 * wait for every escalation to end after the last start, and the on-call lines of the result
 * (checked with oncall-accounting.mjs).
 */
import { openDatabase } from './database-checks.mjs';
import { escalationProblems, nearestRank, pageLatencies, smsDuplicates } from './oncall-accounting.mjs';
import { claimedDeadlineMs, escalateSeconds, PUBLIC_HOST } from './run-settings.mjs';
import { seconds, sleep } from './timing.mjs';

/** The rota of the on-call run: paged in this order. */
const rota = [
  { email: 'anna@chaos.test', name: 'Anna Vagt', phone: '+4511111111' },
  { email: 'bo@chaos.test', name: 'Bo Vagt', phone: '+4522222222' },
];

/**
 * The rota of the on-call run, written while no server runs: two staff members with phones and a
 * chain in force from a minute ago (the weekly handover far from now does not matter here).
 */
export async function setUpRota({ dataDir, databaseUrl }) {
  const { query, close } = await openDatabase({ dataDir, databaseUrl });
  try {
    const ids = [];
    for (const person of rota) {
      const [row] = await query(
        `insert into users (email, name, phone, password_hash) values ($1, $2, $3, 'not-used') returning id::text as id`,
        [person.email, person.name, person.phone],
      );
      ids.push(row.id);
    }
    await query(
      `insert into oncall_chains (effective_from, member_ids, handover_weekday, handover_hour, created_by)
       values (now() - interval '1 minute', $1::uuid[], 0, 8, 'chaos')`,
      [ids],
    );
  } finally {
    await close();
  }
}

/**
 * Staff tapping "Jeg tager den": about half of the emergencies, from the first page SMS each
 * gets, through the link in it (the button's POST with the page's form token). Unanswered
 * attempts (the server was killed) are tried again with the next server.
 *
 * @param {{ gateway: { received: { text: string }[] } | undefined, random: () => number }} options
 */
export function createStaffAcker({ gateway, random }) {
  const ack = { decided: new Map(), taken: 0, conflicts: 0, tries: 0 };
  let seenSms = 0;
  async function acknowledgeSome(url) {
    const pending = [];
    for (; gateway && seenSms < gateway.received.length; seenSms++) {
      const sms = gateway.received[seenSms];
      const reference = /^AKUT ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1];
      const link = /\/vagt\/([^\s]+)/.exec(sms.text)?.[1];
      if (!reference || !link || ack.decided.has(reference)) continue;
      ack.decided.set(reference, random() < 0.5 ? { link, done: false } : null);
    }
    for (const [reference, plan] of ack.decided) if (plan && !plan.done) pending.push([reference, plan]);
    for (const [, plan] of pending) {
      ack.tries++;
      try {
        const page = await fetch(`${url}/vagt/${plan.link}`, { signal: AbortSignal.timeout(5_000) });
        const html = await page.text();
        const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
        if (!formToken) {
          plan.done = true;
          continue;
        }
        const answer = await fetch(`${url}/vagt/${plan.link}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${PUBLIC_HOST}` },
          body: new URLSearchParams({ formToken }).toString(),
          signal: AbortSignal.timeout(5_000),
        });
        await answer.arrayBuffer();
        if (answer.status === 200) ack.taken++;
        else if (answer.status === 409) ack.conflicts++;
        plan.done = true;
      } catch {
        return;
      }
    }
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
 * After the last start: acknowledges what is left to acknowledge, waits until every escalation
 * has run to its end, then for the "Ikke kvitteret" e-mails of those nobody answered.
 */
export async function waitForEscalations({
  url,
  staffAcker,
  gateway,
  smtp,
  acknowledged,
  drainStarted,
  drainMs,
}) {
  const { ack } = staffAcker;
  // Acknowledge what is left to acknowledge, then let every escalation run to its end (two
  // people: three steps, 10 s apart).
  const ackState = { stop: false };
  const acker = staffAcker.runAcker(url, ackState);
  const emergencies = acknowledged.filter((lead) => lead.kind === 'akut-skade').map((lead) => lead.reference);
  // The last step pages everybody: it is over when each person in the rota has had its SMS.
  const settled = () => {
    const lastStep = new Map();
    for (const sms of gateway?.received ?? []) {
      const reference = /^AKUT \(ingen har svaret\) ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1];
      if (reference) lastStep.set(reference, (lastStep.get(reference) ?? new Set()).add(sms.to));
    }
    return emergencies.every((reference) => {
      const plan = ack.decided.get(reference);
      return (plan && plan.done) || (lastStep.get(reference)?.size ?? 0) >= rota.length;
    });
  };
  while (!settled() && Date.now() - drainStarted < drainMs) await sleep(250);
  ackState.stop = true;
  await acker;
  // The "Ikke kvitteret" e-mail of every escalation that ran to its end (queued with the last
  // step, sent by the mail worker).
  const exhaustedCount = new Set(
    (gateway?.received ?? []).flatMap(
      (sms) => /^AKUT \(ingen har svaret\) ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1] ?? [],
    ),
  ).size;
  await smtp.waitUntil(
    () =>
      smtp.messages.filter((mail) => mail.subject?.startsWith('Ikke kvitteret:')).length >= exhaustedCount,
    Math.max(drainMs - (Date.now() - drainStarted), 1_000),
  );
}

/**
 * The on-call lines of the result and what failed: every emergency answered 201 paged, every
 * escalation ended, duplicate SMS only where a kill explains them, steps not later than allowed.
 *
 * @returns {{ rows: [string, unknown][], failures: string[] }}
 */
export function onCallResults({ gateway, check, acknowledged, killTimes, stats, ack }) {
  /** @type {string[]} */
  const onCallFailures = [];
  const received = gateway.received.map((sms) => ({
    userref: String(sms.body.userref ?? ''),
    text: sms.text,
    at: sms.at,
  }));
  const emergencies = acknowledged.filter((lead) => lead.kind === 'akut-skade');
  const latency = pageLatencies({ emergencies, received });
  const receivedAt = new Map();
  for (const sms of received)
    if (!(receivedAt.get(sms.userref) <= sms.at)) receivedAt.set(sms.userref, sms.at);
  const escalation = escalationProblems({
    pages: check.pages,
    sms: check.sms,
    receivedAt,
    escalateMs: escalateSeconds * 1000,
  });
  // The paging worker sends one SMS at a time, so a kill can catch at most one accepted by the
  // gateway and not yet recorded as sent.
  const duplicates = smsDuplicates({ received, killTimes, perKill: 1 });
  const stepLateMax = Math.max(...escalation.lateness, 0);
  /** @type {[string, unknown][]} */
  const rows = [
    ['emergencies acknowledged (201)', emergencies.length],
    ['emergencies never paged', latency.unpaged.length],
    [
      'escalations',
      `${escalation.acknowledged} acknowledged ("Jeg tager den": ${ack.taken} taken, ${ack.conflicts} already taken), ${escalation.exhausted} ran every step; ${escalation.problems.length} problems`,
    ],
    ['SMS accepted by the gateway', received.length],
    [
      'duplicate SMS (same id)',
      `${duplicates.duplicates} at ${stats.kills} kills (at most ${duplicates.maxPerKill} at one); ${duplicates.unexplained} not explained by a kill between the gateway's acceptance and the "sent" record, ${duplicates.overPerKill} over one per kill (0 allowed)`,
    ],
    [
      '201 → page SMS at the gateway (p50 / p99 / max)',
      `${seconds(nearestRank(latency.latencies, 0.5))} / ${seconds(nearestRank(latency.latencies, 0.99))} / ${seconds(Math.max(...latency.latencies, 0))}`,
    ],
    [
      'escalation step later than due (p50 / max)',
      `${seconds(nearestRank(escalation.lateness, 0.5))} / ${seconds(stepLateMax)} (at most ${seconds(claimedDeadlineMs)} allowed)`,
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
  if (stepLateMax > claimedDeadlineMs)
    onCallFailures.push(
      `an escalation step ran ${seconds(stepLateMax)} late (at most ${seconds(claimedDeadlineMs)})`,
    );
  return { rows, failures: onCallFailures };
}
