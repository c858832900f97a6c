/**
 * Customers' SMS answers from GatewayAPI's webhook for received messages, on PGlite and
 * PostgreSQL: signed → in the thread of the lead we texted that number about and the assigned
 * person told; a number we texted about no lead or several (a stranger typed the customer's
 * number into a form) → the company inbox only, saying why, never a case page; sent again →
 * stored once; forged or unsigned → 401; signed but without a sender → 400; no secret → no route.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadMessages, leadNotes, leads, mailJobs, users } from '../../db/schema.ts';
import { signHs256Jwt } from '../../sms/delivery-status.ts';
import { addStaff } from '../../staff/accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { smsProviderEnv, startFakeSmsProvider, type FakeSmsProvider } from '../../test/fake-sms.ts';
import { contactBody, emergencyBody, reportBody } from '../../test/lead-bodies.ts';
import { password, StaffClient } from '../../test/staff-client.ts';
import { createStaffTestApp } from '../../test/staff-test-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postLead } from '../../test/post-lead.ts';
import { forwardedAnswerKeepDays, forwardedAnswersPurgeJob } from './answer-store.ts';
import { keptMail } from '../../test/kept-mail.ts';

const casePageLink = /\/sag\/([A-Za-z0-9_-]{43})/;
const MAIL_TO = 'kontor@skade.example.dk';
const webhookSecret = 'gatewayapi-webhook-token-1';

describeEachDatabase('customer answers by SMS', (target) => {
  let t: TestApp;
  let gateway: FakeSmsProvider;
  let anna: StaffClient;
  const { sent, transport } = keptMail();
  const db = () => t.app.deps.db;
  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  let nextId = 1000;

  beforeAll(async () => {
    gateway = await startFakeSmsProvider('gatewayapi');
    t = await createStaffTestApp(target, {
      env: { MAIL_TO, SMS_WEBHOOK_SECRET: webhookSecret, ...smsProviderEnv(gateway) },
      mail: { startWorker: false, transport },
      oncall: { startWorker: false },
      messages: { startWorker: false },
    });
    await addStaff(db(), { email: 'anna@skade.example.dk', name: 'Anna Holm', password });
    anna = new StaffClient(t.app);
    await anna.logIn('anna@skade.example.dk');
  });
  afterAll(async () => {
    await t.close();
    await gateway.stop();
  });
  beforeEach(async () => {
    await deliver();
    sent.length = 0;
  });

  const newLead = (body: object) => postLead(t.app, body);

  /** The lead and the case page link its sender got in the receipt. */
  async function newLeadWithCasePage(body: object) {
    const lead = await newLead(body);
    await deliver();
    const receipt = sent.find((mail) => mail.subject.includes(lead.reference) && mail.to !== MAIL_TO);
    const token = casePageLink.exec(receipt?.text ?? '')?.[1];
    expect(token).toBeDefined();
    return { ...lead, casePage: `/sag/${token!}` };
  }
  const casePage = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).body;

  /** Staff text the lead's customer from the lead, and the SMS goes out. */
  async function textCustomer(leadId: string, text: string) {
    const response = await anna.request('POST', `/api/staff/leads/${leadId}/messages`, {
      text,
      channel: 'sms',
    });
    expect(response.statusCode).toBe(201);
    expect((await t.app.deps.messages.worker.runDue(new Date(Date.now() + 1000))).sent).toBe(1);
  }
  const threadOf = async (leadId: string) =>
    (await db().select().from(leadMessages).where(eq(leadMessages.leadId, leadId)))
      .filter((message) => message.direction === 'in')
      .map((message) => message.body);
  const notesOf = async (leadId: string) =>
    (await db().select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).map((note) => note.body);

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

  it('files a signed SMS under the lead we texted that number about and tells the assigned person, once', async () => {
    const [bo] = await db()
      .insert(users)
      .values({ email: 'bo@skade.example.dk', name: 'Bo Jensen', passwordHash: 'not-used' })
      .returning();
    // Both have 22 34 56 01; we texted the older one, so the answer is its, not the newest open one's.
    const texted = await newLead({ ...reportBody(), telefon: '22 34 56 01' });
    const newer = await newLead({ ...reportBody(), telefon: '22 34 56 01' });
    await db().update(leads).set({ assignedTo: bo!.id }).where(eq(leads.id, texted.id));
    await textCustomer(texted.id, 'Er I hjemme i dag?');

    const fields = sms(4522345601, 'Vi er hjemme <b>hele</b> dagen');
    const response = await incoming(fields);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'stored' });
    // GatewayAPI sends again when it did not hear 2xx in time: stored once.
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'duplicate' });

    const thread = await db().select().from(leadMessages).where(eq(leadMessages.leadId, texted.id));
    expect(
      thread
        .filter((message) => message.direction === 'in')
        .map((message) => [message.direction, message.channel, message.body]),
    ).toEqual([['in', 'sms', 'Vi er hjemme <b>hele</b> dagen']]);
    expect(await threadOf(newer.id)).toEqual([]);

    await deliver();
    const told = sent.filter((mail) => mail.subject === `Svar fra kunden på ${texted.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toEqual({ name: 'Bo Jensen', address: 'bo@skade.example.dk' });
    expect(told[0]!.text).toContain('svarede på SMS');
    expect(told[0]!.html).toContain('Vi er hjemme &lt;b&gt;hele&lt;/b&gt; dagen');
  });

  it("keeps a customer's answer off a stranger's case page that carries the customer's number", async () => {
    const victim = await newLeadWithCasePage({
      ...emergencyBody(),
      telefon: '22 34 56 02',
      email: 'per@example.dk',
    });
    await textCustomer(victim.id, 'Vi kommer kl. 14. Hvordan kommer vi ind?');
    // Afterwards a stranger files a contact form with the victim's number and their own e-mail.
    const attacker = await newLeadWithCasePage({
      ...contactBody,
      phone: '22 34 56 02',
      email: 'fremmed@example.net',
    });

    const secret = 'Koden til hoveddøren er 4321';
    expect((await incoming(sms(4522345602, secret))).json()).toMatchObject({ outcome: 'stored' });
    expect(await threadOf(victim.id)).toEqual([secret]);
    expect(await casePage(victim.casePage)).toContain(secret);
    expect(await threadOf(attacker.id)).toEqual([]);
    expect(await casePage(attacker.casePage)).toContain(attacker.reference);
    expect(await casePage(attacker.casePage)).not.toContain(secret);
  });

  it('gives staff only an SMS from a number we texted about several leads, and says why', async () => {
    const first = await newLeadWithCasePage({ ...reportBody(), telefon: '22 34 56 03' });
    const second = await newLeadWithCasePage({
      ...contactBody,
      phone: '22 34 56 03',
      email: 'anden@example.net',
    });
    await textCustomer(first.id, 'Vi kommer i morgen.');
    await textCustomer(second.id, 'Tak for din henvendelse.');

    const fields = sms(4522345603, 'Koden er 1234');
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'forwarded' });
    expect((await incoming(fields)).json()).toMatchObject({ outcome: 'forwarded-before' });
    for (const lead of [first, second]) {
      expect(await threadOf(lead.id)).toEqual([]);
      expect(await casePage(lead.casePage)).not.toContain('Koden er');
    }
    await deliver();
    const forwarded = sent.filter((mail) => mail.subject === 'SMS uden sag fra +4522345603');
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.to).toBe(MAIL_TO);
    const references = [first.reference, second.reference].sort();
    expect(forwarded[0]!.text).toContain(`om flere sager (${references.join(', ')})`);
    expect(forwarded[0]!.text).toContain('Koden er 1234');
    // Each lead tells staff where the answer went, once, without the customer's text.
    for (const lead of [first, second]) {
      const notes = (await notesOf(lead.id)).filter((note) => note.includes('En SMS fra +4522345603'));
      expect(notes).toHaveLength(1);
      expect(notes[0]).not.toContain('Koden er');
    }
  });

  it('gives staff only an SMS from the number of an open lead we never texted', async () => {
    const lead = await newLeadWithCasePage({ ...reportBody(), telefon: '22 34 56 04' });
    expect((await incoming(sms(4522345604, 'Døren er åben'))).json()).toMatchObject({ outcome: 'forwarded' });
    expect(await threadOf(lead.id)).toEqual([]);
    expect(await casePage(lead.casePage)).not.toContain('Døren er åben');
    await deliver();
    const forwarded = sent.find((mail) => mail.subject === 'SMS uden sag fra +4522345604');
    expect(forwarded?.text).toContain('Vi har ikke sendt SMS til dette nummer');
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
