/**
 * Trusting what comes by SMS and what staff put on their account (npm run abuse):
 *
 * - a stranger reads a customer's SMS answer: staff text the customer about their case, then a
 *   stranger files a contact form with the customer's number and their own e-mail, and the
 *   customer answers our SMS (a correctly signed GatewayAPI webhook call). The answer must be in
 *   the customer's thread only, and nowhere on the stranger's case page;
 * - a medarbejder puts a colleague's number, then an Antigua number (+1 268…), on their own
 *   account: refused (409, 403), the number unchanged;
 * - a correctly signed delivery report dated 2020-01-01, sent twice, and a fresh report about a
 *   page SMS sent again (GatewayAPI), and a CPSMS report URL called twice: answered 200 (the
 *   provider stops sending) and recorded once at most.
 *
 * The webhooks need SMS_WEBHOOK_SECRET: set here when the run has none, before the server starts
 * (this module is imported first). `prepareSmsTrustAccounts` adds the medarbejder before the
 * server starts. About 20 requests and at most 20 s waiting for our SMS to go out; loopback only.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { URI } from 'otpauth';
import { cpsmsReportToken } from '../../server/sms/cpsms.ts';
import { signHs256Jwt } from '../../server/sms/delivery-status.ts';
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { addStaff } from './staff-accounts.mjs';

process.env.SMS_WEBHOOK_SECRET ??= 'abuse-sms-webhook-secret-0123456789';
const webhookSecret = process.env.SMS_WEBHOOK_SECRET;
const pagerAccount = 'pager.staff@staff.example';
/** A koordinator's number (scripts/abuse/staff-accounts.mjs). */
const colleagueNumber = '20 12 34 56';

/** Before the server starts: a medarbejder without a number. */
export async function prepareSmsTrustAccounts(dataDir) {
  await addStaff(dataDir, pagerAccount);
}

/** The id of an SMS written so far to `phone` (DATA_DIR/sms/<stamp>-<our id>.txt), or undefined. */
async function smsIdTo(dataDir, phone) {
  const dir = path.join(dataDir, 'sms');
  let names;
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort();
  } catch {
    return undefined;
  }
  for (const name of names) {
    const id = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.txt$/.exec(name)?.[1];
    if (id && (await readFile(path.join(dir, name), 'utf8')).startsWith(`Til: ${phone}\n`)) return id;
  }
  return undefined;
}

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a koordinator's session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} dataDir the server's DATA_DIR
 */
export async function smsTrustAttacks(staff, kit, results, dataDir) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  await strangerReadsAnswer(staff, kit, results);
  await pagerNumberTakeover(kit, results);
  await staleDeliveryReports(kit, results, dataDir);
}

async function strangerReadsAnswer(staff, kit, results) {
  const victimPhone = '20 30 40 91';
  const [victimIp, attackerIp] = ['203.0.113.201', '203.0.113.202'];
  const [victimToken, attackerToken] = [await kit.token(victimIp), await kit.token(attackerIp)];
  await sleep(3_200); // the form tokens' time trap
  const contact = {
    kind: 'kontakt',
    name: 'Karla Kunde',
    email: 'karla.kunde@target.example',
    phone: victimPhone,
    service: 'andet',
    message: 'Vi har vand i kælderen.',
  };
  const victim = await kit.call('POST', '/api/leads', victimIp, { ...contact, formToken: victimToken });
  const victimId = victim.json?.id;
  const written = await staff.request('POST', `/api/staff/leads/${victimId}/messages`, {
    text: 'Vi kommer i morgen kl. 9. Hvordan kommer vi ind?',
    channel: 'sms',
  });
  let sent = false;
  for (let waited = 0; waited < 20_000 && !sent; waited += 500) {
    const thread = (await staff.request('GET', `/api/staff/leads/${victimId}/messages`)).json?.messages ?? [];
    sent = thread.some((message) => message.direction === 'out' && message.sms === 'sent');
    if (!sent) await sleep(500);
  }
  // Afterwards the stranger files a form with the customer's number and their own address.
  const attackerEmail = 'fremmed@evil.example';
  const attacker = await kit.call('POST', '/api/leads', attackerIp, {
    ...contact,
    name: 'Fremmed',
    email: attackerEmail,
    formToken: attackerToken,
  });
  const receipt = await kit.waitForMails(
    (mail) => mail.to.some((to) => to.address === attackerEmail) && mail.text.includes('/sag/'),
  );
  const casePath = /\/sag\/[A-Za-z0-9_-]{43}/.exec(receipt[0]?.text ?? '')?.[0];

  const secret = 'Koden til hoveddøren er 4321';
  const claims = {
    id: 990_001,
    msisdn: 4520304091,
    receiver: 4512345678,
    message: secret,
    senttime: Math.floor(Date.now() / 1000),
  };
  const answer = await fetch(`${kit.origin}/sms-incoming/gatewayapi`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-gwapi-signature': signHs256Jwt(claims, webhookSecret) },
    body: JSON.stringify(claims),
  });
  const outcome = (await answer.json().catch(() => ({})))?.outcome;
  const page = casePath ? await (await fetch(`${kit.origin}${casePath}`)).text() : '';
  const threadOf = async (id) =>
    ((await staff.request('GET', `/api/staff/leads/${id}/messages`)).json?.messages ?? []).map(
      (message) => message.body,
    );
  const onVictim = (await threadOf(victimId)).includes(secret);
  const onAttacker = (await threadOf(attacker.json?.id)).includes(secret);
  const onPage = page.includes(secret);
  results.push(
    attackResult(
      "a stranger's form with a customer's number reads their SMS answer",
      written.status === 201 &&
        sent &&
        attacker.status === 201 &&
        Boolean(casePath) &&
        answer.status === 200 &&
        onVictim &&
        !onAttacker &&
        !onPage,
      `our SMS to the customer sent: ${sent}; stranger's lead ${attacker.status}, case page ${casePath ? 'found' : 'missing'}; answer ${answer.status} (${outcome ?? '?'}); in the customer's thread: ${onVictim}; in the stranger's thread: ${onAttacker}; on the stranger's case page: ${onPage}`,
    ),
  );
}

