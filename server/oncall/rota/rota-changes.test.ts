/**
 * Changes to who is woken at night, on PGlite and PostgreSQL: the chain, a cover and a mobile
 * number need a fresh code from the person's app (counted under the account's cap on wrong
 * codes), and each change e-mails the company inbox and the people it concerns.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { auditLog, loginAttempts, mailJobs, oncallChains, users } from '../../db/schema.ts';
import { addStaff } from '../../staff/accounts.ts';
import { secondFactorCap } from '../../staff/second-factor-cap.ts';
import { stepUpMessages } from '../../staff/step-up.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { password, publicUrl, StaffClient } from '../../test/staff-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  composeRotaNotice,
  rotaNoticeMail,
  rotaNoticeMailKind,
  type RotaNoticePayload,
} from './rota-notice.ts';
import { addCoverByCommand, setPhoneByCommand } from './rota-commands.ts';

const companyInbox = 'vagt@firma.example.dk';

describeEachDatabase('changes to the rota', (target) => {
  let t: TestApp;
  let kai: StaffClient;
  const db = () => t.app.deps.db;
  const ids: Record<string, string> = {};

  /** The rota notices queued since the last call: recipient (MAIL_TO for the company) → subject. */
  async function notices(): Promise<Record<string, string>> {
    const jobs = await db().select().from(mailJobs).where(eq(mailJobs.kind, rotaNoticeMailKind));
    await db().delete(mailJobs).where(eq(mailJobs.kind, rotaNoticeMailKind));
    const sent: Record<string, string> = {};
    for (const job of jobs) {
      const mail = composeRotaNotice(
        { publicUrl, mail: { from: 'no-reply@example.dk', to: companyInbox } },
        { id: job.id, kind: job.kind, payload: rotaNoticeMail.payload.parse(job.payload), attempts: 0 },
      );
      sent[mail.to as string] = `${mail.subject} | ${mail.text.split('\n').slice(2, 4).join(' ')}`;
    }
    return sent;
  }

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl, MAIL_TO: companyInbox },
      mail: { startWorker: false },
    });
    await addStaff(db(), { email: 'kai@example.dk', name: 'Kai Holm', password, role: 'koordinator' });
    await addStaff(db(), { email: 'bo@example.dk', name: 'Bo Jensen', password });
    await addStaff(db(), { email: 'eva@example.dk', name: 'Eva Lund', password });
    await db().update(users).set({ phone: '+4521212121' });
    for (const row of await db().select().from(users)) ids[row.email.split('@')[0]!] = row.id;
    kai = new StaffClient(t.app, '10.8.0.1');
    await kai.logIn('kai@example.dk');
  });
  afterAll(() => t.close());
  beforeEach(() => notices().then(() => undefined));

  const chain = (memberIds: string[], code?: string) =>
    kai.request('PUT', '/api/staff/oncall/chain', { memberIds, handoverWeekday: 4, handoverHour: 16, code });

  it('asks for a fresh code: none, a wrong one or one already used is refused with 403 in Danish', async () => {
    const missing = await chain([ids.kai!]);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe(stepUpMessages.missing);
    const wrong = await chain([ids.kai!], '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(stepUpMessages.wrong);
    // The code that completed the login is spent: it does not confirm a change afterwards.
    const { code } = await import('../../test/staff-client.ts');
    const used = await chain([ids.kai!], code(kai.secret));
    expect(used.statusCode).toBe(403);
    expect(await db().select().from(oncallChains)).toEqual([]);
    const refused = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'step-up-failed'), eq(auditLog.userId, ids.kai!)));
    expect(refused).toHaveLength(3);
    expect(await notices()).toEqual({});
  });

  it('e-mails the company and everyone in the chain before or after a change', async () => {
    expect((await chain([ids.kai!, ids.bo!], await kai.freshCode('kai@example.dk'))).statusCode).toBe(200);
    expect(await notices()).toEqual({
      [companyInbox]: expect.stringMatching(/^Vagtkæden er ændret \| Ændret af Kai Holm /),
      'kai@example.dk': expect.stringContaining('Vagtkæden er ændret'),
      'bo@example.dk': expect.stringContaining('Vagtkæden er ændret'),
    });
    // Bo is taken off the chain: he is told, and so is Eva, who is put on it.
    expect((await chain([ids.eva!], await kai.freshCode('kai@example.dk'))).statusCode).toBe(200);
    expect(Object.keys(await notices()).sort()).toEqual(
      [companyInbox, 'bo@example.dk', 'eva@example.dk', 'kai@example.dk'].sort(),
    );
  });

  it('e-mails a cover to the person covering and the company, added and removed', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    const endsAt = new Date(Date.now() + 7_200_000).toISOString();
    const added = await kai.request('POST', '/api/staff/oncall/overrides', {
      userId: ids.bo,
      startsAt,
      endsAt,
      code: await kai.freshCode('kai@example.dk'),
    });
    expect(added.statusCode).toBe(200);
    const sent = await notices();
    expect(Object.keys(sent).sort()).toEqual([companyInbox, 'bo@example.dk'].sort());
    expect(sent['bo@example.dk']).toContain('Ny dækning i vagtplanen: Bo Jensen');
    const [override] = (await kai.request('GET', '/api/staff/oncall/rota')).json().overrides;
    const noCode = await kai.request('DELETE', `/api/staff/oncall/overrides/${override.id}`);
    expect(noCode.json()).toEqual({
      message: stepUpMessages.missing,
      errors: { code: [stepUpMessages.missing] },
    });
    const removed = await kai.request('DELETE', `/api/staff/oncall/overrides/${override.id}`, {
      code: await kai.freshCode('kai@example.dk'),
    });
    expect(removed.statusCode).toBe(200);
    expect((await notices())['bo@example.dk']).toContain('Dækning fjernet: Bo Jensen');
  });

  it('e-mails a changed number to its owner and the company, from the inbox and the command line', async () => {
    const phone = await kai.request('PUT', '/api/staff/me/phone', {
      phone: '+46 70 123 45 67',
      code: await kai.freshCode('kai@example.dk'),
    });
    expect(phone.json()).toEqual({ phone: '+46701234567' });
    const sent = await notices();
    expect(Object.keys(sent).sort()).toEqual([companyInbox, 'kai@example.dk'].sort());
    expect(sent['kai@example.dk']).toContain('Mobilnummer ændret: Kai Holm');

    await setPhoneByCommand(db(), {
      email: 'eva@example.dk',
      phone: '31 31 31 31',
      now: new Date(),
      actor: 'cli:ops',
    });
    const fromShell = await notices();
    expect(Object.keys(fromShell).sort()).toEqual([companyInbox, 'eva@example.dk'].sort());
    expect(fromShell[companyInbox]).toContain('kommandolinjen (npm run staff, ops)');
    await addCoverByCommand(db(), {
      email: 'eva@example.dk',
      startsAt: new Date(Date.now() + 3_600_000),
      endsAt: new Date(Date.now() + 7_200_000),
      now: new Date(),
      actor: 'cli:ops',
    });
    expect(Object.keys(await notices()).sort()).toEqual([companyInbox, 'eva@example.dk'].sort());
  });

  it('counts wrong codes under the account cap, so guessing stops at the cap, the right code too', async () => {
    await db().delete(loginAttempts);
    for (let i = 0; i < secondFactorCap.failures; i++)
      expect((await chain([ids.kai!], '000000')).statusCode).toBe(403);
    const capped = await chain([ids.kai!], await kai.freshCode('kai@example.dk'));
    expect(capped.statusCode).toBe(429);
    expect(capped.headers['retry-after']).toBeDefined();
    const payloads = (await db().select().from(mailJobs)).map(
      (job) => job.payload as Partial<RotaNoticePayload>,
    );
    expect(payloads.some((payload) => payload.change)).toBe(false);
  });
});
