#!/usr/bin/env node
// npm run abuse: replays known attacks on the public side and on the staff login and staff API
// against the BUILT site (npm run build first), started here on 127.0.0.1 with a throwaway
// DATA_DIR (staff accounts added there first with `npm run staff -- add`), e-mail written as .eml
// files there. Prints held/failed per attack and exits 1 if any failed. Bounded: about 300
// requests, at most about three minutes (one attack waits for the turn of a minute).
//
// Each attack comes from its own made-up client address (TRUST_PROXY=true, X-Forwarded-For), so
// the per-IP limit of one does not decide another.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { URI } from 'otpauth';
import { company } from '../domain/company.ts';
import { root, startBuiltServer } from './built-site.mjs';
import { attackResult, cookieValue, isLoopback, mentionsAddress, sleep, summary } from './abuse-lib.mjs';

const receiptCap = 40;
const uploadPendingMb = 300;
Object.assign(process.env, {
  TRUST_PROXY: 'true',
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10',
  RECEIPT_MAIL_MAX_PER_HOUR: String(receiptCap),
  UPLOAD_PENDING_MAX_MB: String(uploadPendingMb),
  SPAM_CHECKS: 'on',
});

// Staff accounts, made before the server starts (the embedded database opens in one process).
const password = `abuse-${randomBytes(12).toString('hex')}`;
const staffAccounts = {
  reuse: 'reuse.staff@staff.example',
  stolen: 'stolen.staff@staff.example',
};
function addStaff(dataDir, email) {
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[key];
  const child = spawn(process.execPath, ['scripts/staff.mjs', 'add', email, '--name', 'Abuse Test'], {
    cwd: root,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(`${password}\n`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`npm run staff -- add ${email} failed (${code}):\n${output}`));
    });
  });
}

const server = await startBuiltServer('abuse-data-', {
  prepare: async (dataDir) => {
    for (const email of Object.values(staffAccounts)) await addStaff(dataDir, email);
  },
});
if (!isLoopback(server.origin)) {
  await server.stop();
  throw new Error(`refusing to attack ${server.origin}: loopback only`);
}
const mailDir = path.join(server.dataDir, 'mail');
const results = [];

async function call(method, url, ip, body) {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}
const token = async (ip) => (await call('GET', '/api/leads/token', ip)).json.token;
const contact = (email, extra = {}) => ({
  kind: 'kontakt',
  name: 'Anne Hansen',
  email,
  phone: '12 34 56 78',
  service: 'andet',
  message: 'Vi har vand i kælderen.',
  ...extra,
});
const resource = (email, token) => ({
  kind: 'ressource',
  fullName: 'Birgitte Autofyld',
  email,
  phone: '12 34 56 78',
  companyName: '',
  resourceTitle: 'Er du klar til skybrud?',
  resourceType: 'Tjekliste',
  formToken: token,
});

/** Every e-mail written so far: its recipients and parsed text. */
async function mails() {
  let names;
  try {
    names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const parsed = await simpleParser(await readFile(path.join(mailDir, name)));
      const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((entry) =>
        entry.value.map((value) => ({ address: value.address ?? '', name: value.name ?? '' })),
      );
      return {
        name,
        to,
        subject: parsed.subject ?? '',
        text: `${parsed.text ?? ''}\n${parsed.html || ''}`,
      };
    }),
  );
}
const mailsTo = async (address) =>
  (await mails()).filter((mail) => mail.to.some((to) => to.address === address));
async function waitForMails(predicate, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mails()).filter(predicate);
    if (found.length > 0 || Date.now() > deadline) return found;
    await sleep(250);
  }
}

