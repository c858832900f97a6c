/**
 * Attacks on the staff login's second factor (npm run abuse), by someone who knows the password:
 * guessing codes from many addresses at once, switching to recovery codes when the codes are
 * capped, and keeping the session token issued after the password for when the owner completes
 * the login. Bounded: about 80 requests, against the loopback server only.
 */
import { URI } from 'otpauth';
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';

const guessers = 30;

/** A 6-digit code the server does not accept now (none of the current step and its neighbours). */
function wrongCode(otpauthUrl) {
  const totp = URI.parse(otpauthUrl);
  const now = Date.now();
  const accepted = new Set([-30_000, 0, 30_000].map((shift) => totp.generate({ timestamp: now + shift })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!accepted.has(candidate)) return candidate;
  }
}

/**
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {{ guessed: string, fixed: string }} accounts two accounts not enrolled yet
 * @param {string} password the accounts' password
 */
export async function secondFactorAttacks(kit, results, accounts, password) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  const logIn = async (ip, email) => {
    const client = kit.staffClient(ip);
    const answer = await client.request('POST', '/api/staff/login', { email, password });
    return { client, answer };
  };

  // F1. Guessing the second factor from many addresses at once, then the owner and a recovery code.
  {
    const { client: owner } = await logIn('198.18.1.1', accounts.guessed);
    const url = (await owner.request('GET', '/api/staff/totp/enrolment')).json?.otpauthUrl;
    const enrolled = await owner.request('POST', '/api/staff/totp/enrol', {
      code: URI.parse(url).generate(),
    });
    const recoveryCodes = enrolled.json?.recoveryCodes ?? [];
    const sessions = [];
    for (let index = 0; index < guessers; index++)
      sessions.push((await logIn(`198.18.2.${index + 1}`, accounts.guessed)).client);
    const guess = wrongCode(url);
    const started = Date.now();
    const answers = await Promise.all(
      sessions.map((session) => session.request('POST', '/api/staff/totp/verify', { code: guess })),
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const checked = answers.filter((answer) => answer.status === 401).length;
    const waits = answers.filter((answer) => answer.status === 429 && answer.retryAfter > 0);
    const { client: again } = await logIn('198.18.3.1', accounts.guessed);
    const right = await again.request('POST', '/api/staff/totp/verify', { code: URI.parse(url).generate() });
    const recovery = await again.request('POST', '/api/staff/totp/verify', {
      recoveryCode: recoveryCodes[0],
    });
    const me = await again.request('GET', '/api/staff/me');
    // The owner's mail, and the company inbox's (MAIL_TO), which names the account.
    const isOwners = (mail) => mail.to.some((to) => to.address === accounts.guessed);
    const isCompanys = (mail) => !isOwners(mail) && mail.subject.includes(accounts.guessed);
    let alerts;
    const deadline = Date.now() + 20_000;
    do {
      alerts = (await kit.mails()).filter((mail) => /sat på pause/.test(mail.subject));
      if (alerts.some(isOwners) && alerts.some(isCompanys)) break;
      await sleep(250);
    } while (Date.now() < deadline);
    const toOwner = alerts.filter(isOwners).length;
    const toCompany = alerts.filter(isCompanys).length;
    results.push(
      attackResult(
        'second-factor guessing from many IPs',
        enrolled.status === 200 &&
          checked <= 10 &&
          checked + waits.length === guessers &&
          right.status === 429 &&
          recovery.status === 429 &&
          me.json?.secondFactor !== 'done' &&
          toOwner === 1 &&
          toCompany === 1,
        `${guessers} wrong codes from ${guessers} IPs in ${seconds} s: ${checked} checked (401), ${waits.length} told to wait (429, Retry-After ${waits[0]?.retryAfter ?? '–'} s); then the right code ${right.status} and a recovery code ${recovery.status}; alert e-mails: owner ${toOwner}, company inbox ${toCompany}`,
      ),
    );
  }

  // F2. The token issued after the password, kept (or planted in the owner's browser) for later.
  {
    const { client: owner, answer: first } = await logIn('198.18.4.1', accounts.fixed);
    const planted = owner.token;
    const url = (await owner.request('GET', '/api/staff/totp/enrolment')).json?.otpauthUrl;
    const enrolled = await owner.request('POST', '/api/staff/totp/enrol', {
      code: URI.parse(url).generate(),
    });
    const full = owner.token;
    const attacker = kit.staffClient('198.18.4.2');
    attacker.token = planted;
    const afterEnrol = [
      (await attacker.request('GET', '/api/staff/me')).status,
      (await attacker.request('GET', '/api/staff/leads')).status,
    ];
    const ownerMe = (await owner.request('GET', '/api/staff/me')).json?.secondFactor;

    // Again at a later login, completed with a recovery code.
    await owner.request('POST', '/api/staff/logout');
    const { client: later } = await logIn('198.18.4.1', accounts.fixed);
    const plantedAgain = later.token;
    const verified = await later.request('POST', '/api/staff/totp/verify', {
      recoveryCode: enrolled.json?.recoveryCodes?.[0],
    });
    attacker.token = plantedAgain;
    const afterVerify = [
      (await attacker.request('GET', '/api/staff/me')).status,
      (await attacker.request('GET', '/api/staff/leads')).status,
    ];
    const fullAgain = later.token;
    const laterMe = (await later.request('GET', '/api/staff/me')).json?.secondFactor;
    results.push(
      attackResult(
        'session token kept from the password step',
        first.status === 200 &&
          enrolled.status === 200 &&
          verified.status === 200 &&
          Boolean(full) &&
          full !== planted &&
          Boolean(fullAgain) &&
          fullAgain !== plantedAgain &&
          ownerMe === 'done' &&
          laterMe === 'done' &&
          [...afterEnrol, ...afterVerify].every((status) => status === 401),
        `new token after enrolment ${full && full !== planted ? 'yes' : 'NO'}, after a recovery code ${fullAgain && fullAgain !== plantedAgain ? 'yes' : 'NO'}; the password step's token for me and leads: ${afterEnrol.join(' ')} after enrolment, ${afterVerify.join(' ')} after the recovery code`,
      ),
    );
  }
}