async function pagerNumberTakeover(kit, results) {
  const mia = kit.staffClient('198.18.7.21');
  await mia.logIn(pagerAccount);
  const totp = URI.parse(await mia.enrolment());
  const enrolled = await mia.request('POST', '/api/staff/totp/enrol', { code: totp.generate() });
  // The next time step: the enrolment spent this one.
  const code = totp.generate({ timestamp: Date.now() + 30_000 });
  const abroad = await mia.request('PUT', '/api/staff/me/phone', { phone: '+1 268 464 1234', code });
  const colleague = await mia.request('PUT', '/api/staff/me/phone', { phone: colleagueNumber, code });
  const me = (await mia.request('GET', '/api/staff/oncall/rota')).json?.staff?.find(
    (person) => person.email === pagerAccount,
  );
  results.push(
    attackResult(
      "a medarbejder puts a colleague's or an Antigua number on their account",
      enrolled.status === 200 &&
        abroad.status === 403 &&
        /kun sættes af en koordinator/.test(abroad.json?.message ?? '') &&
        colleague.status === 409 &&
        /anden aktiv konto/.test(colleague.json?.message ?? '') &&
        me !== undefined &&
        me.phone === null,
      `enrolled ${enrolled.status}; +1 268 … ${abroad.status} (${abroad.json?.message ?? 'no message'}); a colleague's number ${colleague.status} (${colleague.json?.message ?? 'no message'}); number now ${me?.phone ?? 'none'}`,
    ),
  );
}

async function staleDeliveryReports(kit, results, dataDir) {
  // A page SMS sent earlier in the run (the paging attacks' colleague): its id is in its file's name.
  const smsId = await smsIdTo(dataDir, '+4520000072');
  const gatewayapi = async (time, status) => {
    const claims = { id: 1, msisdn: 4520000072, time, status, userref: smsId };
    const response = await fetch(`${kit.origin}/sms-status/gatewayapi`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-gwapi-signature': signHs256Jwt(claims, webhookSecret),
      },
      body: JSON.stringify(claims),
    });
    return `${response.status} ${(await response.json().catch(() => ({})))?.outcome ?? '?'}`;
  };
  const cpsms = async (status) => {
    const url = `${kit.origin}/sms-status/cpsms/${cpsmsReportToken(webhookSecret, smsId)}?status=${status}`;
    const response = await fetch(url, { method: 'POST' });
    return `${response.status} ${(await response.json().catch(() => ({})))?.outcome ?? '?'}`;
  };
  const old = Math.floor(Date.parse('2020-01-01T00:00:00Z') / 1000);
  const now = Math.floor(Date.now() / 1000);
  const answers = smsId
    ? {
        old: [await gatewayapi(old, 'UNDELIVERABLE'), await gatewayapi(old, 'UNDELIVERABLE')],
        fresh: [await gatewayapi(now, 'ENROUTE'), await gatewayapi(now, 'ENROUTE')],
        buffered: [await cpsms('3'), await cpsms('3')],
      }
    : null;
  const expected = {
    old: ['200 too-old', '200 too-old'],
    fresh: ['200 recorded', '200 replay'],
    buffered: ['200 recorded', '200 replay'],
  };
  results.push(
    attackResult(
      'signed delivery reports from 2020 and sent again',
      answers !== null && JSON.stringify(answers) === JSON.stringify(expected),
      answers
        ? `dated 2020-01-01 twice: ${answers.old.join(', ')}; a fresh report twice: ${answers.fresh.join(', ')}; CPSMS "buffered" twice: ${answers.buffered.join(', ')}`
        : 'no page SMS to report on',
    ),
  );
}
