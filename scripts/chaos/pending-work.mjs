/**
 * What the server still has to do, as its GET /metrics reads it from the database at each scrape
 * (server/observability/job-figures.ts): the pending rows of the on-call pages, dispatches and
 * SMS and of the e-mail outbox. When all are 0, every escalation has ended (acknowledged,
 * exhausted or nobody to page), no notice waits for a person's budget slot, every SMS has reached
 * the gateway and every e-mail (the "Ikke kvitteret" ones included) the SMTP server: the drain
 * can end there instead of waiting out its limit. The checks after the stop prove it again.
 */
import { sleep } from './timing.mjs';

/** The run's bearer token for GET /metrics (METRICS_TOKEN). */
export const metricsToken = 'chaos-metrics-token-0123456789';

/** The job kinds (their /metrics labels) whose pending rows are work still to do. */
export const drainedKinds = ['oncall_page', 'oncall_dispatch', 'oncall_sms', 'mail'];

/**
 * The pending count of each job kind in a /metrics text: `skadeservice_jobs_pending{kind="mail"} 3`.
 *
 * @param {string} text
 * @returns {Map<string, number>}
 */
export function pendingByKind(text) {
  const pending = new Map();
  for (const match of text.matchAll(/^skadeservice_jobs_pending\{kind="([^"]+)"\} (\S+)$/gm))
    pending.set(match[1], Number(match[2]));
  return pending;
}

/**
 * True when each of `kinds` is reported, and with nothing pending. A kind missing from the
 * figures counts as not done: the end must be read, not assumed.
 *
 * @param {Map<string, number>} pending
 * @param {readonly string[]} [kinds]
 */
export function nothingPending(pending, kinds = drainedKinds) {
  return kinds.every((kind) => pending.get(kind) === 0);
}

/**
 * Asks a server whether every on-call job and e-mail is done; false when it does not answer
 * (killed, or too busy for 5 s).
 *
 * @param {string | undefined} url
 */
export async function serverIsDrained(url) {
  if (!url) return false;
  try {
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${metricsToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    const text = await response.text();
    return response.ok && nothingPending(pendingByKind(text));
  } catch {
    return false;
  }
}

/**
 * Asks the server (its URL, or a function naming a live copy) once a second until it reports
 * nothing pending, or until `drainMs` after `drainStarted`. True when it did.
 *
 * @param {{ server: string | (() => string | undefined), drainStarted: number, drainMs: number }} options
 */
export async function waitUntilDrained({ server, drainStarted, drainMs }) {
  const urlNow = typeof server === 'function' ? server : () => server;
  while (Date.now() - drainStarted < drainMs) {
    if (await serverIsDrained(urlNow())) return true;
    await sleep(1_000);
  }
  return false;
}
