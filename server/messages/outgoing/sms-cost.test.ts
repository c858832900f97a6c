/**
 * What customer SMS may cost, through the staff API on PGlite and PostgreSQL: one SMS is at most
 * six billed parts (counted as the gateway bills the SMS it gets), status changes text a customer
 * at most once in ten minutes, a batch update is sent as previewed with one SMS per phone and not
 * twice with the same text, and the day's parts stop at SMS_DAILY_PARTS_MAX with one warning
 * e-mail at 80 %. Every refusal is Danish and writes nothing.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerSmsMaxParts, smsLength } from '../../../domain/sms-parts.ts';
import type { TestSmtp } from '../../../tests/support/smtp.ts';
import {
  leadMessageBatches,
  leadMessageSms,
  leadMessages,
  leads,
  mailJobs,
  smsDailyParts,
} from '../../db/schema.ts';
import { addStaff } from '../../staff/accounts.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import type { FakeSmsProvider } from '../../test/fake-sms.ts';
import { startMessagingApp, type MessagingApp } from '../../test/messaging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { password, publicUrl, StaffClient, loggedInNewStaff, testStaff } from '../../test/staff-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { postLead } from '../../test/post-lead.ts';
import { budgetDay } from './sms-budget.ts';

const MAIL_TO = 'sager@skade.test';
const DAILY_MAX = 100;
/** "\nSvar og følg din sag: " and the case link after every customer SMS, in GSM-7 units. */
const linkUnits = '\nSvar og følg din sag: '.length + `${publicUrl}/sag/`.length + 43;

