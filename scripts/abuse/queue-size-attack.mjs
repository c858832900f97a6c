/**
 * Watching the queue grow through the public promise (npm run abuse): /api/beredskab answers every
 * visitor with the expected wait, and a wait counted to the minute (waiting × handling minutes ÷
 * people) would tell anyone how many emergencies wait. Six emergencies from six clients, one at a
 * time, the figure read after each: it must only ever be one of the public steps (15, 30, 45, 60,
 * 90, 120 minutes, then whole hours), and two queue sizes in a row must read the same.
 *
 * Every other open emergency is closed first (the bulk change tells no customer), so the queue is
 * the attack's own. About 20 requests and 40 s (each figure read past the server's 5 s cache);
 * loopback only.
 */
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { closeOpenEmergencies, emergencyFrom } from './attack-kit.mjs';

const isStep = (minutes) =>
  [15, 30, 45, 60, 90, 120].includes(minutes) || (minutes > 120 && minutes % 60 === 0);

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a koordinator's session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 */
export async function queueSizeAttack(staff, kit, results) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  await closeOpenEmergencies(staff);
  const ips = Array.from({ length: 6 }, (_, index) => `203.0.113.${170 + index}`);
  const tokens = [];
  for (const ip of ips) tokens.push(await kit.token(ip));
  await sleep(3_200); // the form token's time trap
  // Read past the server's few seconds of keeping the figure (server/oncall/surge/surge.ts).
  const read = async () => {
    await sleep(5_200);
    return (await kit.call('GET', '/api/beredskab', '203.0.113.180')).json?.expectedCallbackMinutes;
  };
  const seen = [await read()];
  const statuses = [];
  for (const [index, ip] of ips.entries()) {
    const sender = {
      name: `Kø Kigger ${index + 1}`,
      address: `Nørregade ${index + 1}, 5000 Odense C`,
      phone: `22 11 ${String(index + 1).padStart(2, '0')} 00`,
      email: `koe${index + 1}@target.example`,
    };
    const answer = await kit.call(
      'POST',
      '/api/leads',
      ip,
      emergencyFrom(sender, { formToken: tokens[index] }),
    );
    statuses.push(answer.status);
    seen.push(await read());
  }
  const allSteps = seen.every((minutes) => typeof minutes === 'number' && isStep(minutes));
  const repeats = seen.slice(1).filter((minutes, index) => minutes === seen[index]).length;
  results.push(
    attackResult(
      'watching the queue grow through /api/beredskab',
      statuses.every((status) => status === 201) && allSteps && repeats > 0,
      `leads ${statuses.join(' ')}; the public wait after 0–6 waiting: ${seen.join(', ')} minutes (steps only: ${allSteps}; unchanged by ${repeats} of 6 new emergencies)`,
    ),
  );
}
