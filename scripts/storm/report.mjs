/**
 * The storm's result as it prints it, and what failed (scripts/storm/figures.mjs).
 */
import {
  failuresOf,
  nearestRank,
  smsPerPerson,
  standingPromiseMinutes,
  toldAgainstTaken,
  waitsToPhone,
} from './figures.mjs';
import { smsLength } from '../../domain/sms-parts.ts';

/** What an on-call SMS is, by its first words: a page of one emergency, a digest, or another. */
const smsKind = (text) =>
  /^AKUT (?:KRITISK|HØJ|NORMAL)\b/.test(text) ? 'page' : /^(?:AKUT|Travlt):/.test(text) ? 'digest' : 'other';

/** Per kind: how many SMS and the most parts (as billed) one of them took. */
export function partsPerKind(received) {
  const kinds = new Map();
  for (const { text } of received) {
    const kind = smsKind(text);
    const entry = kinds.get(kind) ?? { count: 0, maxParts: 0 };
    entry.count += 1;
    entry.maxParts = Math.max(entry.maxParts, smsLength(text).segments);
    kinds.set(kind, entry);
  }
  return [...kinds]
    .map(([kind, { count, maxParts }]) => `${kind} ${count} × at most ${maxParts} part(s)`)
    .join('; ');
}

/** The first and the last digest as the person on call read them, the link left out. */
export function digestWording(received) {
  const digests = received.filter(({ text }) => smsKind(text) === 'digest').map(({ text }) => text);
  const shown = (text) => `"${text.replace(/https?:\/\/\S+/g, '<link>')}"`;
  if (digests.length === 0) return 'none';
  return digests.length === 1 ? shown(digests[0]) : `${shown(digests[0])} … ${shown(digests.at(-1))}`;
}

