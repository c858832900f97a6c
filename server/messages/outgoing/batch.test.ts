/**
 * A batch update to the waiting emergencies, end to end on PGlite and PostgreSQL: the selection by
 * postcode and priority, the refusals, one message per lead with its e-mail through the outbox to
 * a real SMTP server and its SMS through a fake GatewayAPI (only for mobile numbers, retried after
 * a gateway error without a second SMS), the case page, the inbox's view, the audit log, the
 * personal-data export and erasure.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadMessages as limits } from '../../../domain/constants.ts';
import type { TestSmtp } from '../../../tests/support/smtp.ts';
import { auditLog, leadMessageSms, leadMessages, leads, mailJobs } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { FakeSmsProvider } from '../../test/fake-sms.ts';
import { startMessagingApp, type MessagingApp } from '../../test/messaging-app.ts';
import { contactBody, emergencyBody } from '../../test/lead-bodies.ts';
import type { StaffClient } from '../../test/staff-client.ts';
import { publicUrl, loggedInNewStaff, testStaff } from '../../test/staff-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { postLead } from '../../test/post-lead.ts';

const MAIL_TO = 'sager@skade.test';

interface Sent {
  id: string;
  reference: string;
  email: string;
}

describeEachDatabase('batch updates to the waiting', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let gateway: FakeSmsProvider;
  let messaging: MessagingApp;
  let anna: StaffClient;
  const db = () => t.app.deps.db;
  const sent: Record<string, Sent> = {};

  async function emergency(name: string, fields: Record<string, string>): Promise<Sent> {
    const email = `${name.toLowerCase()}@example.dk`;
    const lead = await postLead(t.app, { ...emergencyBody(), fuldeNavn: `${name} Jensen`, email, ...fields });
    return { ...lead, email };
  }

  beforeAll(async () => {
    messaging = await startMessagingApp(target, { MAIL_TO });
    ({ t, smtp, gateway } = messaging);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    // Roskilde 4000: a critical one with a mobile, a normal one with a toll-free number.
    sent.anne = await emergency('Anne', {
      adresse: 'Algade 3, 4000 Roskilde',
      telefon: '20 12 34 56',
      personfare: 'ja',
    });
    sent.bent = await emergency('Bent', {
      adresse: 'Hovedgaden 5, 1. th, 4000 Roskilde',
      telefon: '80 12 34 56',
    });
    // Holbæk 4300, normal, mobile.
    sent.carl = await emergency('Carl', { adresse: 'Søndergade 1, 4300 Holbæk', telefon: '22 33 44 01' });
    // Not waiting: called back, spam, closed, or not an emergency.
    const dora = await emergency('Dora', { adresse: 'Algade 9, 4000 Roskilde', telefon: '22 33 44 02' });
    await db().update(leads).set({ calledBackAt: new Date() }).where(eq(leads.id, dora.id));
    const erik = await emergency('Erik', { adresse: 'Algade 11, 4000 Roskilde', telefon: '22 33 44 03' });
    await db().update(leads).set({ status: 'spam' }).where(eq(leads.id, erik.id));
    const frida = await emergency('Frida', { adresse: 'Algade 13, 4000 Roskilde', telefon: '22 33 44 04' });
    await db().update(leads).set({ status: 'done' }).where(eq(leads.id, frida.id));
    await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: { ...contactBody, email: 'g@example.dk' },
    });
    // The receipts and staff e-mails of the leads are not what these tests look at.
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    smtp.clear();
  });
  afterAll(() => messaging.close());

  const preview = (selection: object) =>
    anna.request('POST', '/api/staff/messages/batch/preview', { selection });
  /** Sends as the inbox does: the preview with the text first, then the send naming it. */
  const send = async (selection: object, text: string) => {
    const shown = await anna.request('POST', '/api/staff/messages/batch/preview', { selection, text });
    if (shown.statusCode !== 200) return shown;
    const { previewId } = shown.json<{ previewId: string | null }>();
    return anna.request('POST', '/api/staff/messages/batch', { selection, text, previewId: previewId ?? '' });
  };

  it('counts the waiting emergencies by postcode prefix and priority, and those with a mobile', async () => {
    const counts = async (selection: object) => {
      const response = await preview(selection);
      expect(response.statusCode).toBe(200);
      const { count, sms } = response.json<{ count: number; sms: number }>();
      return [count, sms];
    };
    expect(await counts({})).toEqual([3, 2]);
    expect(await counts({ postcodePrefix: '40' })).toEqual([2, 1]);
    expect(await counts({ postcodePrefix: '4000' })).toEqual([2, 1]);
    expect(await counts({ postcodePrefix: '43' })).toEqual([1, 1]);
    expect(await counts({ priorities: ['kritisk'] })).toEqual([1, 1]);
    expect(await counts({ postcodePrefix: '40', priorities: ['normal'] })).toEqual([1, 0]);
    expect(await counts({ postcodePrefix: '29' })).toEqual([0, 0]);
    expect((await preview({})).json().max).toBe(limits.batchMaxLeads);
  });

  it('refuses an empty, over-long or unknown-placeholder text and a selection of nobody, in Danish', async () => {
    const refusal = async (selection: object, text: string) => {
      const response = await send(selection, text);
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json());
    };
    expect(await refusal({}, '   ')).toContain('Skriv en besked.');
    expect(await refusal({}, 'x'.repeat(limits.maxChars + 1))).toContain(
      'Beskeden er for lang. Skriv højst 1000 tegn.',
    );
    expect(await refusal({}, 'Hej {adresse}')).toContain('Ukendt felt i beskeden: {adresse}');
    expect(await refusal({ postcodePrefix: '99' }, 'Hej')).toContain(
      'Ingen ventende akutte henvendelser passer til valget',
    );
    expect(await refusal({ postcodePrefix: 'Roskilde' }, 'Hej')).toContain('Skriv 1–4 cifre af postnummeret');
    expect(await db().select().from(leadMessages)).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'lead-message-batch'))).toEqual([]);
  });

  it('sends one message per lead: e-mail through the outbox, SMS only to mobiles, retried once the gateway works', async () => {
    const text =
      'Hej {navn}. Vi har din sag {reference} og ringer, så snart vi kan. <b>Ring 112</b> ved fare.';
    const response = await send({ postcodePrefix: '4' }, text);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ count: 3, sms: 2 });
    const batchId = response.json<{ batchId: string }>().batchId;

    const ids = [sent.anne!.id, sent.bent!.id, sent.carl!.id];
    const rows = await db().select().from(leadMessages).where(eq(leadMessages.batchId, batchId));
    expect(rows.map((row) => row.leadId).sort()).toEqual([...ids].sort());
    const anne = rows.find((row) => row.leadId === sent.anne!.id)!;
    expect(anne.body).toBe(
      `Hej Anne Jensen. Vi har din sag ${sent.anne!.reference} og ringer, så snart vi kan. <b>Ring 112</b> ved fare.`,
    );
    expect(anne).toMatchObject({ direction: 'out', channel: 'case-page', authorName: 'Anna Holm' });

    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'lead-message-batch'));
    expect(audit).toMatchObject({
      actor: 'anna@example.dk',
      details: { batchId, count: 3, sms: 2, smsParts: 4, postcodePrefix: '4' },
    });

    // E-mail: through the outbox to the SMTP server, one to each customer.
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const mails = await smtp.waitForCount(3);
    expect(mails.map((mail) => mail.envelope.to[0]).sort()).toEqual([
      'anne@example.dk',
      'bent@example.dk',
      'carl@example.dk',
    ]);
    const toAnne = mails.find((mail) => mail.envelope.to[0] === 'anne@example.dk')!;
    expect(toAnne.parsed.subject).toBe(
      `Re: Vi har modtaget din akutte henvendelse – ${sent.anne!.reference}`,
    );
    expect(toAnne.parsed.text).toContain(anne.body);
    // Without a reply mailbox (INBOUND_REPLY_ADDRESS) an answer goes to the company inbox.
    expect((toAnne.parsed.replyTo as AddressObject).value[0]!.address).toBe(MAIL_TO);
    expect(toAnne.parsed.text).toContain(`Følg din sag: ${publicUrl}/sag/`);
    expect(toAnne.parsed.html).toContain('&lt;b&gt;Ring 112&lt;/b&gt;');
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 60_000));
    expect(smtp.messages).toHaveLength(3);

    // SMS: the gateway fails first; nothing is lost, and each mobile gets exactly one SMS.
    const worker = t.app.deps.messages.worker;
    const start = new Date(Date.now() + 1000);
    gateway.failWith(500);
    expect(await worker.runDue(start)).toEqual({ sent: 0, failed: 2 });
    const states = async (leadId: string) =>
      (await anna.request('GET', `/api/staff/leads/${leadId}/messages`)).json<{
        messages: { email: string | null; sms: string | null; body: string }[];
      }>().messages;
    expect((await states(sent.anne!.id))[0]).toMatchObject({ email: 'sent', sms: 'retrying' });
    gateway.failWith(null);
    expect(await worker.runDue(new Date(start.getTime() + 5_000))).toEqual({ sent: 0, failed: 0 });
    expect(await worker.runDue(new Date(start.getTime() + 11_000))).toEqual({ sent: 2, failed: 0 });
    expect(await worker.runDue(new Date(start.getTime() + 120_000))).toEqual({ sent: 0, failed: 0 });
    expect(gateway.received.map((sms) => sms.to).sort()).toEqual(['+4520123456', '+4522334401']);
    const smsToAnne = gateway.received.find((sms) => sms.to === '+4520123456')!;
    expect(smsToAnne.text).toContain(anne.body);
    expect(smsToAnne.text).toMatch(
      new RegExp(`\\nSvar og følg din sag: ${publicUrl}/sag/[A-Za-z0-9_-]{43}$`),
    );
    expect((await states(sent.anne!.id))[0]).toMatchObject({ email: 'sent', sms: 'sent' });
    expect((await states(sent.bent!.id))[0]).toMatchObject({ email: 'sent', sms: null });

    // The case page shows it as text, never as markup.
    const token = smsToAnne.text.match(/\/sag\/([A-Za-z0-9_-]{43})/)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/sag/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<strong>Anna fra Skadekompagniet</strong>');
    expect(page.body).toContain('&lt;b&gt;Ring 112&lt;/b&gt;');
    expect(page.body).not.toContain('<b>Ring 112</b>');
  });

  it('hands the messages over in the personal-data export and erases them with the lead', async () => {
    const exported = await anna.request('GET', '/api/staff/personal-data/export?email=anne%40example.dk');
    expect(exported.statusCode).toBe(200);
    const [lead] = exported.json<{
      leads: { messages: { body: string; sms: { status: string } | null }[] }[];
    }>().leads;
    expect(lead!.messages).toHaveLength(1);
    expect(lead!.messages[0]!.body).toContain(sent.anne!.reference);
    expect(lead!.messages[0]!.sms).toMatchObject({ status: 'sent' });

    const erased = await anna.request('POST', '/api/staff/personal-data/erase', {
      email: 'anne@example.dk',
      confirm: 'anne@example.dk',
    });
    expect(erased.statusCode).toBe(200);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, sent.anne!.id))).toEqual([]);
    expect(await db().select().from(leadMessageSms).where(eq(leadMessageSms.leadId, sent.anne!.id))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(mailJobs)
        .where(inArray(mailJobs.leadId, [sent.anne!.id])),
    ).toEqual([]);
    // The others keep theirs.
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, sent.carl!.id))).toHaveLength(
      1,
    );
  });
});
