/**
 * The chaos run's load: clients that post leads of every kind (each with its own e-mail address)
 * to POST /api/leads at about `rate` leads a second in all, and record each lead answered 201.
 * With several server copies a client asks a picker for a live copy before each lead, as a load
 * balancer would, and goes on after a copy dies under it.
 */
import { sleep } from './timing.mjs';

/**
 * @param {{
 *   onCall: boolean,
 *   mix?: 'default' | 'on-call' | 'copies',
 *   clients: number,
 *   rate: number,
 *   random: () => number,
 *   between: (min: number, max: number) => number,
 *   leadBodies: Record<string, any>,
 *   acknowledged: { reference: string; kind: string; email: string; ackAt: number; cycle: number }[],
 *   stats: { unanswered: number, otherStatus: Record<string, number> },
 * }} options
 */
export function createLoadGenerator({
  onCall,
  mix = onCall ? 'on-call' : 'default',
  clients,
  rate,
  random,
  between,
  leadBodies,
  acknowledged,
  stats,
}) {
  const { contactBody, emergencyBody, reportBody, resourceRequestBody } = leadBodies;
  let leadNumber = 0;
  const kinds = {
    'on-call': [
      ['akut-skade', 0.7],
      ['kontakt', 0.3],
    ],
    // Two copies: emergencies to page, and every other form beside them.
    copies: [
      ['akut-skade', 0.5],
      ['kontakt', 0.25],
      ['anmeldelse', 0.15],
      ['ressource', 0.1],
    ],
    default: [
      ['kontakt', 0.55],
      ['akut-skade', 0.2],
      ['anmeldelse', 0.15],
      ['ressource', 0.1],
    ],
  }[mix];

  function makeLead(cycle) {
    const n = ++leadNumber;
    const email = `lead-${n}-c${cycle}@chaos.test`;
    let pick = random();
    const kind = kinds.find(([, share]) => (pick -= share) < 0)?.[0] ?? 'kontakt';
    const name = `Chaos Kunde ${n}`;
    const body =
      kind === 'kontakt'
        ? { ...contactBody, name, email }
        : kind === 'akut-skade'
          ? {
              ...emergencyBody([]),
              fuldeNavn: name,
              email,
              // A sender and address of its own: one repeating an open emergency is not paged
              // again (server/leads/duplicates.ts), and each must be paged here.
              telefon: `4${String(n).padStart(7, '0')}`,
              adresse: `Skybrudsvej ${n}, 4000 Roskilde`,
              // Every tenth with danger to people: critical, paged outside the budget.
              ...(n % 10 === 0 ? { personfare: 'ja' } : {}),
            }
          : kind === 'anmeldelse'
            ? { ...reportBody([]), fuldeNavn: name, email }
            : { ...resourceRequestBody, fullName: name, email };
    return { kind, email, body };
  }

  /**
   * Sends leads until `state.stop`. `url` is the server's, or a function naming a live copy
   * (undefined while none is). A client whose only server died waits for the cycle to end; one
   * with a picker goes on with the next copy.
   *
   * @param {string | (() => string | undefined)} url
   */
  async function runClient(url, cycle, state) {
    const interval = (clients / rate) * 1000;
    const pick = typeof url === 'function' ? url : () => url;
    while (!state.stop) {
      const base = pick();
      if (!base) {
        await sleep(20);
        continue;
      }
      const lead = makeLead(cycle);
      const sentAt = Date.now();
      try {
        const response = await fetch(`${base}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(lead.body),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        if (response.status === 201) {
          acknowledged.push({
            reference: JSON.parse(text).reference,
            kind: lead.kind,
            email: lead.email,
            ackAt: Date.now(),
            cycle,
          });
        } else {
          stats.otherStatus[response.status] = (stats.otherStatus[response.status] ?? 0) + 1;
        }
      } catch {
        // Killed under it: no answer, so nothing was promised (it may or may not be stored).
        stats.unanswered++;
        if (typeof url === 'function') continue;
        while (!state.stop) await sleep(20);
        return;
      }
      const wait = interval * between(0.5, 1.5) - (Date.now() - sentAt);
      if (wait > 0) await sleep(wait);
    }
  }
  return { runClient };
}