/** A browser of the staff inbox from one client address: keeps the session cookie. */
function staffClient(ip) {
  let cookie = '';
  const request = async (method, url, body, headers = {}) => {
    const response = await fetch(`${server.origin}${url}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: server.origin }),
        ...(cookie ? { cookie: `indbakke=${cookie}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = cookieValue(response.headers.getSetCookie(), 'indbakke');
    if (set !== null) cookie = set;
    const text = await response.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  };
  return {
    request,
    logIn: (email, secret = password) => request('POST', '/api/staff/login', { email, password: secret }),
    /** The enrolment secret this session is shown (the QR code's otpauth:// URL). */
    enrolment: async () => (await request('GET', '/api/staff/totp/enrolment')).json?.otpauthUrl,
  };
}
/** The current 6-digit code of an otpauth:// URL, as an authenticator app shows it. */
const codeOf = (otpauthUrl) => URI.parse(otpauthUrl).generate();
const totpStep = () => Math.floor(Date.now() / 30_000);

// Tokens fetched now are old enough for the time trap (3 s) by the time they are used.
const tokens = [];
for (let index = 0; index < 60; index++) tokens.push(await token(`198.51.100.${index % 50}`));
await sleep(3_200);

// Two leads whose addresses differ only in a prefix: their mails are written while the staff
// attacks run, and the erasure attack (the last staff one) erases one of them.
const ann = 'ann@target.example';
const joann = 'joann@target.example';
const erasureLeads = [
  await call('POST', '/api/leads', '203.0.113.150', { ...contact(ann), formToken: tokens.pop() }),
  await call('POST', '/api/leads', '203.0.113.151', { ...contact(joann), formToken: tokens.pop() }),
];

try {
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
    staff = owner;
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

  // S4. The staff API called from a sibling host on the same site (the session cookie goes along).
  {
    const control = await staff.request('GET', '/api/staff/leads', undefined, {
      'sec-fetch-site': 'same-origin',
    });
    const statuses = [];
    for (const site of ['same-site', 'cross-site'])
      for (const url of ['/api/staff/leads/export.csv', '/api/staff/leads'])
        statuses.push((await staff.request('GET', url, undefined, { 'sec-fetch-site': site })).status);
    results.push(
      attackResult(
        'staff API from a sibling host',
        control.status === 200 && statuses.every((status) => status === 403),
        `inbox itself ${control.status}; same-site and cross-site list and CSV: ${statuses.join(' ')}`,
      ),
    );
  }

  // S5. A forged audit line: a newline and a right-to-left override in the login's e-mail.
  {
    const forged = 'x@staff.example\n2026-01-01 login admin@staff.example \u202Eok';
    const login = await staffClient('198.18.0.6').logIn(forged);
    let cursor = '';
    let rows = 0;
    let carried = 0;
    for (let page = 0; page < 5; page++) {
      const answer = await staff.request('GET', `/api/staff/audit${cursor ? `?cursor=${cursor}` : ''}`);
      if (answer.status !== 200) break;
      for (const entry of answer.json.entries) {
        rows++;
        const text = JSON.stringify(entry);
        if (text.includes('\u202E') || text.includes('\\u202e') || text.includes('2026-01-01 login'))
          carried++;
      }
      cursor = answer.json.nextCursor ?? '';
      if (!cursor) break;
    }
    results.push(
      attackResult(
        'text injected into the audit log',
        login.status === 400 && rows > 0 && carried === 0,
        `login ${login.status}; ${carried} of ${rows} audit rows carry the text`,
      ),
    );
  }

  // S6. List parameters that name no real day or position.
  {
    const bad = (text) => Buffer.from(text).toString('base64url');
    const uuid = '00000000-0000-4000-8000-000000000000';
    const urls = [
      `/api/staff/leads?cursor=${encodeURIComponent(`2026-02-30|${uuid}`)}`,
      `/api/staff/leads?cursor=${bad(`2026-02-30T10:00:00.000Z|${uuid}`)}`,
      '/api/staff/leads?to=9999-99-99',
      '/api/staff/leads?from=2026-02-30',
      `/api/staff/audit?cursor=${encodeURIComponent(`2026-02-30|${uuid}`)}`,
      `/api/staff/audit?cursor=${bad(`2026-02-30T10:00:00.000Z|${uuid}`)}`,
      `/api/staff/audit?cursor=${bad(`2026-03-01T24:00:00.000Z|${uuid}`)}`,
    ];
    const statuses = [];
    for (const url of urls) statuses.push((await staff.request('GET', url)).status);
    results.push(
      attackResult(
        'malformed list parameters',
        statuses.every((status) => status === 400),
        `${urls.length} lists with a 30 February, a 24:00 or 9999-99-99: ${statuses.join(' ')}`,
      ),
    );
  }

  // S7. Erasing one person must not take the mails of an address that ends the same way.
  {
    const concerning = (mail, address) =>
      mail.to.some((to) => to.address.toLowerCase() === address) || mentionsAddress(mail.text, address);
    await waitForMails((mail) => mail.to.some((to) => to.address === ann));
    await waitForMails((mail) => mail.to.some((to) => to.address === joann));
    await sleep(1_500);
    const before = await mails();
    const annBefore = before.filter((mail) => concerning(mail, ann)).length;
    const joannNames = before.filter((mail) => concerning(mail, joann)).map((mail) => mail.name);
    const erased = await staff.request('POST', '/api/staff/personal-data/erase', {
      email: ann,
      confirm: ann,
    });
    const after = await mails();
    const annAfter = after.filter((mail) => concerning(mail, ann)).length;
    const names = new Set(after.map((mail) => mail.name));
    const toCompany = after.filter((mail) => mail.to.some((to) => to.address === company.email)).length;
    const joannKept = joannNames.filter((name) => names.has(name)).length;
    const tail = `t@${company.email.split('@')[1]}`;
    const tailErase = await staff.request('POST', '/api/staff/personal-data/erase', {
      email: tail,
      confirm: tail,
    });
    const afterTail = new Set((await mails()).map((mail) => mail.name));
    const lostToTail = [...names].filter((name) => !afterTail.has(name)).length;
    results.push(
      attackResult(
        'erasure of the wrong mail',
        erasureLeads.every((lead) => lead.status === 201) &&
          erased.status === 200 &&
          annBefore > 0 &&
          annAfter === 0 &&
          joannNames.length > 0 &&
          joannKept === joannNames.length &&
          tailErase.status !== 500 &&
          lostToTail === 0,
        `ann: ${annBefore} → ${annAfter} mails; joann: ${joannKept} of ${joannNames.length} kept; erasing ${tail} (${tailErase.status}) took ${lostToTail} of ${names.size} (${toCompany} to ${company.email})`,
      ),
    );
  }

  // 1. The receipt as a relay: the attacker's words to the victim's address.
  {
    const relay = 'Din konto er spærret. Ring straks 70 70 70 70';
    const victim = 'relay.victim@example.dk';
    const answer = await call('POST', '/api/leads', '203.0.113.1', {
      ...contact(victim, { name: relay, message: `${relay} https://phish.example/login` }),
      formToken: tokens.pop(),
    });
    const [receipt] = await waitForMails((mail) => mail.to.some((to) => to.address === victim));
    const leaked =
      !receipt ||
      receipt.text.includes('spærret') ||
      receipt.text.includes('phish') ||
      receipt.to[0].name !== '';
    results.push(
      attackResult(
        'relay text in the receipt',
        answer.status === 201 && !leaked,
        receipt ? 'receipt carries only our wording, bare address' : 'no receipt arrived',
      ),
    );
  }

  // 2. One token for many leads.
  {
    const reused = tokens.pop();
    const statuses = [];
    for (let index = 0; index < 8; index++) {
      statuses.push(
        (
          await call('POST', '/api/leads', `203.0.113.${10 + index}`, {
            ...contact(`reuse-${index}@example.dk`),
            formToken: reused,
          })
        ).status,
      );
    }
    await waitForMails((mail) => mail.to.some((to) => to.address === 'reuse-0@example.dk'));
    await sleep(1_500);
    let reached = 0;
    for (let index = 0; index < 8; index++) reached += (await mailsTo(`reuse-${index}@example.dk`)).length;
    results.push(
      attackResult(
        'token reuse',
        reached === 1 && statuses.every((status) => status === 201),
        `${reached} of 8 leads with one token reached their address`,
      ),
    );
  }

  // 3. +tag: victim+1@…, victim+2@… to get past the per-address limit (5 a minute).
  {
    const statuses = [];
    for (let index = 0; index < 10; index++) {
      statuses.push(
        (
          await call('POST', '/api/leads', `203.0.113.${40 + index}`, {
            ...contact(`tagged+${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    }
    const accepted = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult('+tag bypass of the per-address limit', accepted <= 5, `${accepted} of 10 accepted`),
    );
  }

  // 4. A burst across the turn of a minute (a fixed window let 20 through in 1.6 s).
  {
    const msInMinute = () => Date.now() % 60_000;
    if (msInMinute() < 58_500) await sleep(58_500 - msInMinute());
    else await sleep(60_000 - msInMinute() + 58_500);
    const ip = '203.0.113.99';
    const statuses = [];
    const started = Date.now();
    for (let index = 0; index < 10; index++)
      statuses.push(
        (
          await call('POST', '/api/contact', ip, {
            ...contact(`burst-a${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    if (msInMinute() > 1_000) await sleep(60_000 - msInMinute() + 200);
    for (let index = 0; index < 10; index++)
      statuses.push(
        (
          await call('POST', '/api/contact', ip, {
            ...contact(`burst-b${index}@example.dk`),
            formToken: tokens.pop(),
          })
        ).status,
      );
    const accepted = statuses.filter((status) => status === 201).length;
    results.push(
      attackResult(
        'burst through a fixed window',
        accepted <= 10,
        `${accepted} of 20 accepted in ${((Date.now() - started) / 1000).toFixed(1)} s (limit 10 a minute)`,
      ),
    );
  }

  // 5. A person with autofill: page open 4 s, the resource dialog filled and sent at once.
  {
    const email = 'autofill.person@example.dk';
    const pageToken = await token('203.0.113.250');
    await sleep(4_000);
    const answer = await call('POST', '/api/leads', '203.0.113.250', resource(email, pageToken));
    const delivered = await waitForMails((mail) => mail.to.some((to) => to.address === email), 20_000);
    results.push(
      attackResult(
        'autofill-fast resource request gets its PDF',
        answer.status === 201 && delivered.length === 1,
        delivered.length ? 'the PDF e-mail arrived' : 'no PDF e-mail (filed as spam?)',
      ),
    );
  }
  // 6. The hourly cap on receipts: flood from many addresses and IPs.
  {
    const extra = [];
    for (let index = 0; index < 45; index++) extra.push(await token(`192.0.2.${index}`));
    await sleep(3_200);
    let stored = 0;
    for (let index = 0; index < 45; index++) {
      const answer = await call('POST', '/api/leads', `192.0.2.${index}`, {
        ...contact(`flood-${index}@example.dk`),
        formToken: extra[index],
      });
      if (answer.status === 201) stored++;
    }
    await sleep(6_000);
    const all = await mails();
    const toVisitors = all.filter((mail) => mail.to.every((to) => to.address.endsWith('@example.dk'))).length;
    const staff = all
      .filter((mail) => mail.text.includes('flood-'))
      .filter((mail) => !mail.to.some((to) => to.address.startsWith('flood-'))).length;
    results.push(
      attackResult(
        'hourly cap on visitor mail',
        toVisitors <= receiptCap && staff === stored,
        `${toVisitors} e-mails to visitor addresses (cap ${receiptCap}); ${staff} of ${stored} stored flood leads reached staff`,
      ),
    );
  }

  // 7. Upload flood: bytes waiting to be attached, per IP and site-wide.
  {
    const ask = (ip) =>
      call('POST', '/api/objects/upload', ip, { contentType: 'image/jpeg', size: 10 * 1024 * 1024 });
    const first = [];
    for (let index = 0; index < 25; index++) first.push((await ask('203.0.113.200')).status);
    const perIp = first.indexOf(429);
    const site = [];
    for (let round = 0; round < 3; round++)
      for (let index = 0; index < 12; index++) site.push((await ask(`203.0.113.${210 + round}`)).status);
    const granted =
      first.filter((status) => status === 200).length + site.filter((status) => status === 200).length;
    const held = perIp >= 0 && perIp <= 20 && site.includes(503) && granted * 10 <= uploadPendingMb;
    results.push(
      attackResult(
        'upload flood past the budget',
        held,
        `one IP refused (429) after ${perIp} URLs; site-wide 503 after ${granted * 10} MB declared (cap ${uploadPendingMb} MB)`,
      ),
    );
  }

  // The plain HTML form, posted from another site: no form cookie, a victim's address.
  {
    const victim = 'plain.relay.victim@example.dk';
    const response = await fetch(`${server.origin}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.230' },
      body: new URLSearchParams({
        name: 'Din konto er spærret',
        email: victim,
        service: 'andet',
        message: 'Ring straks https://phish.example/login',
      }),
      redirect: 'manual',
    });
    await sleep(2_000);
    const reached = (await mailsTo(victim)).length;
    results.push(
      attackResult(
        'plain form posted from another site',
        response.status === 303 && reached === 0,
        `answered ${response.status} like any form; ${reached} e-mails reached the address (filed as spam)`,
      ),
    );
  }

  // Markup in a plain form's field, sent back in the answered form.
  {
    const script = '<script>alert(document.cookie)</script>';
    const response = await fetch(`${server.origin}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.231' },
      body: new URLSearchParams({ name: script, email: 'ikke-en-adresse', message: script }),
      redirect: 'manual',
    });
    const html = await response.text();
    results.push(
      attackResult(
        'markup reflected by an answered form',
        response.status === 400 && !html.includes(script) && html.includes('&lt;script&gt;'),
        `answered ${response.status}; the text comes back ${html.includes(script) ? 'as markup' : 'escaped'}`,
      ),
    );
  }
} finally {
  await server.stop();
}

const { text, failed } = summary(results);
process.stdout.write(text);
process.exit(failed > 0 ? 1 : 0);
