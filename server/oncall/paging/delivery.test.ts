/**
 * Delivery reports end to end, on PGlite and PostgreSQL, against fakes speaking GatewayAPI's and
 * CPSMS's documented formats: the SMS asks for reports, a signed "undeliverable" pages the next
 * person at once, a forged or unsigned report changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { mailJobs, oncallPages, oncallSms } from '../../db/schema.ts';
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

const publicUrl = 'https://skade.example.dk';
const webhookSecret = 'gatewayapi-webhook-token-1';
const staff = [
  { email: 'anna@skade.example.dk', name: 'Anna Holm', phone: '+4511111111' },
  { email: 'bo@skade.example.dk', name: 'Bo Jensen', phone: '+4522222222' },
];

for (const kind of ['gatewayapi', 'cpsms'] as const) {
  describeEachDatabase(`delivery reports from ${kind}`, (target) => {
    const gateway = fakeSmsProviderForEachTest(kind);
    let location: TestDatabaseLocation;
    let app: FastifyInstance;
    const clock = { now: new Date() };

    beforeEach(async () => {
      location = await createTestDatabaseLocation(target.kind);
      app = await startApp(location, { SMS_WEBHOOK_SECRET: webhookSecret });
    });
    afterEach(async () => {
      await app.close();
      await location.cleanup();
    });

    /** The app on `where` with Anna, then Bo, on call. */
    async function startApp(where: TestDatabaseLocation, env: Record<string, string>) {
      const env600 = { ONCALL_ESCALATE_AFTER_SECONDS: '600', ...smsProviderEnv(gateway), ...env };
      return (await startPagingApp(where, env600, { clock, chain: staff })).app;
    }

    /** An emergency paged to Anna; her SMS row and what the gateway received. */
    async function pageAnna() {
      const posted = await app.inject({ method: 'POST', url: '/api/leads', payload: emergencyBody() });
      expect(posted.statusCode).toBe(201);
      clock.now = new Date(Date.now() + 10);
      await app.deps.oncall.worker.runDue(clock.now);
      expect(gateway.received.map((sms) => sms.to)).toEqual(['+4511111111']);
      const [sms] = await app.deps.db.select().from(oncallSms);
      return { sms: sms!, request: gateway.received[0]!.body };
    }

    /**
     * Sends a report the way the provider does; `sign` false sends it unsigned (or to a forged URL);
     * `asForm` posts its fields as a URL-encoded form besides.
     */
    function report(
      smsId: string,
      providerId: string,
      state: 'UNDELIVERABLE' | 'DELIVERED',
      sign = true,
      asForm = false,
    ) {
      if (kind === 'gatewayapi') {
        const claims = {
          id: Number(providerId),
          msisdn: 4511111111,
          time: Math.floor(clock.now.getTime() / 1000),
          status: state,
          error: state === 'DELIVERED' ? null : 'Unknown subscriber',
          code: state === 'DELIVERED' ? null : '0x1010',
          userref: smsId,
        };
        return app.inject({
          method: 'POST',
          url: '/sms-status/gatewayapi',
          ...(asForm ? form(claims) : { payload: claims }),
          headers: {
            ...(sign ? { 'x-gwapi-signature': signHs256Jwt(claims, webhookSecret) } : {}),
            ...(asForm ? form(claims).headers : {}),
          },
        });
      }
      const status = state === 'DELIVERED' ? '1' : '2';
      const url = new URL(`${String(gatewayDlrUrl)}`);
      const path = sign ? url.pathname : url.pathname.replace(/\.[^.]+$/, '.forged');
      const query = `status=${status}&receiver=4511111111`;
      return app.inject({
        method: 'POST',
        url: `${path}?${query}`,
        ...(asForm ? form(Object.fromEntries(new URLSearchParams(query))) : {}),
      });
    }
    const form = (fields: Record<string, unknown>) => ({
      payload: new URLSearchParams(
        Object.entries(fields).map(([name, value]) => [name, String(value)]),
      ).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    let gatewayDlrUrl: unknown;

    it('asks for reports in the documented field, and limits how long the network tries', async () => {
      const { sms, request } = await pageAnna();
      if (kind === 'gatewayapi') {
        expect(request).toMatchObject({
          userref: sms.id,
          callback_url: `${publicUrl}/sms-status/gatewayapi`,
          validity_period: 600,
        });
      } else {
        expect(String(request.dlr_url)).toMatch(
          new RegExp(`^${publicUrl}/sms-status/cpsms/${sms.id}\\.[\\w-]+$`),
        );
      }
    });

    it('pages the next person at once when the SMS cannot be delivered', async () => {
      const { sms, request } = await pageAnna();
      gatewayDlrUrl = request.dlr_url;
      const answer = await report(sms.id, sms.providerIds ?? '', 'UNDELIVERABLE');
      expect(answer.statusCode).toBe(200);
      const [stored] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.id, sms.id));
      expect(stored?.deliveryState).toBe(kind === 'gatewayapi' ? 'UNDELIVERABLE' : 'cpsms:2');
      // A second later, not ten minutes later: Bo is paged.
      clock.now = new Date(clock.now.getTime() + 1000);
      await app.deps.oncall.worker.runDue(clock.now);
      expect(gateway.received.map((received) => received.to)).toEqual(['+4511111111', '+4522222222']);
    });

    it('keeps "delivered" and waits out the escalation window', async () => {
      const { sms, request } = await pageAnna();
      gatewayDlrUrl = request.dlr_url;
      expect((await report(sms.id, sms.providerIds ?? '', 'DELIVERED')).statusCode).toBe(200);
      clock.now = new Date(clock.now.getTime() + 1000);
      await app.deps.oncall.worker.runDue(clock.now);
      expect(gateway.received).toHaveLength(1);
      const [stored] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.id, sms.id));
      expect(stored?.deliveryState).toBe(kind === 'gatewayapi' ? 'DELIVERED' : 'cpsms:1');
      expect(stored?.deliveryReportedAt).not.toBeNull();
    });

    it('reads a report posted as a URL-encoded form as the provider signed it', async () => {
      const { sms, request } = await pageAnna();
      gatewayDlrUrl = request.dlr_url;
      const answer = await report(sms.id, sms.providerIds ?? '', 'DELIVERED', true, true);
      expect(answer.json()).toEqual({ ok: true, outcome: 'recorded' });
      const [stored] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.id, sms.id));
      expect(stored?.deliveryState).toBe(kind === 'gatewayapi' ? 'DELIVERED' : 'cpsms:1');
      const unsigned = await report(sms.id, sms.providerIds ?? '', 'UNDELIVERABLE', false, true);
      expect(unsigned.statusCode).toBe(401);
    });

    it('refuses an unsigned or forged report with 401 and changes nothing', async () => {
      const { sms, request } = await pageAnna();
      gatewayDlrUrl = request.dlr_url;
      const forged = await report(sms.id, sms.providerIds ?? '', 'UNDELIVERABLE', false);
      expect(forged.statusCode).toBe(401);
      if (kind === 'gatewayapi') {
        const claims = { id: 1, status: 'UNDELIVERABLE', userref: sms.id };
        const wrongKey = await app.inject({
          method: 'POST',
          url: '/sms-status/gatewayapi',
          payload: claims,
          headers: { 'x-gwapi-signature': signHs256Jwt(claims, 'another-secret-entirely') },
        });
        expect(wrongKey.statusCode).toBe(401);
        const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
        const unsignedJwt = await app.inject({
          method: 'POST',
          url: '/sms-status/gatewayapi',
          payload: claims,
          headers: { 'x-gwapi-signature': none },
        });
        expect(unsignedJwt.statusCode).toBe(401);
      }
      const [stored] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.id, sms.id));
      expect(stored?.deliveryState).toBeNull();
      const [page] = await app.deps.db.select().from(oncallPages);
      expect(page!.runAt.getTime()).toBeGreaterThan(clock.now.getTime() + 500_000);
    });

    it('treats a refusal as final: no retry, the page as e-mail and the next person paged at once', async () => {
      const posted = await app.inject({ method: 'POST', url: '/api/leads', payload: emergencyBody() });
      expect(posted.statusCode).toBe(201);
      clock.now = new Date(Date.now() + 10);
      gateway.failWith(kind === 'gatewayapi' ? 403 : 402);
      await app.deps.oncall.worker.runDue(clock.now);
      const [anna] = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.phone, '+4511111111'));
      expect(anna).toMatchObject({ status: 'failed', attempts: 1 });
      const mails = await app.deps.db
        .select()
        .from(mailJobs)
        .where(eq(mailJobs.kind, 'oncall-page-fallback'));
      expect(
        mails.map((job) => (job.payload as { to: { address: string } | null }).to?.address ?? 'MAIL_TO'),
      ).toEqual(['anna@skade.example.dk', 'MAIL_TO']);
      expect((mails[0]!.payload as { refusal?: string }).refusal).toContain(
        kind === 'gatewayapi' ? '403' : '402',
      );
      // The next round, a second later: Bo's page is tried, not ten minutes later.
      const before = gateway.requests;
      clock.now = new Date(clock.now.getTime() + 1000);
      await app.deps.oncall.worker.runDue(clock.now);
      expect(gateway.requests).toBeGreaterThan(before);
      const bo = await app.deps.db.select().from(oncallSms).where(eq(oncallSms.phone, '+4522222222'));
      expect(bo).toHaveLength(1);
    });

    it('retries a server error as a passing fault', async () => {
      const posted = await app.inject({ method: 'POST', url: '/api/leads', payload: emergencyBody() });
      expect(posted.statusCode).toBe(201);
      clock.now = new Date(Date.now() + 10);
      gateway.failWith(500);
      await app.deps.oncall.worker.runDue(clock.now);
      gateway.failWith(null);
      const [anna] = await app.deps.db.select().from(oncallSms);
      expect(anna).toMatchObject({ status: 'pending', attempts: 1 });
      expect(
        await app.deps.db.select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-page-fallback')),
      ).toEqual([]);
      clock.now = new Date(clock.now.getTime() + 60_000);
      await app.deps.oncall.worker.runDue(clock.now);
      expect(gateway.received.map((sms) => sms.to)).toEqual(['+4511111111']);
    });

    it('answers 404 without SMS_WEBHOOK_SECRET, and asks for no reports', async () => {
      await app.close();
      await location.cleanup();
      location = await createTestDatabaseLocation(target.kind);
      app = await startApp(location, {});
      const { request } = await pageAnna();
      expect(request.callback_url).toBeUndefined();
      expect(request.dlr_url).toBeUndefined();
      const path = kind === 'gatewayapi' ? '/sms-status/gatewayapi' : '/sms-status/cpsms/x.y?status=2';
      expect((await app.inject({ method: 'POST', url: path, payload: {} })).statusCode).toBe(404);
    });
  });
}