const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '–');
const millis = (ms) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : '–');
const mins = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} min` : '–');
/** p50 / p95 / max of `values`, each written by `unit`. */
const spread = (values, unit) =>
  `${unit(nearestRank(values, 0.5))} / ${unit(nearestRank(values, 0.95))} / ${unit(values.length ? Math.max(...values) : NaN)}`;

/**
 * Prints the result; returns the failures.
 *
 * @param {{
 *   visitors: ReturnType<typeof import('./visitors.mjs').createVisitors>,
 *   staff: ReturnType<typeof import('./staff.mjs').createStaff>,
 *   gateway: { received: { to: string; text: string; at: number }[] },
 *   people: { name: string; phone: string }[],
 *   tally: ReturnType<typeof import('./http-tally.mjs').createTally>,
 *   stored: { reference: string; status: string; acknowledgedAt: Date | string | null }[],
 *   references: string[],
 *   bounds: { maxSmsPerPersonHour?: number; maxWaitSeconds?: number; everyoneWoken?: boolean },
 *   evening: { endedAt: number; compression: number; startAt: number; eveningEnded: number },
 * }} input
 */
export function report({ visitors, staff, gateway, people, tally, stored, references, bounds, evening }) {
  const { sent, beredskab } = visitors;
  const storedReferences = new Set(stored.map((row) => row.reference));
  const lost = references.filter((reference) => !storedReferences.has(reference));
  const spam = stored.filter((row) => row.status === 'spam').length;
  const acknowledgedInDb = stored.filter((row) => row.acknowledgedAt).length;
  const perPerson = smsPerPerson(gateway.received, people);
  const toPhone = waitsToPhone(sent, staff.seen);
  const via = { sms: 0, page: 0, refresh: 0 };
  for (const sighting of staff.seen.values()) via[sighting.via] = (via[sighting.via] ?? 0) + 1;
  const told = toldAgainstTaken(sent, staff.taken, evening);
  const latencies = sent.flatMap((entry) => (entry.latencyMs === undefined ? [] : [entry.latencyMs]));
  const answerMinutes = sent.flatMap((entry) =>
    entry.told.answerMinutes === undefined ? [] : [entry.told.answerMinutes],
  );
  const beredskabMinutes = sent.flatMap((entry) =>
    entry.told.minutes === undefined ? [] : [entry.told.minutes],
  );
  const statuses = new Map();
  for (const entry of sent)
    statuses.set(entry.status ?? 'no answer', (statuses.get(entry.status ?? 'no answer') ?? 0) + 1);
  const conflicts = staff.staff.reduce((sum, person) => sum + person.conflicts, 0);

  /** @type {[string, string | number][]} */
  const rows = [
    [
      'evening',
      `${seconds(evening.eveningEnded - evening.startAt)} of arrivals, then ${seconds(evening.endedAt - evening.eveningEnded)} until every emergency had reached a phone (or the drain ran out)`,
    ],
    [
      'emergencies sent',
      `${sent.length}: ${[...statuses].map(([status, n]) => `${status} × ${n}`).join(', ')}`,
    ],
    ['lost (201, not in the database)', lost.length],
    ['filed as spam (of those stored)', spam],
    ['SMS at the gateway', gateway.received.length],
    ['parts per SMS', partsPerKind(gateway.received) || 'none'],
    ['digest wording (first … last)', digestWording(gateway.received)],
    ...perPerson.map(
      (person) =>
        /** @type {[string, string]} */ ([
          `  ${person.name}`,
          `${person.total} SMS, at most ${person.maxPerHour} in an hour, ${person.maxPerMinute} in a minute`,
        ]),
    ),
    [
      '201 → on a phone (p50 / p95 / max)',
      `${spread(toPhone.waits, seconds)} (first seen in an SMS text: ${via.sms}, on a page opened from an SMS link: ${via.page}, on the queue page left open at its reload: ${via.refresh})`,
    ],
    [
      'never reached a phone',
      toPhone.never.length ? `${toPhone.never.length}: ${toPhone.never.slice(0, 5).join(', ')}` : 0,
    ],
    [
      'second emergency from a sender',
      `${toPhone.duplicates}, ${toPhone.duplicatesShown} of them named on a phone by their own reference`,
    ],
    [
      'told: GET /api/beredskab',
      beredskab.available === undefined
        ? 'no answer'
        : beredskab.available
          ? `${[...beredskab.modes].map(([mode, n]) => `${mode} × ${n}`).join(', ')}; expectedCallbackMinutes p50 / p95 / max ${spread(beredskabMinutes, mins)}`
          : 'not available (404)',
    ],
    [
      'told: POST /api/leads answer',
      answerMinutes.length
        ? `${answerMinutes.length} named minutes, p50 / p95 / max ${spread(answerMinutes, mins)}`
        : 'names no time',
    ],
    [
      'told (else the standing promise)',
      `p50 / p95 / max ${spread(told.told, mins)} (the standing promise is ${standingPromiseMinutes} min)`,
    ],
    [
      'taken ("Jeg tager den")',
      `${told.taken.length} (DB: ${acknowledgedInDb} acknowledged); ${conflicts} already taken by another`,
    ],
    [
      '201 → taken, evening minutes (p50 / p95 / max)',
      `${spread(told.taken, mins)}; within what they were told: ${told.takenWithin} of ${told.taken.length}`,
    ],
    [
      'not taken by the end',
      `${told.open.length}, ${told.openPastTold} of them already past what they were told (longest ${mins(told.open.length ? Math.max(...told.open) : NaN)})`,
    ],
    [
      '5xx answers',
      tally.serverErrors.length
        ? `${tally.serverErrors.length}: ${tally.serverErrors
            .slice(0, 3)
            .map((e) => `${e.route} ${e.status}`)
            .join(', ')}`
        : 0,
    ],
    [
      'POST /api/leads latency (p50 / p99 / max)',
      `${millis(nearestRank(latencies, 0.5))} / ${millis(nearestRank(latencies, 0.99))} / ${millis(latencies.length ? Math.max(...latencies) : NaN)}`,
    ],
    ...staff.staff.map(
      (person) =>
        /** @type {[string, string]} */ ([
          `  ${person.name}`,
          `${person.opened} pages opened (${person.refreshes} of them reloads of the open queue page, ${person.refused} refused with 429), ${person.takes} taken${person.firstTakeAt === undefined ? '' : `, the first ${seconds(person.firstTakeAt - evening.startAt)} into the evening`}`,
        ]),
    ),
    ['answers by route', tally.lines().join('; ')],
  ];
  if (staff.stats.unknownRecipient || staff.stats.foreignLinks)
    rows.push([
      'SMS to nobody on call / links elsewhere',
      `${staff.stats.unknownRecipient} / ${staff.stats.foreignLinks}`,
    ]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nstorm result');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);

  return failuresOf({
    lost,
    serverErrors: tally.serverErrors.length,
    perPerson,
    waits: toPhone.waits,
    never: toPhone.never,
    inSurge: (beredskab.modes?.get('travlt') ?? 0) > 0,
    ...bounds,
  });
}
