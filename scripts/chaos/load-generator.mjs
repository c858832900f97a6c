/**
 * The chaos run's load: clients that post leads of every kind (each with its own e-mail address)
 * to POST /api/leads at about `rate` leads a second in all, and record each lead answered 201.
 */
import { sleep } from './timing.mjs';

/**
 * @param {{
 *   onCall: boolean,
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
  const kinds = onCall
    ? [
        ['akut-skade', 0.7],
        ['kontakt', 0.3],
      ]
    : [
        ['kontakt', 0.55],
        ['akut-skade', 0.2],
        ['anmeldelse', 0.15],
        ['ressource', 0.1],
      ];

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

  /** Sends leads until `state.stop`; a client whose server died waits for the cycle to end. */
  async function runClient(url, cycle, state) {
    const interval = (clients / rate) * 1000;
    while (!state.stop) {
      const lead = makeLead(cycle);
      const sentAt = Date.now();
      try {
        const response = await fetch(`${url}/api/leads`, {
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
        while (!state.stop) await sleep(20);
        return;
      }
      const wait = interval * between(0.5, 1.5) - (Date.now() - sentAt);
      if (wait > 0) await sleep(wait);
    }
  }
  return { runClient };
}
