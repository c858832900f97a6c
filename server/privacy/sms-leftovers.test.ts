/**
 * Erasure and retention take a lead's on-call SMS with it: the files the SMS file transport wrote
 * to DATA_DIR/sms (found by the SMS row ids in their names) and the SMS rows, and nothing of
 * another lead's.
 */
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leads, oncallPages, oncallSms } from '../db/schema.ts';
import { addStaff } from '../staff/accounts.ts';
import { smsFileId } from '../sms/sms-files.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { addOnCallStaff, annaThenBo, createPagingTestApp } from '../test/paging-app.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { password, publicUrl, StaffClient } from '../test/staff-client.ts';
import { type TestApp } from '../test/test-app.ts';
import { erasePersonalData } from './personal-data.ts';
import { runRetention } from './retention.ts';

describeEachDatabase("erasure and retention remove a lead's SMS", (target) => {
  let t: TestApp;

  beforeAll(async () => {
    // No SMS_PROVIDER: every SMS is written to DATA_DIR/sms.
    t = await createPagingTestApp(target, { escalateAfterSeconds: 60, publicUrl });
    await addOnCallStaff(t.app.deps.db, annaThenBo, new Date(Date.now() - 60_000));
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const smsDir = () => join(t.dataDir, 'sms');
  const deps = () => ({
    db: db(),
    storage: t.app.deps.storage,
    mailDir: join(t.dataDir, 'mail'),
    smsDir: smsDir(),
  });
  const files = () => readdirSync(smsDir()).sort();
  const text = (name: string) => readFileSync(join(smsDir(), name), 'utf8');
  const smsIdsOf = async (leadId: string) =>
    (await db().select({ id: oncallSms.id }).from(oncallSms).where(eq(oncallSms.leadId, leadId))).map(
      (row) => row.id,
    );
  const filesOf = (ids: readonly string[]) => files().filter((name) => ids.includes(smsFileId(name) ?? ''));
  /** The digits of a Danish number as an SMS writes them ("tlf. 31 41 51 61"). */
  const mentions = (name: string, digits: string) => text(name).replace(/\D/g, '').includes(digits);

  /** When the next emergency is paged: after the last one's SMS, so each person's budget is free. */
  let nextStart = 0;
  let addresses = 0;
  /**
   * An emergency at its own address (the duplicate rule would link a second one at the same
   * address, and page nobody), paged to the first person, after the escalation time to the
   * second, and as nobody took it, to both again: four SMS of its own.
   */
  const pagedEmergency = async (contact: { email: string; telefon: string; fuldeNavn: string }) => {
    addresses += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...emergencyBody(), adresse: `Strandvejen ${addresses}, 2900 Hellerup`, ...contact },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const worker = t.app.deps.oncall.worker;
    const start = Math.max(Date.now() + 1_000, nextStart);
    await worker.runDue(new Date(start));
    await worker.runDue(new Date(start + 61_000));
    await worker.runDue(new Date(start + 122_000));
    // At most one page SMS a minute per person: the next emergency comes well after these, so its
    // pages go as single SMS naming it, not in a digest (docs/decisions/paging-at-volume.md).
    nextStart = start + 10 * 60_000;
    const ids = await smsIdsOf(id);
    expect(ids).toHaveLength(4);
    expect(filesOf(ids)).toHaveLength(4);
    return { id, ids };
  };

  it('erasure deletes the SMS files and rows of the erased leads, and keeps the others', async () => {
    const person = await pagedEmergency({
      email: 'sms1@example.dk',
      telefon: '31 41 51 61',
      fuldeNavn: 'Sif Sms',
    });
    const other = await pagedEmergency({
      email: 'sms2@example.dk',
      telefon: '31 41 51 62',
      fuldeNavn: 'Ole Anden',
    });
    const personFiles = filesOf(person.ids);
    expect(personFiles.every((name) => mentions(name, '31415161') && text(name).includes('Sif Sms'))).toBe(
      true,
    );
    const before = files();

    const result = await erasePersonalData(deps(), { phone: '+4531415161' });

    expect(result.erased).toMatchObject({ leads: 1 });
    expect(files()).toEqual(before.filter((name) => !personFiles.includes(name)));
    expect(files().filter((name) => mentions(name, '31415161'))).toEqual([]);
    expect(await db().select().from(oncallSms).where(inArray(oncallSms.id, person.ids))).toEqual([]);
    expect(await db().select().from(oncallPages).where(eq(oncallPages.leadId, person.id))).toEqual([]);
    // The other lead's SMS stay, files and rows.
    expect(filesOf(other.ids)).toHaveLength(4);
    expect(await smsIdsOf(other.id)).toHaveLength(4);
  });

  it('the erasure staff ask for in the inbox takes the SMS too', async () => {
    const person = await pagedEmergency({
      email: 'sms3@example.dk',
      telefon: '32 42 52 62',
      fuldeNavn: 'Tue Tre',
    });
    await addStaff(db(), { email: 'carl@example.dk', password, role: 'koordinator' });
    const carl = new StaffClient(t.app);
    await carl.logIn('carl@example.dk');
    const erase = await carl.request('POST', '/api/staff/personal-data/erase', {
      phone: '32 42 52 62',
      confirm: '+45 32425262',
    });
    expect(erase.statusCode).toBe(200);
    expect(filesOf(person.ids)).toEqual([]);
    expect(files().filter((name) => mentions(name, '32425262'))).toEqual([]);
    expect(await smsIdsOf(person.id)).toEqual([]);
  });

  it('retention deletes the SMS files and rows of the leads past their period, and old stray SMS files', async () => {
    const old = await pagedEmergency({
      email: 'gammel-sms@example.dk',
      telefon: '33 43 53 63',
      fuldeNavn: 'Gamle Gert',
    });
    const recent = await pagedEmergency({
      email: 'ny-sms@example.dk',
      telefon: '33 43 53 64',
      fuldeNavn: 'Nye Nina',
    });
    const longAgo = new Date(Date.now() - 3 * 366 * 24 * 60 * 60_000);
    await db().update(leads).set({ createdAt: longAgo, lastContactAt: longAgo }).where(eq(leads.id, old.id));
    // An SMS file of a lead deleted before (nothing names it any more), years old, and a new one.
    const stray = '2020-01-01T00-00-00-000Z-00000000-0000-4000-8000-000000000001.txt';
    const fresh = `${new Date().toISOString().replace(/[:.]/g, '-')}-00000000-0000-4000-8000-000000000002.txt`;
    writeFileSync(join(smsDir(), stray), 'Til: +4521111111\n\nAKUT SK-GAMMEL\n');
    utimesSync(join(smsDir(), stray), longAgo, longAgo);
    writeFileSync(join(smsDir(), fresh), 'Til: +4521111111\n\nAKUT SK-NY\n');
    const oldFiles = filesOf(old.ids);
    const before = files();

    const result = await runRetention(deps());

    expect(result).toMatchObject({ leads: 1, smsFiles: oldFiles.length + 1 });
    expect(files()).toEqual(before.filter((name) => !oldFiles.includes(name) && name !== stray));
    expect(await db().select().from(oncallSms).where(inArray(oncallSms.id, old.ids))).toEqual([]);
    expect(filesOf(recent.ids)).toHaveLength(4);
    expect(await smsIdsOf(recent.id)).toHaveLength(4);
    expect(files()).toContain(fresh);
  });
});
