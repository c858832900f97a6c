#!/usr/bin/env node
// npm run abuse: replays known attacks on the public side against the BUILT site (npm run build
// first), started here on 127.0.0.1 with a throwaway DATA_DIR, e-mail written as .eml files there.
// Prints held/failed per attack and exits 1 if any failed. Bounded: about 200 requests, at most
// about two minutes (one attack waits for the turn of a minute).
//
// Each attack comes from its own made-up client address (TRUST_PROXY=true, X-Forwarded-For), so
// the per-IP limit of one does not decide another.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { startBuiltServer } from './built-site.mjs';
import { attackResult, isLoopback, sleep, summary } from './abuse-lib.mjs';

const receiptCap = 40;
const uploadPendingMb = 300;
Object.assign(process.env, {
  TRUST_PROXY: 'true',
  RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10',
  RECEIPT_MAIL_MAX_PER_HOUR: String(receiptCap),
  UPLOAD_PENDING_MAX_MB: String(uploadPendingMb),
  SPAM_CHECKS: 'on',
});

const server = await startBuiltServer('abuse-data-');
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
      return { to, subject: parsed.subject ?? '', text: `${parsed.text ?? ''}\n${parsed.html || ''}` };
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

// Tokens fetched now are old enough for the time trap (3 s) by the time they are used.
const tokens = [];
for (let index = 0; index < 60; index++) tokens.push(await token(`198.51.100.${index % 50}`));
await sleep(3_200);

try {
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
} finally {
  await server.stop();
}

const { text, failed } = summary(results);
process.stdout.write(text);
process.exit(failed > 0 ? 1 : 0);
