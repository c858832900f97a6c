/**
 * Staff writing to a customer from the lead, end to end on PGlite and PostgreSQL: the message in
 * the thread in order with its delivery state, its e-mail through the outbox to a real SMTP server
 * (threaded on the receipt and on the thread's earlier e-mails, answering to the lead's reply
 * address, markup shown as text) and its SMS through a fake GatewayAPI, the Danish refusals, the
 * roles, the status messages of a visit and of a closed case, the list's count, and the thread in
 * the personal-data export and erasure.
 */
import { and, eq } from 'drizzle-orm';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadMessageApiMessages } from '../../../domain/staff-api/messages.ts';
import type { ReceivedMail, TestSmtp } from '../../../tests/support/smtp.ts';
import { auditLog, leadMessageSms, leadMessages, leads, mailJobs } from '../../db/schema.ts';
import { addStaff, disableStaff } from '../../staff/accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { FakeSmsProvider } from '../../test/fake-sms.ts';
import { startMessagingApp, type MessagingApp } from '../../test/messaging-app.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../../test/lead-bodies.ts';
import { password, publicUrl, StaffClient, loggedInNewStaff, testStaff } from '../../test/staff-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { postLead } from '../../test/post-lead.ts';
import { replyAddressOf } from '../incoming/answer-address.ts';

const MAIL_TO = 'sager@skade.test';
const REPLY_MAILBOX = 'svar@skade.test';
const SIGNING_SECRET = 'a-signing-secret-for-the-thread-tests-0123';

interface Lead {
  id: string;
  reference: string;
}

interface Sent {
  message: {
    id: string;
    direction: string;
    channel: string;
    body: string;
    authorName: string | null;
    email: string | null;
    sms: string | null;
  };
}

