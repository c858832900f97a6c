/**
 * The storm's visitors: each emergency at its moment of the evening, from its sender's own client
 * address (X-Forwarded-For; the server trusts it from 127.0.0.1 only in this run), as the form
 * does it: the form token when the page opens, the on-call status (GET /api/beredskab, where the
 * server has it) as the page would show it, a few seconds of typing, then POST /api/leads.
 */
import { emergencyBody } from './evening.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The minutes an answer names (`expectedCallbackMinutes` or a field like it), anywhere in it. */
export function minutesIn(value) {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'number' && Number.isFinite(inner) && /minut|expected|wait|vent|callback/i.test(key))
      return inner;
    const nested = minutesIn(inner);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * @param {{
 *   tally: ReturnType<typeof import('./http-tally.mjs').createTally>,
 *   senders: any[],
 *   times: number[],
 *   between: (min: number, max: number) => number,
 *   onAccepted: (reference: string, sender: any, acceptedAt: number) => void,
 * }} options
 */
export function createVisitors({ tally, senders, times, between, onAccepted }) {
  /**
   * One entry per emergency sent, in arrival order.
   * @type {{ sender: any; reference?: string; status: number | null; postedAt: number; acceptedAt?: number; latencyMs?: number; told: { mode?: string; minutes?: number; answerMinutes?: number } }[]}
   */
  const sent = [];
  const beredskab = { available: /** @type {boolean | undefined} */ (undefined), modes: new Map() };

  async function visit(sender) {
    const headers = { 'x-forwarded-for': sender.ip, 'user-agent': 'storm (phone)' };
    const opened = Date.now();
    const tokenAnswer = await tally.call('GET /api/leads/token', '/api/leads/token', { headers });
    const formToken = json(tokenAnswer?.text ?? '')?.token ?? '';
    /** @type {{ mode?: string; minutes?: number; answerMinutes?: number }} */
    const told = {};
    const status = await tally.call('GET /api/beredskab', '/api/beredskab', { headers });
    if (status?.status === 404) beredskab.available ??= false;
    else if (status?.status === 200) {
      beredskab.available = true;
      const answer = json(status.text);
      told.mode = typeof answer?.mode === 'string' ? answer.mode : undefined;
      told.minutes =
        typeof answer?.expectedCallbackMinutes === 'number' ? answer.expectedCallbackMinutes : undefined;
      if (told.mode) beredskab.modes.set(told.mode, (beredskab.modes.get(told.mode) ?? 0) + 1);
    }
    // Typing: a person needs more than the spam check's 3 s; a few press send within a second.
    const typing = sender.tooFast ? between(200, 900) : between(3_500, 7_000);
    await sleep(Math.max(0, opened + typing - Date.now()));
    const entry = { sender, status: /** @type {number | null} */ (null), postedAt: Date.now(), told };
    sent.push(entry);
    const answer = await tally.call('POST /api/leads', '/api/leads', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(emergencyBody(sender, formToken)),
    });
    const answeredAt = Date.now();
    entry.status = answer?.status ?? null;
    if (answer?.status === 201) {
      const body = json(answer.text);
      Object.assign(entry, {
        reference: body?.reference,
        acceptedAt: answeredAt,
        latencyMs: answeredAt - entry.postedAt,
      });
      told.answerMinutes = minutesIn(body);
      if (body?.reference) onAccepted(body.reference, sender, answeredAt);
    }
  }

  /** Sends every emergency at its time from `startAt`; resolves when the last one is answered. */
  async function run(startAt) {
    const visits = [];
    for (let i = 0; i < senders.length; i++) {
      await sleep(Math.max(0, startAt + times[i] - Date.now()));
      visits.push(visit(senders[i]));
    }
    await Promise.all(visits);
  }

  return { sent, beredskab, run };
}
