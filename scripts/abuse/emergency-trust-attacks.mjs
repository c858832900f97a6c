/**
 * Emergencies nobody can hide or inflate (npm run abuse):
 *
 * - a made-up emergency at "Strandvejen 100" hides the resident's real one: the resident, from
 *   another phone and e-mail and with danger to people, must be paged on its own as critical,
 *   told no other reference, and marked "Samme adresse som SK-…" for staff only;
 * - spam and closed cases keep paging: two emergencies waiting for the person's next SMS slot,
 *   one filed as spam and one closed on the lead page, every other open emergency closed with the
 *   bulk change; no SMS may reach the person on call after that (one sent just before, naming an
 *   earlier emergency, excepted);
 * - one client makes eight emergencies with danger to people in a few seconds: one may be
 *   critical, the others page as high with a note for staff, and the waiting count behind the
 *   public promise grows by one at most.
 *
 * Runs while the on-call chain is the paging-trust group's (one pageable person). About 20
 * requests and 65 s waiting for the SMS slot; loopback only.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { attackResult, isLoopback, sleep } from '../abuse-lib.mjs';
import { closeOpenEmergencies, emergencyFrom } from './attack-kit.mjs';
import { pagingAccounts } from './paging-trust-attacks.mjs';

/** The SMS files written so far (no SMS provider: DATA_DIR/sms), by name. */
async function smsFiles(dataDir) {
  let names;
  try {
    names = (await readdir(path.join(dataDir, 'sms'))).filter((name) => name.endsWith('.txt'));
  } catch {
    return new Map();
  }
  const texts = await Promise.all(names.map((name) => readFile(path.join(dataDir, 'sms', name), 'utf8')));
  return new Map(names.map((name, index) => [name, texts[index]]));
}

const emergency = (n, extra = {}) =>
  emergencyFrom(
    {
      name: `Anna Angreb ${n}`,
      address: `Vestergade ${n}, 8000 Aarhus C`,
      phone: `21 00 ${String(n).padStart(2, '0')} 00`,
      email: `angreb${n}@target.example`,
    },
    extra,
  );

/**
 * @param {ReturnType<ReturnType<typeof import('./attack-kit.mjs').attackKit>['staffClient']>} staff
 *   a koordinator's session logged in with both factors
 * @param {ReturnType<typeof import('./attack-kit.mjs').attackKit>} kit
 * @param {import('../abuse-lib.mjs').AttackResult[]} results
 * @param {string} dataDir the server's DATA_DIR
 */