describeEachDatabase('what customer SMS may cost', (target) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let gateway: FakeSmsProvider;
  let messaging: MessagingApp;
  let maja: StaffClient;
  let anna: StaffClient;
  const db = () => t.app.deps.db;

  const emergency = (fields: Record<string, string>) => postLead(t.app, { ...emergencyBody(), ...fields });

  const smsRows = (leadId: string) =>
    db().select().from(leadMessageSms).where(eq(leadMessageSms.leadId, leadId));
  const messageCount = async () => (await db().select({ id: leadMessages.id }).from(leadMessages)).length;
  const write = (leadId: string, text: string, channel = 'sms') =>
    maja.request('POST', `/api/staff/leads/${leadId}/messages`, { text, channel });
  const sendSms = async () => {
    await t.app.deps.messages.worker.runDue(new Date(Date.now() + 1000));
  };

  beforeAll(async () => {
    messaging = await startMessagingApp(target, { MAIL_TO, SMS_DAILY_PARTS_MAX: String(DAILY_MAX) });
    ({ t, smtp, gateway } = messaging);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
    await addStaff(db(), { email: 'maja@example.dk', name: 'Maja Berg', password, role: 'medarbejder' });
    maja = new StaffClient(t.app, '127.0.0.2');
    await maja.logIn('maja@example.dk');
  });
  afterAll(() => messaging.close());

  it('refuses an SMS over six parts with its count, in Danish; six parts go, billed as counted', async () => {
    const lead = await emergency({ adresse: 'Algade 1, 5000 Odense C', telefon: '20 30 40 01' });
    const before = await messageCount();

    // 2,000 "€": each is two GSM-7 units, never split between parts, so 27 parts with the link.
    const euros = await write(lead.id, '€'.repeat(2000));
    expect(euros.statusCode).toBe(400);
    expect(euros.json().message).toBe(
      'Som SMS bliver beskeden 27 sms-dele med linket til sagen. Højst 6 dele: gør den kortere, eller send den som e-mail.',
    );
    const sevenParts = await write(lead.id, 'a'.repeat(customerSmsMaxParts * 153 - linkUnits + 1));
    expect(sevenParts.json().message).toContain('7 sms-dele');
    expect(await messageCount()).toBe(before);
    expect(await smsRows(lead.id)).toEqual([]);
    // The same text goes as an e-mail.
    expect((await write(lead.id, '€'.repeat(2000), 'email')).statusCode).toBe(201);

    const six = await write(lead.id, 'a'.repeat(customerSmsMaxParts * 153 - linkUnits));
    expect(six.statusCode).toBe(201);
    await sendSms();
    // The count holds for the SMS the gateway gets, with its real case link.
    const received = gateway.received.filter((sms) => sms.to === '+4520304001');
    expect(received).toHaveLength(1);
    expect(smsLength(received[0]!.text)).toMatchObject({ encoding: 'GSM-7', segments: 6 });
    expect((await smsRows(lead.id))[0]).toMatchObject({ parts: 6 });
  });

  it('texts a customer about status changes at most once in ten minutes; the e-mails all go', async () => {
    const lead = await emergency({ adresse: 'Algade 2, 5000 Odense C', telefon: '20 30 40 02' });
    const patch = (status: string) => maja.request('PATCH', `/api/staff/leads/${lead.id}`, { status });
    const visit = (visitAt: string) => maja.request('PUT', `/api/staff/leads/${lead.id}/visit`, { visitAt });
    for (let round = 0; round < 5; round++) {
      expect((await patch('done')).statusCode).toBe(200);
      expect((await patch('in-progress')).statusCode).toBe(200);
      expect((await visit(`2026-12-0${round + 1}T10:00`)).statusCode).toBe(200);
    }
    const messages = await db().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id));
    expect(messages).toHaveLength(10);
    expect(messages.every((message) => message.mailJobId !== null)).toBe(true);
    expect(await smsRows(lead.id)).toHaveLength(1);

    // Ten minutes later the next change is texted again.
    await db()
      .update(leadMessageSms)
      .set({ createdAt: sql`${leadMessageSms.createdAt} - interval '11 minutes'` })
      .where(eq(leadMessageSms.leadId, lead.id));
    expect((await visit('2026-12-09T10:00')).statusCode).toBe(200);
    expect(await smsRows(lead.id)).toHaveLength(2);
  });

  it('sends a batch as previewed: exact parts with the link, one SMS per phone, not the same text twice', async () => {
    const first = await emergency({ adresse: 'Algade 3, 4000 Roskilde', telefon: '20 30 40 03' });
    const second = await emergency({ adresse: 'Algade 5, 4000 Roskilde', telefon: '20 30 40 04' });
    const other = await emergency({ adresse: 'Algade 7, 4000 Roskilde', telefon: '20 30 40 05' });
    // Two of the chosen leads share one phone.
    await db().update(leads).set({ phone: '+4520304003' }).where(eq(leads.id, second.id));
    const selection = { postcodePrefix: '4000' };
    const text =
      `Vi har mange henvendelser. Vi har din sag {reference} og ringer, så snart vi kan. ${'Tak for din tålmodighed. '.repeat(3)}`.slice(
        0,
        151,
      );
    expect(text).toHaveLength(151);

    const preview = await anna.request('POST', '/api/staff/messages/batch/preview', { selection, text });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json<{
      count: number;
      sms: number;
      parts: number;
      longestParts: number;
      sample: string;
      previewId: string;
      recipients: { reference: string; sms: boolean }[];
    }>();
    expect(shown).toMatchObject({ count: 3, sms: 2, parts: 4, longestParts: 2 });
    expect(shown.recipients).toEqual([
      expect.objectContaining({ reference: first.reference, sms: true }),
      expect.objectContaining({ reference: second.reference, sms: false }),
      expect.objectContaining({ reference: other.reference, sms: true }),
    ]);
    expect(shown.sample).toMatch(new RegExp(`\\nSvar og følg din sag: ${publicUrl}/sag/x{43}$`));
    expect(smsLength(shown.sample)).toMatchObject({ segments: 2 });

    const send = (body: object) =>
      anna.request('POST', '/api/staff/messages/batch', { selection, text, ...body });
    const before = await messageCount();
    const unnamed = await send({});
    expect(unnamed.statusCode).toBe(400);
    const wrong = await send({ previewId: 'f'.repeat(32) });
    expect(wrong.json().message).toContain('har ændret sig siden forhåndsvisningen');
    expect(await messageCount()).toBe(before);

    const sent = await send({ previewId: shown.previewId });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ count: 3, sms: 2, parts: 4 });
    await sendSms();
    const texts = gateway.received.filter((sms) => ['+4520304003', '+4520304005'].includes(sms.to));
    expect(texts.map((sms) => sms.to).sort()).toEqual(['+4520304003', '+4520304005']);
    for (const sms of texts) expect(smsLength(sms.text).segments).toBe(2);

    // Pressed again with the same text: refused, even with a fresh preview.
    const again = await anna.request('POST', '/api/staff/messages/batch/preview', { selection, text });
    const repeated = await send({ previewId: again.json().previewId });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe(
      'Den samme tekst er sendt til ventende inden for de sidste 10 minutter. Intet er sendt igen.',
    );
    expect(await messageCount()).toBe(before + 3);

    // A lead arriving after the preview makes it stale.
    await db()
      .update(leadMessageBatches)
      .set({ createdAt: sql`${leadMessageBatches.createdAt} - interval '11 minutes'` });
    const stale = await anna.request('POST', '/api/staff/messages/batch/preview', { selection, text });
    await emergency({ adresse: 'Algade 9, 4000 Roskilde', telefon: '20 30 40 06' });
    expect((await send({ previewId: stale.json().previewId })).statusCode).toBe(400);
    expect(await messageCount()).toBe(before + 3);
  });

  it('keeps the day within SMS_DAILY_PARTS_MAX: one warning e-mail at 80 %, then a Danish refusal', async () => {
    const lead = await emergency({ adresse: 'Algade 4, 5000 Odense C', telefon: '20 30 40 07' });
    const day = budgetDay(new Date());
    await db()
      .update(smsDailyParts)
      .set({ parts: 0.8 * DAILY_MAX - 1, warnedAt: null })
      .where(eq(smsDailyParts.day, day));
    const warnings = () => db().select().from(mailJobs).where(eq(mailJobs.kind, 'sms-budget-warning'));

    expect((await write(lead.id, 'Hej, vi ringer i morgen.')).statusCode).toBe(201);
    expect(await warnings()).toHaveLength(1);
    expect((await write(lead.id, 'Hej igen.')).statusCode).toBe(201);
    expect(await warnings()).toHaveLength(1);
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const warning = smtp.messages.find((mail) => mail.parsed.subject?.startsWith('SMS til kunder:'));
    expect(warning?.envelope.to).toEqual([MAIL_TO]);
    expect(warning?.parsed.subject).toBe(`SMS til kunder: 80 af ${DAILY_MAX} dele brugt i dag`);

    await db()
      .update(smsDailyParts)
      .set({ parts: DAILY_MAX - 1 })
      .where(eq(smsDailyParts.day, day));
    const before = await messageCount();
    const refused = await write(lead.id, 'a'.repeat(200));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Dagens SMS-budget rækker ikke: 99 af 100 sms-dele er brugt i dag, og dette skal bruge 2. Intet er sendt. Send som e-mail, eller vent til i morgen.`,
    );
    expect(await messageCount()).toBe(before);
    // A status change still goes, by e-mail only.
    expect((await maja.request('PATCH', `/api/staff/leads/${lead.id}`, { status: 'done' })).statusCode).toBe(
      200,
    );
    expect(await messageCount()).toBe(before + 1);
    const statusSms = await db()
      .select()
      .from(leadMessageSms)
      .where(and(eq(leadMessageSms.leadId, lead.id), isNotNull(leadMessageSms.about)));
    expect(statusSms).toEqual([]);
    // One part still fits; then the day is full.
    expect((await write(lead.id, 'Kort.')).statusCode).toBe(201);
    const [today] = await db().select().from(smsDailyParts).where(eq(smsDailyParts.day, day));
    expect(today!.parts).toBe(DAILY_MAX);
  });
});
