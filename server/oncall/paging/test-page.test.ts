/**
 * The weekly test page on PGlite and PostgreSQL: on Tuesday between 10 and 11 the person on call
 * gets the test SMS through the paging worker, once a week; a refusal, an undelivered report or
 * nobody on call e-mails the company inbox.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { zonedTime } from '../../../domain/zoned-time.ts';
import { mailJobs, oncallSms, users } from '../../db/schema.ts';
import { SmsSendError, type SmsTransport } from '../../sms/transport.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordDeliveryReport } from './delivery.ts';
import { setChain } from '../rota/rota-store.ts';
import { sendTestPage, testPageJob, testPageMailComposer } from './test-page.ts';
import { recordJobWakes } from '../../test/job-wakes.ts';

const anna = { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4521111111' };
/** Tuesday 1 December 2026, Copenhagen time. */
const tuesday = (hour: number, minute = 0, weeks = 0) => zonedTime(2026, 12, 1 + 7 * weeks, hour, minute);
const quiet = { info() {}, warn() {}, error() {} };

describeEachDatabase('the weekly test page', (target) => {
  let t: TestApp;
  let received: { to: string; text: string }[];
  let refuse: number | null;
  const notified: string[] = [];
  let stopRecording = () => {};
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      if (refuse) throw new SmsSendError(`refused with ${refuse}`, refuse);
      received.push({ to: message.to, text: message.text });
      return { ids: [`id-${received.length}`] };
    },
  };

  beforeEach(async () => {
    received = [];
    refuse = null;
    notified.length = 0;
    t = await createTestApp({
      database: target,
      mail: { startWorker: false },
      deps: { sms },
      oncall: { startWorker: false },
    });
    stopRecording = recordJobWakes(t.app.deps.db, notified);
  });
  afterEach(async () => {
    stopRecording();
    await t?.close();
  });

  const deps = () => ({ db: t.app.deps.db });
  async function annaOnCall() {
    await t.app.deps.db.insert(users).values({ ...anna, passwordHash: 'x' });
    await setChain(t.app.deps.db, {
      emails: [anna.email],
      now: new Date(Date.now() - 60_000),
      actor: 'test',
    });
  }
  const failures = async () =>
    (await t.app.deps.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-test-failed'))).map(
      (job) => job.payload,
    );
  const compose = (payload: unknown) =>
    testPageMailComposer.compose(
      {
        mail: { from: 'a@skade.example.dk', to: 'kontor@skade.example.dk' },
        publicUrl: 'https://skade.example.dk',
      } as never,
      { id: 'job-1', kind: 'oncall-test-failed', payload, attempts: 0 },
      {} as never,
    );

  it('sends the person on call the test SMS on Tuesday between 10 and 11, once a week', async () => {
    await annaOnCall();
    const job = testPageJob(deps());
    expect(job.intervalMs).toBe(60 * 60_000);
    await job.run(tuesday(9, 59));
    await job.run(tuesday(11, 0));
    expect(await sendTestPage(deps(), tuesday(10, 15))).toBe('queued');
    expect(notified).toEqual(['oncall.sms']);
    await t.app.deps.oncall.worker.runDue(tuesday(10, 15));
    expect(received).toEqual([{ to: anna.phone, text: 'Test af vagttelefonen: svar ikke. Alt virker.' }]);
    // A second copy, a restart or a retry in the same hour sends nothing more.
    expect(await sendTestPage(deps(), tuesday(10, 45))).toBe('done-this-week');
    await t.app.deps.oncall.worker.runDue(tuesday(10, 46));
    expect(received).toHaveLength(1);
    // The next Tuesday again.
    await job.run(tuesday(10, 5, 1));
    await t.app.deps.oncall.worker.runDue(tuesday(10, 5, 1));
    expect(received).toHaveLength(2);
    expect(await failures()).toEqual([]);
  });

  it('e-mails the company inbox when the gateway refuses the test SMS', async () => {
    await annaOnCall();
    refuse = 401;
    await sendTestPage(deps(), tuesday(10, 0));
    await t.app.deps.oncall.worker.runDue(tuesday(10, 0));
    const [row] = await t.app.deps.db.select().from(oncallSms).where(eq(oncallSms.purpose, 'test'));
    expect(row?.status).toBe('failed');
    const payloads = await failures();
    expect(payloads).toEqual([
      {
        leadId: null,
        person: { name: 'Anna Holm', phone: anna.phone },
        detail: expect.stringContaining('401'),
      },
    ]);
    // Only the company inbox: no fallback page e-mail to the person for a test.
    expect(await t.app.deps.db.select().from(mailJobs)).toHaveLength(1);
    const mail = await compose(payloads[0]);
    expect(mail).toMatchObject({ to: 'kontor@skade.example.dk', subject: 'Test af vagttelefonen fejlede' });
    expect(mail.text).toContain('Den ugentlige test-SMS til Anna Holm (21 11 11 11) kom ikke frem');
  });

  it('e-mails the company inbox when the test SMS is reported undelivered', async () => {
    await annaOnCall();
    await sendTestPage(deps(), tuesday(10, 0));
    await t.app.deps.oncall.worker.runDue(tuesday(10, 0));
    const [row] = await t.app.deps.db.select().from(oncallSms).where(eq(oncallSms.purpose, 'test'));
    const outcome = await recordDeliveryReport(
      { db: t.app.deps.db, log: quiet },
      {
        smsId: row!.id,
        state: 'UNDELIVERABLE',
        delivered: false,
        failed: true,
        detail: null,
        at: tuesday(10, 1),
      },
      tuesday(10, 1),
    );
    expect(outcome).toBe('recorded');
    expect(await failures()).toEqual([
      {
        leadId: null,
        person: { name: 'Anna Holm', phone: anna.phone },
        detail: 'leveringsrapport UNDELIVERABLE',
      },
    ]);
    expect(notified).toContain('mail');
  });

  it('e-mails the company inbox when nobody with a phone is on call', async () => {
    expect(await sendTestPage(deps(), tuesday(10, 0))).toBe('nobody');
    const payloads = await failures();
    expect(payloads).toHaveLength(1);
    const mail = await compose(payloads[0]);
    expect(mail.text).toContain('ingen med mobilnummer er på vagt');
    expect(await t.app.deps.db.select().from(oncallSms)).toEqual([]);
  });
});
