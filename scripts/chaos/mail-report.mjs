/**
 * The e-mail and database lines of the chaos result, and what failed: acknowledged leads lost,
 * staff e-mails or other queued e-mails missing, extra copies no kill explains, claimed e-mails
 * late after the restart, a database that fails its check (accounting in accounting.mjs).
 */
import { accountCopies, claimedDelays, mailInFlightPerKill } from './accounting.mjs';
import { claimedDeadlineMs, MAIL_TO, PUBLIC_HOST } from './run-settings.mjs';
import { median, seconds } from './timing.mjs';

/**
 * @param {{
 *   smtp: { messages: any[] },
 *   check: Awaited<ReturnType<typeof import('./database-checks.mjs').inspectDatabase>>,
 *   record: { acknowledged: any[], stats: any, killTimes: number[], readyTimes: number[] },
 *   held: Map<string, number[]>,
 *   usePostgres: boolean,
 * }} options
 * @returns {{ rows: [string, unknown][], failures: string[] }}
 */
export function mailResults({ smtp, check, record, held, usePostgres }) {
  const { acknowledged, stats, killTimes, readyTimes } = record;
  // E-mails by Message-ID <job id@host>: each job once, plus the copies crashes explain.
  const copies = new Map();
  for (const mail of smtp.messages)
    copies.set(mail.messageId, (copies.get(mail.messageId) ?? []).concat(mail));
  const duplicates = [...copies.values()].reduce((sum, list) => sum + list.length - 1, 0);
  const { unexplained, byKill } = accountCopies({
    copies,
    held,
    killTimes,
    readyTimes,
    inFlightPerKill: mailInFlightPerKill,
  });
  const lost = acknowledged.filter((lead) => !check.leads.has(lead.reference));
  let missing = 0;
  let longestDelay = 0;
  let longestLead;
  const delays = [];
  for (const lead of acknowledged) {
    const stored = check.leads.get(lead.reference);
    if (!stored) continue;
    const notification = stored.jobs.find((job) => job.kind === 'lead-notification');
    const received = notification && copies.get(`<${notification.id}@${PUBLIC_HOST}>`);
    const toStaff = received?.filter((mail) => mail.envelope.to.includes(MAIL_TO));
    if (!toStaff || toStaff.length === 0) {
      missing++;
      continue;
    }
    const delay = Math.min(...toStaff.map((mail) => mail.receivedAt)) - lead.ackAt;
    delays.push(delay);
    if (delay > longestDelay) {
      longestDelay = delay;
      longestLead = lead;
    }
  }
  const claimed = claimedDelays({
    held,
    killTimes,
    readyTimes,
    firstReceipt: (id) => copies.get(`<${id}@${PUBLIC_HOST}>`)?.[0]?.receivedAt,
    kindOf: new Map(check.jobs.map((job) => [job.id, job.kind])),
  });
  const otherJobsMissing = check.jobs.filter((job) => !copies.has(`<${job.id}@${PUBLIC_HOST}>`)).length;
  const unsent = check.jobs.filter((job) => job.status !== 'sent');

  const rows = [
    ['database', usePostgres ? 'PostgreSQL' : 'PGlite'],
    ['cycles (kill -9)', `${stats.kills} (${stats.startupKills} while starting)`],
    ['leads acknowledged (201)', acknowledged.length],
    ['lost (acknowledged, not in the database)', lost.length],
    ['leads stored in all', check.totalLeads],
    ['requests without an answer (killed under them)', stats.unanswered],
    ['other answers', JSON.stringify(stats.otherStatus)],
    ['staff e-mails missing (acknowledged leads)', missing],
    ['e-mails received', smtp.messages.length],
    ['e-mail jobs without any message / not marked sent', `${otherJobsMissing} / ${unsent.length}`],
    [
      'duplicate e-mails (same Message-ID)',
      `${duplicates} (by kill: ${byKill.join(', ') || 'none'}; at most ${mailInFlightPerKill} per kill, the worker's lanes); ${unexplained} not explained by a kill between the SMTP server's acceptance and the "sent" record (0 allowed)`,
    ],
    ['first start', seconds(stats.firstStartMs)],
    [
      'restart after kill (median / max)',
      `${seconds(median(stats.restartsMs))} / ${seconds(Math.max(...stats.restartsMs, 0))}`,
    ],
    [
      '201 → staff e-mail (median / max)',
      `${seconds(median(delays))} / ${seconds(longestDelay)}${longestLead ? ` (${longestLead.reference}, cycle ${longestLead.cycle})` : ''}`,
    ],
    [
      'claimed by a killed process (staff e-mails)',
      `${claimed.count} (${claimed.notifications}) at ${claimed.kills} kills; ${claimed.beforeKill} had reached the SMTP server before the kill`,
    ],
    [
      'restart → their delivery (median / max)',
      `${seconds(median(claimed.fromReady))} / ${seconds(Math.max(...claimed.fromReady, 0))} (kill → delivery max ${seconds(Math.max(...claimed.fromKill, 0))}; at most ${seconds(claimedDeadlineMs)} allowed after the restart)`,
    ],
    ['database check', check.summary],
  ];

  const failures = [];
  if (lost.length > 0)
    failures.push(
      `${lost.length} acknowledged leads lost: ${lost
        .slice(0, 5)
        .map((l) => l.reference)
        .join(', ')}`,
    );
  if (missing > 0) failures.push(`${missing} staff e-mails missing`);
  if (otherJobsMissing > 0) failures.push(`${otherJobsMissing} queued e-mails never arrived`);
  if (claimed.undelivered > 0)
    failures.push(`${claimed.undelivered} e-mails claimed by a killed process never arrived`);
  const slowest = Math.max(...claimed.fromReady, 0);
  if (slowest > claimedDeadlineMs)
    failures.push(
      `an e-mail claimed by a killed process went out ${seconds(slowest)} after the restart (at most ${seconds(claimedDeadlineMs)})`,
    );
  if (unexplained > 0)
    failures.push(
      `${unexplained} duplicate e-mails that no kill explains, or more than ${mailInFlightPerKill} at one kill (of ${duplicates} in all)`,
    );
  if (!check.ok) failures.push(`database check failed: ${check.summary}`);
  if (acknowledged.length === 0) failures.push('no lead was acknowledged');
  return { rows, failures };
}