describeEachDatabase('writing to the customer from the lead', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let gateway: FakeSmsProvider;
  let messaging: MessagingApp;
  let anna: StaffClient;
  let maja: StaffClient;
  const db = () => t.app.deps.db;
  let report: Lead;
  let contact: Lead;
  let emergency: Lead;

  const submit = (body: object): Promise<Lead> => postLead(t.app, body);

  const sendMail = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  const write = (client: StaffClient, leadId: string, body: unknown) =>
    client.request('POST', `/api/staff/leads/${leadId}/messages`, body);
  const thread = async (leadId: string) =>
    (await anna.request('GET', `/api/staff/leads/${leadId}/messages`)).json<{
      messages: (Sent['message'] & { createdAt: string })[];
    }>().messages;
  const mailsTo = (address: string): ReceivedMail[] =>
    smtp.messages.filter((mail) => mail.envelope.to[0] === address);
  const references = (mail: ReceivedMail) => [mail.parsed.references ?? []].flat();

  beforeAll(async () => {
    messaging = await startMessagingApp(target, {
      MAIL_TO,
      INBOUND_REPLY_ADDRESS: REPLY_MAILBOX,
      SIGNING_SECRET,
    });
    ({ t, smtp, gateway } = messaging);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    await addStaff(db(), { email: 'maja@example.dk', name: 'Maja Berg', password, role: 'medarbejder' });
    maja = new StaffClient(t.app, '127.0.0.2');
    await maja.logIn('maja@example.dk');
    report = await submit({ ...reportBody(), telefon: '20 11 22 33', email: 'karen@example.dk' });
    // A toll-free number: no SMS.
    contact = await submit({ ...contactBody, phone: '80 12 34 56', email: 'anne@example.dk' });
    emergency = await submit({ ...emergencyBody(), telefon: '22 44 66 88', email: 'per@example.dk' });
    await sendMail();
  });
  afterAll(() => messaging.close());

  it('sends an e-mail threaded on the receipt, the next one on both, answering to the lead', async () => {
    const receipt = mailsTo('karen@example.dk').at(-1)!;
    expect(receipt.parsed.subject).toBe(`Vi har modtaget din skadeanmeldelse – ${report.reference}`);
    const receiptId = receipt.parsed.messageId!;
    expect(receiptId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);

    const first = await write(anna, report.id, {
      text: 'Hej Karen.\nVi kommer tirsdag. <b>Husk</b> at lukke for vandet & strømmen.',
      channel: 'email',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json<Sent>().message).toMatchObject({
      direction: 'out',
      channel: 'case-page',
      authorName: 'Anna Holm',
      email: 'pending',
      sms: null,
    });
    await sendMail();
    const second = await write(maja, report.id, { text: 'Vi er på vej.', channel: 'email' });
    expect(second.statusCode).toBe(201);
    await sendMail();

    const [, firstMail, secondMail] = mailsTo('karen@example.dk');
    expect(firstMail!.parsed.subject).toBe(`Re: Vi har modtaget din skadeanmeldelse – ${report.reference}`);
    expect(firstMail!.parsed.inReplyTo).toBe(receiptId);
    expect(references(firstMail!)).toEqual([receiptId]);
    expect(secondMail!.parsed.inReplyTo).toBe(firstMail!.parsed.messageId);
    expect(references(secondMail!)).toEqual([receiptId, firstMail!.parsed.messageId]);
    expect(secondMail!.parsed.subject).toBe(firstMail!.parsed.subject);

    const replyTo = (firstMail!.parsed.replyTo as AddressObject).value[0]!.address;
    expect(replyTo).toBe(replyAddressOf(SIGNING_SECRET, REPLY_MAILBOX, report.id));
    expect(firstMail!.parsed.text).toContain(
      'Vi kommer tirsdag. <b>Husk</b> at lukke for vandet & strømmen.',
    );
    expect(firstMail!.parsed.text).toContain(`Følg din sag: ${publicUrl}/sag/`);
    expect(firstMail!.parsed.html).toContain('&lt;b&gt;Husk&lt;/b&gt; at lukke for vandet &amp; strømmen.');
    expect(firstMail!.parsed.html).not.toContain('<b>Husk</b>');

    // The thread in order, each with its delivery state; the audit log names the writer.
    const messages = await thread(report.id);
    expect(messages.map((message) => [message.body.slice(0, 9), message.authorName, message.email])).toEqual([
      ['Hej Karen', 'Anna Holm', 'sent'],
      ['Vi er på ', 'Maja Berg', 'sent'],
    ]);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'lead-message-sent'));
    expect(audits.map((row) => row.actor).sort()).toEqual(['anna@example.dk', 'maja@example.dk']);
    expect(audits[0]).toMatchObject({ leadId: report.id, details: { byEmail: true, bySms: false } });
  });

  it('keeps threading after the sent mail jobs are cleaned up', async () => {
    await db().delete(mailJobs).where(eq(mailJobs.leadId, report.id));
    expect((await thread(report.id)).map((message) => message.email)).toEqual(['sent', 'sent']);
    await write(anna, report.id, {
      text: 'Rapporten er sendt til dit forsikringsselskab.',
      channel: 'email',
    });
    await sendMail();
    const [receipt, firstMail, secondMail, thirdMail] = mailsTo('karen@example.dk');
    expect(thirdMail!.parsed.inReplyTo).toBe(secondMail!.parsed.messageId);
    expect(references(thirdMail!)).toEqual([
      receipt!.parsed.messageId,
      firstMail!.parsed.messageId,
      secondMail!.parsed.messageId,
    ]);
  });

  it('answers a resource request on the e-mail that brought its PDF', async () => {
    const request = await submit({ ...resourceRequestBody, email: 'lars@example.dk' });
    const [job] = await db()
      .select({ id: mailJobs.id })
      .from(mailJobs)
      .where(and(eq(mailJobs.leadId, request.id), eq(mailJobs.kind, 'resource-delivery')));
    const [lead] = await db()
      .select({ receipt: leads.receiptMailJobId })
      .from(leads)
      .where(eq(leads.id, request.id));
    expect(lead!.receipt).toBe(job!.id);
    expect(
      (await write(anna, request.id, { text: 'Sig til, hvis du vil have hjælp.', channel: 'email' }))
        .statusCode,
    ).toBe(201);
    await sendMail();
    const answer = mailsTo('lars@example.dk').find((mail) => mail.parsed.text?.includes('Sig til'))!;
    expect(answer.parsed.subject).toBe('Re: Din tjekliste: Er du klar til skybrud?');
    expect(answer.parsed.inReplyTo).toBe(`<${job!.id}@127.0.0.1>`);
  });

  it('sends an SMS through the outbox, in GSM-7 with the case link', async () => {
    const response = await write(anna, report.id, {
      text: 'Vi kommer kl. 14–15 – ring, hvis det ikke passer.',
      channel: 'sms',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Sent>().message).toMatchObject({ email: null, sms: 'pending' });
    expect(await t.app.deps.messages.worker.runDue(new Date(Date.now() + 1000))).toEqual({
      sent: 1,
      failed: 0,
    });
    const sms = gateway.received.at(-1)!;
    expect(sms.to).toBe('+4520112233');
    expect(sms.text).toMatch(
      new RegExp(
        `^Vi kommer kl\\. 14-15 - ring, hvis det ikke passer\\.\\nSvar og følg din sag: ${publicUrl}/sag/[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect((await thread(report.id)).at(-1)).toMatchObject({ email: null, sms: 'sent' });
    // No e-mail went with it.
    await sendMail();
    expect(mailsTo('karen@example.dk')).toHaveLength(4);
  });

  it('refuses an empty or over-long text, an SMS without a mobile and an unknown channel, in Danish', async () => {
    const refusal = async (leadId: string, body: unknown, status = 400) => {
      const response = await write(anna, leadId, body);
      expect(response.statusCode).toBe(status);
      return JSON.stringify(response.json());
    };
    const before = (await db().select().from(leadMessages)).length;
    expect(await refusal(contact.id, { text: '   ', channel: 'email' })).toContain(
      leadMessageApiMessages.textMissing,
    );
    expect(await refusal(contact.id, { text: 'x'.repeat(2001), channel: 'email' })).toContain(
      'Beskeden er for lang. Skriv højst 2000 tegn.',
    );
    expect(await refusal(contact.id, { text: 'Hej', channel: 'sms' })).toContain(
      'Kunden har ikke et gyldigt mobilnummer. Send beskeden som e-mail.',
    );
    expect(await refusal(contact.id, { text: 'Hej', channel: 'brevdue' })).toContain(
      'Vælg, om beskeden skal sendes som e-mail eller sms.',
    );
    expect(
      await refusal('00000000-0000-4000-8000-000000000000', { text: 'Hej', channel: 'email' }, 404),
    ).toContain('Henvendelsen findes ikke.');
    expect(await db().select().from(leadMessages)).toHaveLength(before);
    // 2,000 characters are allowed.
    expect((await write(anna, contact.id, { text: 'x'.repeat(2000), channel: 'email' })).statusCode).toBe(
      201,
    );
  });

  it('tells the customer of an agreed visit and a closed case, unless staff leave it out', async () => {
    const visit = (leadId: string, body: object) =>
      anna.request('PUT', `/api/staff/leads/${leadId}/visit`, body);
    const bodies = async (leadId: string) => (await thread(leadId)).map((message) => message.body);

    // An emergency with a mobile: by e-mail and SMS.
    expect((await visit(emergency.id, { visitAt: '2026-12-03T10:00' })).statusCode).toBe(200);
    const [agreed] = await thread(emergency.id);
    expect(agreed).toMatchObject({
      body: 'Vi har aftalt besigtigelse torsdag 3. dec. kl. 10, hvor vi kommer og ser på skaden. Passer tidspunktet ikke, så ring til os på 70 20 30 40.',
      authorName: 'Anna Holm',
      email: 'pending',
      sms: 'pending',
    });
    // Moved without telling: no message.
    expect(
      (await visit(emergency.id, { visitAt: '2026-12-03T11:30', notifyCustomer: false })).statusCode,
    ).toBe(200);
    expect(await bodies(emergency.id)).toHaveLength(1);
    // Moved again, told.
    await visit(emergency.id, { visitAt: '2026-12-04T08:00' });
    expect((await bodies(emergency.id)).at(-1)).toBe(
      'Vi har flyttet besigtigelsen til fredag 4. dec. kl. 8. Passer det nye tidspunkt ikke, så ring til os på 70 20 30 40.',
    );

    // A contact lead whose thread is by e-mail: closed → e-mail only; the subject answers its receipt.
    const closed = await anna.request('PATCH', `/api/staff/leads/${contact.id}`, { status: 'done' });
    expect(closed.statusCode).toBe(200);
    const done = (await thread(contact.id)).at(-1)!;
    expect(done).toMatchObject({
      body: `Vi har afsluttet din sag ${contact.reference}. Tak, fordi du valgte Skadekompagniet. Har du spørgsmål til sagen, så ring til os på 70 20 30 40.`,
      email: 'pending',
      sms: null,
    });
    await sendMail();
    // The 2,000 characters of the last test went in the same round.
    const doneMail = mailsTo('anne@example.dk').find((mail) => mail.parsed.text?.includes('afsluttet'))!;
    expect(doneMail.parsed.subject).toBe(`Re: Vi har modtaget din henvendelse – ${contact.reference}`);
    expect(doneMail.parsed.text).toContain(done.body);

    // The report's thread went by SMS last: its closing message goes by SMS too.
    await anna.request('PATCH', `/api/staff/leads/${report.id}`, { status: 'done' });
    expect((await thread(report.id)).at(-1)).toMatchObject({ email: 'pending', sms: 'pending' });

    // Closed again after reopening, without telling: nothing new.
    await anna.request('PATCH', `/api/staff/leads/${contact.id}`, { status: 'in-progress' });
    const count = (await bodies(contact.id)).length;
    await anna.request('PATCH', `/api/staff/leads/${contact.id}`, { status: 'done', notifyCustomer: false });
    expect(await bodies(contact.id)).toHaveLength(count);

    const statusAudits = await db().select().from(auditLog).where(eq(auditLog.action, 'lead-message-sent'));
    expect(statusAudits.filter((row) => (row.details as { about?: string }).about === 'visit')).toHaveLength(
      2,
    );
    expect(statusAudits.filter((row) => (row.details as { about?: string }).about === 'done')).toHaveLength(
      2,
    );
  });

  it('counts each lead’s messages in the list', async () => {
    const response = await anna.request('GET', '/api/staff/leads?status=done');
    expect(response.statusCode).toBe(200);
    const counts = Object.fromEntries(
      response
        .json<{ leads: { id: string; messageCount: number }[] }>()
        .leads.map((lead) => [lead.id, lead.messageCount]),
    );
    expect(counts[report.id]).toBe((await thread(report.id)).length);
    expect(counts[report.id]).toBe(5);
    expect(counts[contact.id]).toBe(2);
  });

  it('lets no disabled account write', async () => {
    await disableStaff(db(), 'maja@example.dk');
    const response = await write(maja, emergency.id, { text: 'Hej', channel: 'email' });
    expect(response.statusCode).toBe(401);
  });

  it('hands the thread over in the personal-data export and erases it with the lead', async () => {
    const exported = await anna.request('GET', '/api/staff/personal-data/export?email=karen%40example.dk');
    expect(exported.statusCode).toBe(200);
    const [lead] = exported.json<{
      leads: { messages: { body: string; sms: { status: string } | null }[] }[];
    }>().leads;
    expect(lead!.messages.map((message) => [message.body.slice(0, 9), message.sms?.status ?? null])).toEqual([
      ['Hej Karen', null],
      ['Vi er på ', null],
      ['Rapporten', null],
      ['Vi kommer', 'sent'],
      ['Vi har af', 'pending'],
    ]);

    const erased = await anna.request('POST', '/api/staff/personal-data/erase', {
      email: 'karen@example.dk',
      confirm: 'karen@example.dk',
    });
    expect(erased.statusCode).toBe(200);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, report.id))).toEqual([]);
    expect(await db().select().from(leadMessageSms).where(eq(leadMessageSms.leadId, report.id))).toEqual([]);
    expect(await db().select().from(mailJobs).where(eq(mailJobs.leadId, report.id))).toEqual([]);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, emergency.id))).not.toEqual(
      [],
    );
  });
});
