/**
 * The SMS account check against fakes of GatewayAPI (GET /rest/me) and CPSMS (GET
 * /v2/creditvalue), on PGlite and PostgreSQL: a refusal or a low credit e-mails the company inbox.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { mailJobs } from '../../db/schema.ts';
import { createCpsmsTransport } from '../../sms/cpsms.ts';
import { createGatewayapiTransport } from '../../sms/gatewayapi.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../test/databases.ts';
import { startFakeSmsProvider, type FakeSmsProvider } from '../../test/fake-sms.ts';
import { checkSmsAccount, smsAccountMailComposer } from './sms-account.ts';
import { recordJobWakes } from '../../test/job-wakes.ts';

const quiet = { info() {}, warn() {}, error() {} };

for (const kind of ['gatewayapi', 'cpsms'] as const) {
  describeEachDatabase(`the ${kind} account check`, (target) => {
    let database: TestDatabase;
    let fake: FakeSmsProvider;
    const notified: string[] = [];

    let stopRecording = () => {};

    beforeAll(async () => {
      database = await createTestDatabase(target.kind);
      stopRecording = recordJobWakes(database.db, notified);
      fake = await startFakeSmsProvider(kind);
    });
    afterAll(async () => {
      stopRecording();
      await fake.stop();
      await database.dispose();
    });
    afterEach(async () => {
      fake.failWith(null);
      fake.credit = 1234.56;
      notified.length = 0;
      await fake.start();
      await database.db.delete(mailJobs);
    });

    const check = () => {
      const options = { url: fake.url, token: fake.token, sender: 'Skadekomp' };
      const sms = kind === 'gatewayapi' ? createGatewayapiTransport(options) : createCpsmsTransport(options);
      return checkSmsAccount({
        db: database.db,
        sms,
        warnBelow: 100,
        log: quiet,
      });
    };
    const alerts = async () =>
      (await database.db.select().from(mailJobs)).map((job) => ({ kind: job.kind, payload: job.payload }));

    it('reads the credit in the documented format and stays quiet when there is enough', async () => {
      expect(await check()).toBe('ok');
      expect(await alerts()).toEqual([]);
    });

    it('e-mails the company inbox when the credit is low', async () => {
      fake.credit = 42.5;
      expect(await check()).toBe('low-credit');
      const [alert] = await alerts();
      expect(alert).toEqual({
        kind: 'sms-account-alert',
        payload: { leadId: null, problem: 'low-credit', detail: kind === 'gatewayapi' ? '42,5 DKK' : '42,5' },
      });
      expect(notified).toEqual(['mail']);
    });

    it('e-mails the company inbox when the provider refuses our credentials', async () => {
      fake.failWith(401);
      expect(await check()).toBe('refused');
      const [alert] = await alerts();
      expect(alert?.payload).toMatchObject({ problem: 'refused' });
      const mail = smsAccountMailComposer.compose(
        {
          mail: { from: 'a@skade.example.dk', to: 'kontor@skade.example.dk' },
          publicUrl: 'https://skade.example.dk',
        } as never,
        { id: 'job-1', kind: 'sms-account-alert', payload: alert!.payload, attempts: 0 },
        {} as never,
      );
      expect(mail).toMatchObject({
        to: 'kontor@skade.example.dk',
        subject: 'SMS-udbyderen afviser os: vagt-SMS kan ikke sendes',
      });
    });

    it('only logs a provider that cannot be reached (the pages themselves are retried)', async () => {
      await fake.stop();
      expect(await check()).toBe('unreachable');
      expect(await alerts()).toEqual([]);
    });
  });
}
