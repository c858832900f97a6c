/**
 * A medarbejder taking over the on-call rota (npm run abuse): with a full session of their own
 * (password and code), they read their colleagues' mobile numbers, set the chain to themselves
 * alone, give themselves a cover for a year and put a foreign number on their account without a
 * fresh code. Every step must be refused and change nothing. About 10 requests, loopback only.
 */
import { URI } from 'otpauth';
import { attackResult, isLoopback } from '../abuse-lib.mjs';

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} email a medarbejder account not enrolled yet
 */
export async function rotaTakeoverAttacks(kit, results, email) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  const mia = kit.staffClient('198.18.7.1');
  const login = await mia.logIn(email);
  const url = await mia.enrolment();
  const totp = URI.parse(url);
  const enrolled = await mia.request('POST', '/api/staff/totp/enrol', { code: totp.generate() });
  const me = (await mia.request('GET', '/api/staff/me')).json;

  const rota = (await mia.request('GET', '/api/staff/oncall/rota')).json;
  const colleagues = (rota?.staff ?? []).filter((person) => person.id !== me?.id);
  const phonesSeen = colleagues.filter((person) => person.phone !== null).length;
  const chain = await mia.request('PUT', '/api/staff/oncall/chain', {
    memberIds: [me?.id],
    handoverWeekday: 0,
    handoverHour: 8,
    code: totp.generate({ timestamp: Date.now() + 30_000 }),
  });
  const year = await mia.request('POST', '/api/staff/oncall/overrides', {
    userId: me?.id,
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 365 * 24 * 3_600_000).toISOString(),
    code: totp.generate({ timestamp: Date.now() - 30_000 }),
  });
  const foreign = await mia.request('PUT', '/api/staff/me/phone', { phone: '+46 70 123 45 67' });
  const after = (await mia.request('GET', '/api/staff/oncall/rota')).json;
  const mine = after?.staff?.find((person) => person.id === me?.id);
  const unchanged =
    JSON.stringify(after?.chain ?? null) === JSON.stringify(rota?.chain ?? null) &&
    (after?.overrides ?? []).length === (rota?.overrides ?? []).length &&
    (mine?.phone ?? null) === null;
  results.push(
    attackResult(
      'rota takeover by a medarbejder',
      login.status === 200 &&
        enrolled.status === 200 &&
        me?.role === 'medarbejder' &&
        colleagues.length > 0 &&
        phonesSeen === 0 &&
        chain.status === 403 &&
        year.status === 403 &&
        foreign.status === 403 &&
        unchanged,
      `logged in as ${me?.role ?? '?'}; colleagues' numbers shown: ${phonesSeen} of ${colleagues.length}; chain to oneself ${chain.status}, a one-year cover ${year.status}, a foreign number without a fresh code ${foreign.status}; rota unchanged: ${unchanged}`,
    ),
  );
}
