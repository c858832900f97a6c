/**
 * Signed delivery reports that bring no news, on PGlite and PostgreSQL, for GatewayAPI and CPSMS:
 * a report from long ago, about an SMS from long ago, about an SMS already final, or the same
 * report again is answered 200 (the provider stops sending it) and records nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { oncallPages, oncallSms } from '../../db/schema.ts';
import { signHs256Jwt } from '../../sms/delivery-status.ts';
import {
  createTestDatabaseLocation,
  describeEachDatabase,
  type TestDatabaseLocation,
} from '../../test/databases.ts';
import { smsProviderEnv } from '../../test/fake-sms.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { fakeSmsProviderForEachTest } from '../../test/fake-sms-per-test.ts';
import { startPagingApp } from '../../test/paging-app.ts';

const webhookSecret = 'gatewayapi-webhook-token-1';
const staff = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4511111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
];
const day = 24 * 60 * 60_000;

for (const kind of ['gatewayapi', 'cpsms'] as const) {
  describeEachDatabase(`delivery reports without news from ${kind}`, (target) => {
    const gateway = fakeSmsProviderForEachTest(kind);
    let location: TestDatabaseLocation;
    let app: FastifyInstance;
    const clock = { now: new Date() };

    beforeEach(async () => {
      location = await createTestDatabaseLocation(target.kind);
      const env = {
        ONCALL_ESCALATE_AFTER_SECONDS: '600',
        ...smsProviderEnv(gateway),
        SMS_WEBHOOK_SECRET: webhookSecret,
      };
      app = (await startPagingApp(location, env, { clock, chain: staff })).app;
    });
    afterEach(async () => {
      await app.close();
      await location.cleanup();
    });

    /** An emergency paged to Anna: her SMS and the report URL CPSMS was given. */
    async function pageAnna() {
      const posted = await app.inject({ method: 'POST', url: '/api/leads', payload: emergencyBody() });
      expect(posted.statusCode).toBe(201);
      clock.now = new Date(Date.now() + 10);
      await app.deps.oncall.worker.runDue(clock.now);
      const [sms] = await app.deps.db.select().from(oncallSms);
      return { sms: sms!, dlrUrl: String(gateway.received[0]!.body.dlr_url) };
    }

    type State = 'ENROUTE' | 'DELIVERED' | 'UNDELIVERABLE';
    const cpsmsStatus: Record<State, string> = { ENROUTE: '3', DELIVERED: '1', UNDELIVERABLE: '2' };

    /** A correctly signed report, dated `at` (GatewayAPI's `time`; CPSMS dates none). */
    async function report(anna: { sms: { id: string }; dlrUrl: string }, state: State, at = clock.now) {
      const answer =
        kind === 'gatewayapi'
          ? await (() => {
              const claims = {
                id: 4711,
                msisdn: 4511111111,
                time: Math.floor(at.getTime() / 1000),
                status: state,
                userref: anna.sms.id,
              };
              return app.inject({
                method: 'POST',
                url: '/sms-status/gatewayapi',
                payload: claims,
                headers: { 'x-gwapi-signature': signHs256Jwt(claims, webhookSecret) },
              });
            })()
          : await app.inject({
              method: 'POST',
              url: `${new URL(anna.dlrUrl).pathname}?status=${cpsmsStatus[state]}&receiver=4511111111`,
            });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { outcome: string }).outcome;
    }

    async function stored(smsId: string) {
      const [row] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.id, smsId));
      return { state: row!.deliveryState, reportedAt: row!.deliveryReportedAt?.getTime() ?? null };
    }

    async function pageDueAt() {
      const [page] = await app.deps.db.select().from(oncallPages);
      return page!.runAt.getTime();
    }

    it('takes the same report once: sent again it is answered 200 and changes nothing', async () => {
      const anna = await pageAnna();
      expect(await report(anna, 'ENROUTE')).toBe('recorded');
      const first = await stored(anna.sms.id);
      clock.now = new Date(clock.now.getTime() + 5_000);
      expect(await report(anna, 'ENROUTE', new Date(clock.now.getTime() - 5_000))).toBe('replay');
      expect(await stored(anna.sms.id)).toEqual(first);
      if (kind === 'gatewayapi') {
        // An earlier state arriving late is no news either.
        expect(await report(anna, 'UNDELIVERABLE', new Date(first.reportedAt! - 60_000))).toBe('replay');
        expect(await stored(anna.sms.id)).toEqual(first);
      }
    });

    it('keeps a final state: a failure reported after "delivered" pages nobody', async () => {
      const anna = await pageAnna();
      const due = await pageDueAt();
      expect(await report(anna, 'DELIVERED')).toBe('recorded');
      const delivered = await stored(anna.sms.id);
      clock.now = new Date(clock.now.getTime() + 1_000);
      expect(await report(anna, 'DELIVERED')).toBe('stale');
      expect(await report(anna, 'UNDELIVERABLE')).toBe('stale');
      expect(await stored(anna.sms.id)).toEqual(delivered);
      expect(await pageDueAt()).toBe(due);
    });

    it('refuses a report about an SMS sent more than a day ago', async () => {
      const anna = await pageAnna();
      const due = await pageDueAt();
      clock.now = new Date(clock.now.getTime() + day + 60_000);
      expect(await report(anna, 'UNDELIVERABLE')).toBe('too-old');
      expect(await stored(anna.sms.id)).toEqual({ state: null, reportedAt: null });
      expect(await pageDueAt()).toBe(due);
    });

    if (kind === 'gatewayapi') {
      it('refuses a signed report dated 2020-01-01, however often it comes', async () => {
        const anna = await pageAnna();
        const due = await pageDueAt();
        for (const state of ['UNDELIVERABLE', 'UNDELIVERABLE', 'DELIVERED'] as const) {
          expect(await report(anna, state, new Date('2020-01-01T00:00:00Z'))).toBe('too-old');
        }
        expect(await stored(anna.sms.id)).toEqual({ state: null, reportedAt: null });
        expect(await pageDueAt()).toBe(due);
        // News still counts afterwards.
        expect(await report(anna, 'DELIVERED')).toBe('recorded');
      });
    }
  });
}
