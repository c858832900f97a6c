/**
 * Customers' SMS answers from GatewayAPI's webhook for received messages, on PGlite and
 * PostgreSQL: signed → in the thread of the newest open lead with the sender's number and the
 * assigned person told; sent again → stored once; forged or unsigned → 401; signed but without a
 * sender → 400; an unknown number → forwarded to the company inbox; no secret → no route.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadMessages, leads, mailJobs, users } from '../db/schema.ts';
import type { MailTransport, OutgoingMail } from '../mail/transport.ts';
import { signHs256Jwt } from '../sms/delivery-status.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { forwardedAnswerKeepDays, forwardedAnswersPurgeJob } from './answer-store.ts';
import { senderNumber } from './inbound-sms.ts';

const publicUrl = 'https://skade.example.dk';
const MAIL_TO = 'kontor@skade.example.dk';
const webhookSecret = 'gatewayapi-webhook-token-1';

describe('senderNumber', () => {
  it("reads GatewayAPI's msisdn as E.164", () => {
    expect(senderNumber('4522345678')).toBe('+4522345678');
    expect(senderNumber('22345678')).toBe('+4522345678');
    expect(senderNumber('46701234567')).toBe('+46701234567');
    expect(senderNumber('Skadekomp')).toBeNull();
  });
});

describeEachDatabase('customer answers by SMS', (target) => {
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = {
    kind: 'eml',
    send: async (mail) => void sent.push(mail),
    close: async () => {},
  };
  const db = () => t.app.deps.db;
  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  let nextId = 1000;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: {
        PUBLIC_URL: publicUrl,
        MAIL_TO,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        SMS_WEBHOOK_SECRET: webhookSecret,
      },
      mail: { startWorker: false, transport },
      oncall: { startWorker: false },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await deliver();
    sent.length = 0;
  });

  async function newLead(body: object): Promise<{ id: string; reference: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: body });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json<{ reference: string }>();
    const [row] = await db().select().from(leads).where(eq(leads.reference, reference));
    return { id: row!.id, reference };
  }

  /** Posts an SMS the way GatewayAPI does: the fields as JSON, and as a signed JWT when `secret`. */
  function incoming(fields: Record<string, unknown>, secret: string | null = webhookSecret) {
    return t.app.inject({
      method: 'POST',
      url: '/sms-incoming/gatewayapi',
      payload: fields,
      headers: secret ? { 'x-gwapi-signature': signHs256Jwt(fields, secret) } : {},
    });
  }
  const sms = (msisdn: number, message: string) => ({
    id: (nextId += 1),
    msisdn,
    receiver: 4512345678,
    message,
    senttime: Math.floor(Date.now() / 1000),
    webhook_label: 'svar',
  });

  it('files a signed SMS under the newest open lead with that number and tells the assigned person, once', async () => {
    const [bo] = await db()
      .insert(users)
      .values({ email: 'bo@skade.example.dk', name: 'Bo Jensen', passwordHash: 'not-used' })
      .returning();
    // Both have 22 34 56 78; the newer one is closed, so the older open one gets the answer.
    const open = await newLead(emergencyBody());
    const closed = await newLead(emergencyBody());
    await db().update(leads).set({ status: 'done' }).where(eq(leads.id, closed.id));
    await db().update(leads).set({ assignedTo: bo!.id }).where(eq(leads.id, open.id));

    const fields = sms(4522345678, 'Vi er hjemme <b>hele</b> dagen');
    const response = await incoming(fields);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'stored' });
    // GatewayAPI sends again when it did not hear 2xx in time: stored once.
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'duplicate' });

    const thread = await db().select().from(leadMessages).where(eq(leadMessages.leadId, open.id));
    expect(thread.map((message) => [message.direction, message.channel, message.body])).toEqual([
      ['in', 'sms', 'Vi er hjemme <b>hele</b> dagen'],
    ]);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, closed.id))).toEqual([]);

    await deliver();
    const told = sent.filter((mail) => mail.subject === `Svar fra kunden på ${open.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ name: 'Bo Jensen', address: 'bo@skade.example.dk' });
    expect(told[0]!.text).toContain('svarede på SMS');
    expect(told[0]!.html).toContain('Vi er hjemme &lt;b&gt;hele&lt;/b&gt; dagen');
  });

  it('refuses a forged or unsigned SMS with 401 and stores nothing', async () => {
    const lead = await newLead(reportBody());
    const fields = sms(4587654321, 'Falsk svar');
    expect((await incoming(fields, 'not-the-webhook-token-0')).statusCode).toBe(401);
    expect((await incoming(fields, null)).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/sms-incoming/gatewayapi',
      payload: fields,
      headers: { 'x-gwapi-signature': `${signHs256Jwt(fields, webhookSecret).slice(0, -4)}AAAA` },
    });
    expect(tampered.statusCode).toBe(401);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id))).toEqual([]);
  });

  it('answers a signed SMS without a sender 400 and a body that is not JSON no 5xx', async () => {
    const response = await incoming({ id: 5, message: 'uden afsender' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/sms-incoming/gatewayapi',
      payload: '{"id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('forwards an SMS from a number without an open lead to the company inbox, once', async () => {
    const fields = sms(4531313131, 'Hvornår kommer I?');
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'forwarded' });
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'forwarded-before' });
    await deliver();
    const forwarded = sent.filter((mail) => mail.subject === 'SMS uden sag fra +4531313131');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.to).toBe(MAIL_TO);
    expect(forwarded[0]!.text).toContain('Hvornår kommer I?');

    // The forwarded text does not stay in the outbox for good.
    const stored = () => db().select().from(mailJobs).where(eq(mailJobs.kind, 'customer-answer-unmatched'));
    const purge = forwardedAnswersPurgeJob({ db: db() });
    await purge.run(new Date(Date.now() + (forwardedAnswerKeepDays - 1) * 24 * 60 * 60_000));
    expect(await stored()).not.toEqual([]);
    await purge.run(new Date(Date.now() + (forwardedAnswerKeepDays + 1) * 24 * 60 * 60_000));
    expect(await stored()).toEqual([]);
  });
});

describe('customer answers by SMS without SMS_WEBHOOK_SECRET', () => {
  it('has no route', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'POST', url: '/sms-incoming/gatewayapi', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
