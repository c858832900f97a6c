/**
 * The chaos run's accounting of e-mails around kills: which jobs each killed process had claimed,
 * which extra copies a kill explains, and how long the claimed jobs waited. Pure functions over
 * what the run recorded (times are Date.now() in the chaos script, which also runs the SMTP sink).
 */
import { readFileSync } from 'node:fs';

/** The start's log line that names the jobs a stopped process had claimed (server/mail/worker.ts). */
const freedJobsMessage = 'mail jobs claimed by a process that stopped without finishing';

/**
 * On PGlite a restarted server frees the jobs the killed process had claimed and logs their ids.
 * Job id → the kills it was claimed at: each start's list counts for the last kill before it; a
 * job freed again later (the next process was killed too before finishing it) gets that kill too.
 *
 * @param {string} logFile
 * @param {number[]} killTimes
 * @returns {Map<string, number[]>}
 */
export function heldFromLog(logFile, killTimes) {
  const held = new Map();
  let text;
  try {
    text = readFileSync(logFile, 'utf8');
  } catch {
    return held;
  }
  for (const line of text.split('\n')) {
    if (!line.includes(freedJobsMessage)) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(entry.jobIds) || typeof entry.time !== 'number') continue;
    let killIndex = -1;
    for (let i = 0; i < killTimes.length && killTimes[i] <= entry.time; i++) killIndex = i;
    if (killIndex < 0) continue;
    for (const id of entry.jobIds) {
      const kills = held.get(String(id)) ?? [];
      if (!kills.includes(killIndex)) held.set(String(id), [...kills, killIndex]);
    }
  }
  return held;
}

/**
 * The mail worker's lanes (defaultMailWorkerOptions.concurrency, server/mail/worker.ts; a unit
 * test keeps the two equal): a kill can catch at most this many messages accepted by the SMTP
 * server and not yet recorded as sent, so at most this many extra copies per kill.
 */
export const mailInFlightPerKill = 4;

/**
 * Extra copies, and which of them no crash explains. A message goes out again only when a process
 * is killed after the SMTP server accepted it and before the process recorded it as sent; the job
 * is then still claimed at that kill. The worker records each message right after its acceptance
 * and sends on `inFlightPerKill` lanes at most (server/mail/worker.ts), so one kill can catch at
 * most that many messages in between: each kill at which a job was claimed and a copy had arrived
 * before the next start answered (the killed process's last bytes may be read after the kill)
 * explains one extra copy of it, up to `inFlightPerKill` copies per kill, and nothing else
 * explains any. Messages are taken in the order they first arrived, each extra copy filed under
 * the first of its kills that still has room.
 *
 * @returns {{ unexplained: number, byKill: number[] }} byKill: the copies each kill explains
 */
export function accountCopies({ copies, held, killTimes, readyTimes, inFlightPerKill }) {
  const byKill = killTimes.map(() => 0);
  let unexplained = 0;
  const firstAt = (received) => Math.min(...received.map((mail) => mail.receivedAt));
  const repeated = [...copies].filter(([, received]) => received.length > 1);
  repeated.sort(([, a], [, b]) => firstAt(a) - firstAt(b));
  for (const [messageId, received] of repeated) {
    const id = /^<([^@>]+)@/.exec(messageId)?.[1];
    const first = firstAt(received);
    let extra = received.length - 1;
    for (const kill of held.get(id) ?? []) {
      const restarted = readyTimes.find((at) => at > killTimes[kill]) ?? Infinity;
      if (extra === 0 || first > restarted || byKill[kill] >= inFlightPerKill) continue;
      byKill[kill]++;
      extra--;
    }
    unexplained += extra;
  }
  return { unexplained, byKill };
}

/**
 * The delay of the jobs a killed process had claimed: from the first server answer after that
 * kill (the restart) to the first copy the SMTP server received, and from the kill itself. A job
 * whose message had reached the SMTP server before the kill (accepted, not yet marked sent) is
 * counted apart: it was out already.
 */
export function claimedDelays({ held, killTimes, readyTimes, firstReceipt, kindOf }) {
  const result = {
    count: 0,
    notifications: 0,
    kills: new Set(),
    beforeKill: 0,
    undelivered: 0,
    /** @type {number[]} */ fromReady: [],
    /** @type {number[]} */ fromKill: [],
  };
  for (const [id, [killIndex]] of held) {
    const killedAt = killTimes[killIndex];
    const restartedAt = readyTimes.find((at) => at > killedAt);
    result.count++;
    result.kills.add(killIndex);
    if (kindOf.get(id) === 'lead-notification') result.notifications++;
    const receivedAt = firstReceipt(id);
    if (receivedAt === undefined) {
      result.undelivered++;
      continue;
    }
    if (receivedAt <= killedAt) {
      result.beforeKill++;
      continue;
    }
    result.fromKill.push(receivedAt - killedAt);
    if (restartedAt !== undefined) result.fromReady.push(Math.max(receivedAt - restartedAt, 0));
  }
  return { ...result, kills: result.kills.size };
}
