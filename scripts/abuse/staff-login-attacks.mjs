/**
 * Attacks on the staff login (npm run abuse): a TOTP code used twice, an enrolment secret fetched
 * by someone else who knows the password, and locking someone else's account.
 */
import { attackResult, sleep } from '../abuse-lib.mjs';
import { codeOf, totpStep } from './attack-kit.mjs';

/**
 * Runs the staff login attacks and adds their results to `results`. Returns the owner's session
 * of the second account, logged in with both factors, for the staff API attacks.
 *
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {{ reuse: string, stolen: string }} staffAccounts
 */
export async function staffLoginAttacks({ staffClient }, results, staffAccounts) {
  // S1. A TOTP code used twice: enrol with it, log out, log in again with the same code.
  let staff;
  {
    // Not at the very end of a 30 s step, so the second try falls within the same step.
    if (Date.now() % 30_000 > 22_000) await sleep(30_000 - (Date.now() % 30_000) + 200);
    const owner = staffClient('198.18.0.1');
    await owner.logIn(staffAccounts.reuse);
    const url = await owner.enrolment();
    const code = codeOf(url);
    const step = totpStep();
    const enrolled = await owner.request('POST', '/api/staff/totp/enrol', { code });
    await owner.request('POST', '/api/staff/logout');
    const again = await owner.logIn(staffAccounts.reuse);
    const reused = await owner.request('POST', '/api/staff/totp/verify', { code });
    const sameStep = totpStep() === step;
    results.push(
      attackResult(
        'TOTP code reuse',
        enrolled.status === 200 && again.json?.next === 'verify' && reused.status !== 200,
        `enrolled with a code (${enrolled.status}); the same code for a second login ${sameStep ? 'in the same 30 s step' : 'one step later'}: ${reused.status}`,
      ),
    );
  }

  // S2. The enrolment secret fetched by someone else who knows a new account's password.
  {
    const attacker = staffClient('198.18.0.2');
    await attacker.logIn(staffAccounts.stolen);
    const stolen = await attacker.enrolment();
    const owner = staffClient('198.18.0.3');
    await owner.logIn(staffAccounts.stolen);
    const own = await owner.enrolment();
    const enrolled = await owner.request('POST', '/api/staff/totp/enrol', { code: codeOf(own) });
    const attackerEnrol = await attacker.request('POST', '/api/staff/totp/enrol', { code: codeOf(stolen) });
    const later = staffClient('198.18.0.2');
    const login = await later.logIn(staffAccounts.stolen);
    const attackerVerify = await later.request('POST', '/api/staff/totp/verify', { code: codeOf(stolen) });
    const me = await later.request('GET', '/api/staff/me');
    results.push(
      attackResult(
        'stolen enrolment secret',
        Boolean(stolen) &&
          stolen !== own &&
          enrolled.status === 200 &&
          attackerEnrol.status !== 200 &&
          login.json?.next === 'verify' &&
          attackerVerify.status !== 200 &&
          me.json?.secondFactor !== 'done',
        `owner enrolled (${enrolled.status}); the attacker's secret: enrol ${attackerEnrol.status}, login code ${attackerVerify.status}`,
      ),
    );
    // The owner's app, for the fresh codes later changes ask for (server/staff/step-up.ts).
    staff = Object.assign(owner, { otpauthUrl: own });
  }

  // S3. Locking someone else out: wrong passwords from one IP, then the owner from another.
  {
    const attacker = staffClient('198.18.0.4');
    const statuses = [];
    for (let index = 0; index < 10; index++)
      statuses.push((await attacker.logIn(staffAccounts.reuse, `wrong-password-${index}`)).status);
    const owner = staffClient('198.18.0.5');
    const login = await owner.logIn(staffAccounts.reuse);
    const refused = statuses.filter((status) => status === 401 || status === 429).length;
    const waits = statuses.filter((status) => status === 429).length;
    results.push(
      attackResult(
        "lockout of someone else's account",
        refused === 10 && login.status === 200,
        `10 wrong passwords from one IP refused (${waits} told to wait); the right one from another IP: ${login.status}`,
      ),
    );
  }
  return staff;
}