export async function emergencyTrustAttacks(staff, kit, results, dataDir) {
  if (!isLoopback(kit.origin)) throw new Error(`refusing to attack ${kit.origin}: loopback only`);
  const lead = async (id) => (await staff.request('GET', `/api/staff/leads/${id}`)).json?.lead;
  const fakeIp = '203.0.113.201';
  const residentIp = '203.0.113.202';
  const waitingIp = '203.0.113.203';
  const floodIp = '203.0.113.210';
  const tokens = {
    fake: await kit.token(fakeIp),
    resident: await kit.token(residentIp),
    waiting: [await kit.token(waitingIp), await kit.token(waitingIp)],
    flood: [],
  };
  for (let n = 0; n < 8; n++) tokens.flood.push(await kit.token(floodIp));
  await sleep(3_200); // the form tokens' time trap

  // SMS about earlier emergencies (the resident's page may be written a moment late) are explained.
  const explained = [];

  // A made-up emergency at the address, then the resident's real one.
  {
    const fake = await kit.call('POST', '/api/leads', fakeIp, {
      ...emergency(1, { adresse: 'Strandvejen 100, 2900 Hellerup' }),
      formToken: tokens.fake,
    });
    const resident = await kit.call('POST', '/api/leads', residentIp, {
      ...emergency(2, { adresse: 'strandvejen 100 2900 HELLERUP', personfare: 'ja' }),
      formToken: tokens.resident,
    });
    const fakeReference = fake.json?.reference ?? 'SK-?';
    explained.push(fakeReference, resident.json?.reference ?? fakeReference);
    const real = resident.json?.id ? await lead(resident.json.id) : undefined;
    const notes = (real?.notes ?? []).map((note) => note.body).join(' ');
    const toldReference = JSON.stringify(resident.json ?? {}).includes(fakeReference);
    results.push(
      attackResult(
        'a made-up emergency at the same address hides a real critical one',
        fake.status === 201 &&
          resident.status === 201 &&
          resident.json?.duplicate === undefined &&
          !toldReference &&
          real?.duplicateOf === null &&
          real?.priority === 'kritisk' &&
          notes.includes(`Samme adresse som ${fakeReference}`),
        `resident ${resident.status}, ${real?.duplicateOf ? 'linked to the fake' : 'paged on its own'}, priority ${real?.priority}, ${toldReference ? 'told' : 'not told'} the fake's reference, staff note ${notes.includes('Samme adresse som') ? 'shown' : 'missing'}`,
      ),
    );
    if (fake.json?.id) await staff.request('PATCH', `/api/staff/leads/${fake.json.id}`, { status: 'spam' });
  }

  // Two emergencies waiting for the person's next SMS slot: filed as spam and closed at once.
  {
    const { active } = pagingAccounts;
    const posted = [];
    for (const [index, formToken] of tokens.waiting.entries()) {
      posted.push(await kit.call('POST', '/api/leads', waitingIp, { ...emergency(3 + index), formToken }));
    }
    const [spam, closed] = posted.map((answer) => answer.json ?? {});
    const before = await smsFiles(dataDir);
    const filed = await staff.request('PATCH', `/api/staff/leads/${spam.id}`, { status: 'spam' });
    const done = await staff.request('PATCH', `/api/staff/leads/${closed.id}`, {
      status: 'done',
      notifyCustomer: false,
    });
    // Every other open emergency closed too (the bulk change), so no page, digest or surge call
    // may reach the person on call from now on.
    const bulk = await closeOpenEmergencies(staff);
    await sleep(65_000); // past the person's SMS slot (one page a minute)
    // Every SMS to the person on call since: one naming an earlier emergency is explained; any
    // other (a page naming them, or a digest counting them) is theirs.
    const texts = [...(await smsFiles(dataDir))]
      .filter(([name, text]) => !before.has(name) && text.includes(active.phone))
      .map(([, text]) => text);
    const about = texts.filter((text) => text.includes(spam.reference) || text.includes(closed.reference));
    const unexplained = texts.filter((text) => !explained.some((reference) => text.includes(reference)));
    const after = unexplained.length;
    results.push(
      attackResult(
        'spam and closed emergencies keep paging',
        posted.every((answer) => answer.status === 201) &&
          filed.status === 200 &&
          done.status === 200 &&
          bulk.status === 200 &&
          about.length === 0 &&
          after === 0,
        `${texts.length} SMS to the person on call in the 65 s after filing one as spam and closing the other (and ${bulk.closed} more with the bulk change): ${about.length} naming them, ${after} not about an earlier emergency${after > 0 ? ` (${JSON.stringify(unexplained[0].split('\n').slice(-3).join(' ').slice(0, 160))})` : ''}`,
      ),
    );
  }

  // One client, eight emergencies with danger to people in a few seconds.
  {
    const waitingBefore = (await staff.request('GET', '/api/staff/oncall/surge')).json?.waiting;
    const answers = [];
    for (const [index, formToken] of tokens.flood.entries()) {
      answers.push(
        await kit.call('POST', '/api/leads', floodIp, {
          ...emergency(10 + index, { personfare: 'ja' }),
          formToken,
        }),
      );
    }
    const leads = await Promise.all(answers.map((answer) => (answer.json?.id ? lead(answer.json.id) : null)));
    const critical = leads.filter((row) => row?.priority === 'kritisk').length;
    const marked = leads.filter(
      (row) =>
        row?.priority === 'hoej' &&
        row.notes.some((note) => note.body.startsWith('Personfare angivet, men kaldt op som høj prioritet')),
    ).length;
    const waitingAfter = (await staff.request('GET', '/api/staff/oncall/surge')).json?.waiting;
    const grew = Number(waitingAfter) - Number(waitingBefore);
    results.push(
      attackResult(
        'one client makes every emergency critical and moves the promise',
        answers.every((answer) => answer.status === 201) && critical === 1 && marked === 7 && grew <= 1,
        `${answers.filter((answer) => answer.status === 201).length} of 8 taken: ${critical} critical, ${marked} paged as high with a note; the waiting count grew by ${grew}`,
      ),
    );
  }
}
