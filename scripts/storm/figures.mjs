/**
 * The storm's figures, from what it recorded (times are Date.now() of the storm process, which
 * also runs the fake gateway): SMS per person, how long each emergency waited to reach a phone,
 * what the customer was told against when staff took it, and what makes the run fail.
 */
import { nearestRank } from '../chaos/oncall-accounting.mjs';

export { nearestRank };

/** The most of `times` (ms) within any window of `windowMs` (a window starting at one of them). */
export function maxInWindow(times, windowMs) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last] - sorted[first] >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * Per person: SMS received, and the most in any hour and any minute.
 *
 * @param {{ to: string; at: number }[]} received
 * @param {{ name: string; phone: string }[]} people
 */
export function smsPerPerson(received, people) {
  return people.map((person) => {
    const times = received.filter((sms) => sms.to === person.phone).map((sms) => sms.at);
    return {
      name: person.name,
      total: times.length,
      maxPerHour: maxInWindow(times, 3_600_000),
      maxPerMinute: maxInWindow(times, 60_000),
    };
  });
}

/**
 * How long each accepted emergency waited from its 201 to its first appearance on a phone (its
 * reference in an SMS, on a page opened from an SMS link, or on the queue page left open when it
 * reloads itself). A second emergency from the same
 * sender is counted apart: the server may fold it into the first.
 *
 * @param {{ reference?: string; acceptedAt?: number; sender: { duplicateOf?: number } }[]} sent
 * @param {Map<string, { at: number }>} seen
 */
export function waitsToPhone(sent, seen) {
  const accepted = sent.filter((entry) => entry.reference && entry.acceptedAt !== undefined);
  const firsts = accepted.filter((entry) => entry.sender.duplicateOf === undefined);
  const seconds = accepted.filter((entry) => entry.sender.duplicateOf !== undefined);
  const waits = [];
  const never = [];
  for (const entry of firsts) {
    const sighting = seen.get(entry.reference);
    if (sighting) waits.push(Math.max(0, sighting.at - entry.acceptedAt));
    else never.push(entry.reference);
  }
  return {
    waits,
    never,
    duplicates: seconds.length,
    duplicatesShown: seconds.filter((e) => seen.has(e.reference)).length,
  };
}

/** The visitor's promise when the server names no time: "Vi ringer til dig inden for 15 minutter". */
export const standingPromiseMinutes = 15;

/**
 * What each customer was told (the POST answer's minutes, else GET /api/beredskab's, else the
 * standing 15-minute promise) against how long they waited, in the evening's minutes, until a
 * person took the emergency (or until the end, for those nobody took).
 *
 * @param {{ reference?: string; acceptedAt?: number; told: { minutes?: number; answerMinutes?: number } }[]} sent
 * @param {Map<string, { at: number }>} taken
 * @param {{ endedAt: number; compression: number }} evening
 */
export function toldAgainstTaken(sent, taken, { endedAt, compression }) {
  const rows = sent
    .filter((entry) => entry.reference && entry.acceptedAt !== undefined)
    .map((entry) => {
      const told = entry.told.answerMinutes ?? entry.told.minutes ?? standingPromiseMinutes;
      const takenAt = taken.get(entry.reference)?.at;
      const waitedMinutes = (((takenAt ?? endedAt) - entry.acceptedAt) * compression) / 60_000;
      return { told, waitedMinutes, taken: takenAt !== undefined };
    });
  const takenRows = rows.filter((row) => row.taken);
  const open = rows.filter((row) => !row.taken);
  return {
    told: rows.map((row) => row.told),
    taken: takenRows.map((row) => row.waitedMinutes),
    takenWithin: takenRows.filter((row) => row.waitedMinutes <= row.told).length,
    open: open.map((row) => row.waitedMinutes),
    openPastTold: open.filter((row) => row.waitedMinutes > row.told).length,
  };
}

/**
 * What makes the run fail: a lead answered 201 that is not in the database, a 5xx, and, when
 * asked for, more SMS to one person in an hour or a longer wait to reach a phone than allowed (an
 * emergency that never reached one waited too long).
 *
 * @param {{ lost: string[]; serverErrors: number; perPerson: { name: string; maxPerHour: number }[]; waits: number[]; never: string[]; maxSmsPerPersonHour?: number; maxWaitSeconds?: number }} input
 */
export function failuresOf({
  lost,
  serverErrors,
  perPerson,
  waits,
  never,
  maxSmsPerPersonHour,
  maxWaitSeconds,
  everyoneWoken = false,
  inSurge = false,
}) {
  const failures = [];
  // In a surge everybody on call is woken (server/oncall/paging/all-hands.ts): none may sleep through it.
  if (everyoneWoken && inSurge)
    for (const person of perPerson)
      if (person.total === 0) failures.push(`${person.name} is on call and got no SMS during a surge`);
  if (lost.length > 0)
    failures.push(
      `${lost.length} leads answered 201 are not in the database: ${lost.slice(0, 5).join(', ')}`,
    );
  if (serverErrors > 0) failures.push(`${serverErrors} answers with a 5xx status`);
  if (maxSmsPerPersonHour !== undefined)
    for (const person of perPerson)
      if (person.maxPerHour > maxSmsPerPersonHour)
        failures.push(
          `${person.name} got ${person.maxPerHour} SMS within an hour (at most ${maxSmsPerPersonHour})`,
        );
  if (maxWaitSeconds !== undefined) {
    const longest = Math.max(0, ...waits);
    if (longest > maxWaitSeconds * 1000)
      failures.push(
        `an emergency waited ${(longest / 1000).toFixed(1)} s to reach a phone (at most ${maxWaitSeconds} s)`,
      );
    if (never.length > 0)
      failures.push(`${never.length} emergencies never reached a phone: ${never.slice(0, 5).join(', ')}`);
  }
  return failures;
}
