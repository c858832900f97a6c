/**
 * What the system keeps about reading and erasing (npm run abuse): a staff member reading personal
 * data without a trace (a search, a lead's photos, a person lookup), and an erased person's phone
 * number left behind in the SMS the on-call paging wrote to DATA_DIR/sms. Bounded: two leads, a
 * dozen staff calls, at most 15 s waiting for the SMS files; loopback only (scripts/abuse.mjs).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { URI } from 'otpauth';
import { attackResult, sleep } from '../abuse-lib.mjs';
import { closeOpenEmergencies } from './attack-kit.mjs';

/** The SMS files written so far, with their text. */
async function smsFiles(smsDir) {
  let names;
  try {
    names = (await readdir(smsDir)).filter((name) => name.endsWith('.txt'));
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => ({ name, text: await readFile(path.join(smsDir, name), 'utf8') })),
  );
}

/** True when the text names the Danish number, as written or spaced ("tlf. 41 51 61 71", "+4541516171"). */
const names = (text, digits) =>
  new RegExp(`(?<!\\d)(?:\\+45 ?)?${digits.split('').join(' ?')}(?!\\d)`).test(text);

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} dataDir the server's DATA_DIR
 */
export async function dataLeftoverAttacks(staff, { call, token }, results, dataDir) {
  const smsDir = path.join(dataDir, 'sms');
  const marker = `Lækagesen${Math.random().toString(36).slice(2, 8)}`;
  const people = [
    { phone: '41516171', email: 'slet-sms@target.example', ip: '203.0.113.160' },
    { phone: '41516172', email: 'behold-sms@target.example', ip: '203.0.113.161' },
  ];

  // The person on call: this staff member, with a number, alone in the chain.
  const me = (await staff.request('GET', '/api/staff/me')).json;
  // Each change asks for a fresh code from the app, one code each (a code is taken once): wait
  // for the next 30 s step, so neither is the code the session logged in with.
  const app = URI.parse(staff.otpauthUrl);
  await sleep(30_000 - (Date.now() % 30_000) + 500);
  const phoneSet = await staff.request('PUT', '/api/staff/me/phone', {
    phone: '+4540000001',
    code: app.generate(),
  });
  const chainSet = await staff.request('PUT', '/api/staff/oncall/chain', {
    memberIds: [me?.id],
    handoverWeekday: 0,
    handoverHour: 8,
    code: app.generate({ timestamp: Date.now() + 30_000 }),
  });
  const formTokens = [];
  for (const person of people) formTokens.push(await token(person.ip));
  // Every other open emergency closed (the bulk change tells no customer): with only these two
  // waiting the site stays out of surge, where pages go out in digests that name no number.
  await closeOpenEmergencies(staff);
  await sleep(3_200); // the form token's time trap
  const leads = [];
  for (const [index, person] of people.entries()) {
    // The second after the first's page is written: one waiting at a time keeps the site calm.
    if (index === 1) {
      const deadline = Date.now() + 15_000;
      while (
        Date.now() < deadline &&
        !(await smsFiles(smsDir)).some((file) => names(file.text, people[0].phone))
      )
        await sleep(250);
    }
    leads.push(
      await call('POST', '/api/leads', person.ip, {
        kind: 'akut-skade',
        fuldeNavn: `Per ${marker}`,
        // Apart, or the second would be linked to the first as a duplicate and paged with it.
        adresse: `Strandvejen ${index + 1}, 2900 Hellerup`,
        // The second within the minute goes out at once only as a critical one (one SMS a
        // minute per person, docs/decisions/paging-at-volume.md); else it waits for a digest.
        ...(index === 1 ? { personfare: 'ja' } : {}),
        telefon: person.phone,
        email: person.email,
        forsikringsselskab: 'Tryg',
        policeNr: '',
        skadeNr: '',
        skadetype: 'vandskade',
        besked: 'Vand i kælderen efter skybrud.',
        images: [],
        formToken: formTokens[index],
      }),
    );
  }
  const leadIds = leads.map((lead) => lead.json?.id);
  const audit = async () => (await staff.request('GET', '/api/staff/audit')).json?.entries ?? [];

  // D1. A search through the leads, page after page, that leaves no trace (or one per page, or
  // one holding what the leads say).
  {
    const first = await staff.request('GET', `/api/staff/leads?q=${encodeURIComponent(marker)}&limit=1`);
    const cursor = first.json?.nextCursor;
    const second = cursor
      ? await staff.request(
          'GET',
          `/api/staff/leads?q=${encodeURIComponent(marker)}&limit=1&cursor=${cursor}`,
        )
      : { status: 0 };
    const rows = (await audit()).filter(
      (entry) => entry.action === 'lead-search' && entry.details?.q === marker,
    );
    const leaked = rows.filter((entry) => /4151617|target\.example|kælderen/.test(JSON.stringify(entry)));
    results.push(
      attackResult(
        'a search without a trace',
        first.status === 200 && second.status === 200 && rows.length === 1 && leaked.length === 0,
        `two pages (${first.status}, ${second.status}); ${rows.length} audit row(s) with the text, ${leaked.length} holding lead contents`,
      ),
    );
  }

  // D2. Looking at a lead's photos through fresh links, unseen.
  {
    const photos = await staff.request('GET', `/api/staff/leads/${leadIds[0]}/photos`);
    const rows = (await audit()).filter(
      (entry) => entry.action === 'photos-viewed' && entry.leadId === leadIds[0],
    );
    results.push(
      attackResult(
        'photos looked at without a trace',
        photos.status === 200 && rows.length === 1 && rows[0].actor === me?.email,
        `photo links ${photos.status}; ${rows.length} audit row(s) naming the lead and who looked`,
      ),
    );
  }

  // D3. A person lookup whose row does not say whose leads were shown (or says the number).
  {
    const lookup = await staff.request('GET', `/api/staff/personal-data?phone=${people[0].phone}`);
    const [row] = (await audit()).filter((entry) => entry.action === 'personal-data-lookup');
    const listed = Array.isArray(row?.details?.ids) && row.details.ids.includes(leadIds[0]);
    const leaked = row ? names(JSON.stringify(row.details), people[0].phone) : false;
    results.push(
      attackResult(
        'a person lookup without a trace',
        lookup.status === 200 && listed && !leaked,
        `lookup ${lookup.status}; the row lists the lead: ${listed}; names the number: ${leaked}`,
      ),
    );
  }

  // D4. The erased person's number left behind in the SMS files of the page about them.
  {
    const deadline = Date.now() + 15_000;
    let before = [];
    for (;;) {
      before = await smsFiles(smsDir);
      const written = people.every((person) => before.some((file) => names(file.text, person.phone)));
      if (written || Date.now() > deadline) break;
      await sleep(250);
    }
    const personBefore = before.filter((file) => names(file.text, people[0].phone)).length;
    const otherBefore = before.filter((file) => names(file.text, people[1].phone)).length;
    const erased = await staff.request('POST', '/api/staff/personal-data/erase', {
      phone: people[0].phone,
      confirm: `+45 ${people[0].phone}`,
    });
    const after = await smsFiles(smsDir);
    const personAfter = after.filter((file) => names(file.text, people[0].phone)).length;
    const otherAfter = after.filter((file) => names(file.text, people[1].phone)).length;
    results.push(
      attackResult(
        'SMS left after erasure',
        leads.every((lead) => lead.status === 201) &&
          phoneSet.status === 200 &&
          chainSet.status === 200 &&
          erased.status === 200 &&
          personBefore > 0 &&
          personAfter === 0 &&
          otherAfter === otherBefore &&
          otherBefore > 0,
        `SMS files naming the erased number: ${personBefore} → ${personAfter} (erasure ${erased.status}); another person's: ${otherBefore} → ${otherAfter}`,
      ),
    );
  }
}
