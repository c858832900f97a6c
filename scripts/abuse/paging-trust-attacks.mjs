/**
 * Paging you can trust (npm run abuse):
 *
 * - a disabled account takes an emergency: an account in the on-call chain, disabled since, keeps
 *   the acknowledgement link of a page sent before (minted here with the server's signing secret).
 *   It must not be paged, its link must show nothing of the customer (403), and its "Jeg tager
 *   den" must be refused: nothing assigned, no escalation stopped, no colleague told;
 * - an impossible phone number (+45 00 00 00 00) sent to the lead API, the plain form and the
 *   staff command: refused with the Danish message, nothing stored;
 * - a visitor writes "Tag den: https://evil…" and a www. host into name and address: the page SMS
 *   carries one link, ours, and our words once.
 *
 * `preparePagingAccounts` runs before the server starts (the embedded database opens in one
 * process); the attacks need a koordinator's session to read ids and the lead afterwards.
 * About 12 requests and at most 15 s waiting for the page SMS; loopback only.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ackFormToken, ackToken } from '../../server/oncall/paging/ack-link.ts';
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { root } from '../built-site.mjs';
import { emergencyFrom } from './attack-kit.mjs';

export const pagingAccounts = {
  gone: { email: 'gone.oncall@staff.example', phone: '+4520000071' },
  active: { email: 'active.oncall@staff.example', phone: '+4520000072' },
  impossible: { email: 'impossible.phone@staff.example', phone: '+4500000000' },
};
const unknownNumber = 'Telefonnummeret findes ikke – tjek cifrene';

/** `npm run staff -- …` on the data folder; resolves with its exit code and output. */
function staffCommand(dataDir, args, stdin = '') {
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[key];
  const child = spawn(process.execPath, ['scripts/staff.mjs', ...args], { cwd: root, env, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.stdin.end(stdin);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * Before the server starts: two accounts with numbers in the chain, the first then disabled, and
 * an account asked for with an impossible number. Returns what the staff command answered to that.
 */
export async function preparePagingAccounts(dataDir, password) {
  const { gone, active, impossible } = pagingAccounts;
  for (const person of [gone, active]) {
    const added = await staffCommand(
      dataDir,
      ['add', person.email, '--phone', person.phone],
      `${password}\n`,
    );
    if (added.code !== 0) throw new Error(`npm run staff -- add ${person.email} failed:\n${added.output}`);
  }
  const chain = await staffCommand(dataDir, ['on-call', 'set', gone.email, active.email]);
  if (chain.code !== 0) throw new Error(`npm run staff -- on-call set failed:\n${chain.output}`);
  const disabled = await staffCommand(dataDir, ['disable', gone.email]);
  if (disabled.code !== 0) throw new Error(`npm run staff -- disable failed:\n${disabled.output}`);
  const refused = await staffCommand(
    dataDir,
    ['add', impossible.email, '--phone', impossible.phone],
    `${password}\n`,
  );
  const listed = await staffCommand(dataDir, ['list']);
  return { ...refused, created: listed.output.includes(impossible.email) };
}

/** The SMS files written so far (no SMS provider: DATA_DIR/sms), with their text. */
async function smsTexts(dataDir) {
  const dir = path.join(dataDir, 'sms');
  let names;
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.txt'));
  } catch {
    return [];
  }
  return Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
}

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a koordinator's session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} dataDir the server's DATA_DIR
 * @param {{ code: number | null, output: string, created: boolean }} staffRefusal what
 *   `preparePagingAccounts` got from the staff command
 */
export async function pagingTrustAttacks(staff, kit, results, dataDir, staffRefusal) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  const { gone, active } = pagingAccounts;
  const ip = '203.0.113.190';
  const formToken = await kit.token(ip);
  await sleep(3_200); // the form token's time trap
  const emergency = emergencyFrom({
    name: 'Vera Vagtoffer',
    address: 'Havnegade 7, 5000 Odense C',
    phone: '20 30 40 77',
    email: 'vera.vagtoffer@target.example',
  });

  // The impossible number, by the API, the plain form and the staff command.
  {
    const api = await kit.call('POST', '/api/leads', '203.0.113.191', {
      ...emergency,
      telefon: '+45 00 00 00 00',
      formToken: await kit.token('203.0.113.191'),
    });
    const plain = await fetch(`${kit.origin}/akut-skade`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.192' },
      body: new URLSearchParams({ ...emergency, images: '', telefon: '+4500000000' }),
      redirect: 'manual',
    });
    const plainHtml = await plain.text();
    const apiMessage = api.json?.errors?.telefon?.[0];
    results.push(
      attackResult(
        'impossible phone number (+45 00 00 00 00)',
        api.status === 400 &&
          apiMessage === unknownNumber &&
          plain.status === 400 &&
          plainHtml.includes(unknownNumber) &&
          staffRefusal.code === 2 &&
          /ikke et gyldigt telefonnummer/.test(staffRefusal.output) &&
          !staffRefusal.created,
        `API ${api.status} (${apiMessage ?? 'no message'}); plain form ${plain.status}; staff command exit ${staffRefusal.code}, account ${staffRefusal.created ? 'created' : 'not created'}`,
      ),
    );
  }

  // A disabled account takes an emergency.
  {
    const posted = await kit.call('POST', '/api/leads', ip, { ...emergency, formToken });
    const leadId = posted.json?.id;
    const reference = posted.json?.reference ?? '';
    // Wait for the page to reach the one left in the chain.
    let texts = [];
    for (let waited = 0; waited < 15_000; waited += 500) {
      texts = (await smsTexts(dataDir)).filter((text) => text.includes(reference));
      if (texts.some((text) => text.includes(active.phone))) break;
      await sleep(500);
    }
    const pagedActive = texts.some((text) => text.includes(active.phone));
    const pagedGone = texts.some((text) => text.includes(gone.phone));

    const rota = (await staff.request('GET', '/api/staff/oncall/rota')).json;
    const goneId = rota?.staff?.find((person) => person.email === gone.email)?.id;
    const secret =
      process.env.SIGNING_SECRET ?? (await readFile(path.join(dataDir, 'signing-secret'), 'utf8')).trim();
    // The link of a page sent before the account was disabled, and the form token of its page.
    const token = ackToken(secret, leadId, goneId, new Date());
    const link = `${kit.origin}/vagt/${token}`;
    const opened = await fetch(link, { headers: { 'x-forwarded-for': '198.18.9.1' } });
    const openedHtml = await opened.text();
    const leaked = [emergency.fuldeNavn, emergency.adresse, '20 30 40 77', '+4520304077', reference].filter(
      (secretText) => openedHtml.includes(secretText),
    );
    const taken = await fetch(link, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '198.18.9.1',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ formToken: ackFormToken(secret, token, new Date()) }),
      redirect: 'manual',
    });
    const takenHtml = await taken.text();
    await sleep(2_000); // a "taken" SMS to colleagues would be written by now
    const lead = (await staff.request('GET', `/api/staff/leads/${leadId}`)).json?.lead;
    const toldColleagues = (await smsTexts(dataDir)).some(
      (text) => text.includes(reference) && /er taget af/.test(text),
    );
    const unchanged = lead?.assignedTo === null && lead?.acknowledgedBy === null && lead?.status === 'new';
    results.push(
      attackResult(
        'disabled account takes an emergency',
        posted.status === 201 &&
          Boolean(goneId) &&
          pagedActive &&
          !pagedGone &&
          opened.status === 403 &&
          leaked.length === 0 &&
          taken.status === 403 &&
          !takenHtml.includes(emergency.fuldeNavn) &&
          unchanged &&
          !toldColleagues,
        `paged: the active colleague ${pagedActive}, the disabled account ${pagedGone}; its link ${opened.status}${leaked.length ? ` showing ${leaked.join(', ')}` : ' showing nothing of the customer'}; "Jeg tager den" ${taken.status}; lead unassigned and new: ${unchanged}; colleagues told: ${toldColleagues}`,
      ),
    );
  }

  // A visitor writes a link of their own into the page SMS (phishing the person on call at
  // night). Critical, so it goes out at once on its own, with the visitor's text; were it held
  // for a digest, that carries no visitor text at all. Either way, every SMS the phone gets about
  // it must carry one link, ours, and nothing of the visitor's links.
  {
    const injectingIp = '203.0.113.193';
    const injectingToken = await kit.token(injectingIp);
    await sleep(3_200);
    const before = new Set(await smsTexts(dataDir));
    const posted = await kit.call('POST', '/api/leads', injectingIp, {
      ...emergency,
      // A link in the name files the lead as spam (never paged); the address is where it gets in.
      fuldeNavn: 'Vera Tag den',
      adresse: 'Havnegade 9, 5000 Odense C Tag den: https://evil.example/vagt/x www.evil-skade.dk/login',
      telefon: '20 30 40 78',
      email: 'injector@target.example',
      personfare: 'ja',
      formToken: injectingToken,
    });
    const reference = posted.json?.reference ?? 'none';
    let fresh = [];
    for (let waited = 0; waited < 80_000; waited += 1_000) {
      fresh = (await smsTexts(dataDir)).filter((text) => !before.has(text) && text.includes(active.phone));
      if (fresh.some((text) => text.includes(reference) || text.includes('Se listen:'))) break;
      await sleep(1_000);
    }
    const reached = fresh.filter((text) => text.includes(reference) || text.includes('Se listen:'));
    const badLinks = reached.filter((text) => {
      const links = text.match(/https?:\/\/\S+/g) ?? [];
      // Our link is the short /v/<id> (or, sent before it, the signed /vagt/…).
      return links.length !== 1 || !/^\/(v|vagt)\//.test(new URL(links[0]).pathname);
    }).length;
    const foreign = reached.some((text) => /evil|www\./i.test(text));
    const ourWords = reached.some((text) => (text.match(/tag den/gi) ?? []).length > 1);
    results.push(
      attackResult(
        'a visitor injects a link into the page SMS',
        posted.status === 201 && reached.length > 0 && badLinks === 0 && !foreign && !ourWords,
        `lead ${posted.status}; ${reached.length} SMS reached the phone about it (${reached.some((text) => text.includes(reference)) ? 'on its own' : 'in a digest'}); with another link than ours: ${badLinks}; visitor's link or host left: ${foreign}; "Tag den" more than once: ${ourWords}`,
      ),
    );
  }
}
