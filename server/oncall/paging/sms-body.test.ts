/**
 * A page SMS's stored text is no key to the acknowledgement page once the SMS is done with: sent,
 * given up or cancelled, the row keeps the link without its token. Until then every retry and the
 * fallback e-mail carry the working link.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { leads, mailJobs, oncallSms, users } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { addOnCallStaff, annaThenBo, createPagingTestApp } from '../../test/paging-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { type TestApp } from '../../test/test-app.ts';
import { SmsSendError, type SmsMessage, type SmsTransport } from '../../sms/transport.ts';
import { hiddenAckToken, withoutAckTokens } from './ack-link.ts';
import { acknowledgePage } from '../assignment/acknowledge.ts';

const publicUrl = 'https://skade.example.dk';
const giveUpAfterMs = 10 * 60_000;

/** The ids of every (short) acknowledgement link in a text. */
const tokensIn = (text: string) => [...text.matchAll(/\/v\/(\S+)/g)].map((match) => match[1]!);

describeEachDatabase('the stored text of a page SMS', (target) => {
  let t: TestApp;
  const clock = { now: new Date() };
  const sent: SmsMessage[] = [];
  let failing = false;
  const sms: SmsTransport = {
    kind: 'file',
    async send(message) {
      if (failing) throw new SmsSendError('provider down', 500);
      sent.push(message);
      return { ids: [`id-${sent.length}`] };
    },
  };

  beforeAll(async () => {
    t = await createPagingTestApp(target, {
      escalateAfterSeconds: 3600,
      sms,
      clock,
      worker: { giveUpAfterMs, allHands: false },
    });
    await addOnCallStaff(t.app.deps.db, annaThenBo, new Date(Date.now() - 60_000));
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
    failing = false;
  });

  const db = () => t.app.deps.db;
  const worker = () => t.app.deps.oncall.worker;
  const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  /** An emergency, paged to the first person of the chain (one SMS row). */
  let emergencies = 0;
  const page = async () => {
    // A phone, address and e-mail of its own: not a duplicate of the one before.
    emergencies++;
    const payload = {
      ...emergencyBody(),
      email: `kunde${emergencies}@example.dk`,
      telefon: `2${String(emergencies).padStart(7, '0')}`,
      adresse: `Strandvejen ${emergencies}, 2900 Hellerup`,
    };
    const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    // Past the person's budget of one page SMS a minute: each emergency goes out as its own page.
    clock.now = new Date(Math.max(Date.now(), clock.now.getTime() + 61_000) + 1_000);
    await worker().runDue(clock.now);
    const [row] = await db()
      .select()
      .from(oncallSms)
      .where(and(eq(oncallSms.leadId, id), eq(oncallSms.purpose, 'page')));
    return { id, row: row! };
  };
  const stored = async (id: string) => (await db().select().from(oncallSms).where(eq(oncallSms.id, id)))[0]!;
  /** What a short link answers: 303 to its page while it works. */
  const open = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/v/${encodeURIComponent(id)}` })).statusCode;
  const expectNoWorkingLink = async (body: string) => {
    expect(body).toContain(`${publicUrl}/v/${hiddenAckToken}`);
    expect(body).not.toContain('/vagt/');
    for (const token of tokensIn(body)) {
      expect(await open(token)).toBe(403);
    }
  };

  it('keeps the text without the link once sent; the SMS itself carried the working link', async () => {
    const { row } = await page();
    expect(row.status).toBe('sent');
    expect(sent).toHaveLength(1);
    const [token] = tokensIn(sent[0]!.text);
    expect(await open(token!)).toBe(303);
    expect(row.body).not.toContain(token);
    expect(row.body).toBe(withoutAckTokens(sent[0]!.text));
    await expectNoWorkingLink(row.body);
  });

  it('sends the working link on every retry and in the fallback e-mail, and hides it once sent', async () => {
    failing = true;
    const { id, row } = await page();
    expect(row.status).toBe('pending');
    const [token] = tokensIn(row.body);
    expect(await open(token!)).toBe(303);
    // Failing for more than two minutes: the page goes out as e-mail too, with the working link.
    for (let i = 0; i < 6; i++) await worker().runDue(later(30_000));
    const fallbacks = await db().select().from(mailJobs).where(eq(mailJobs.kind, 'oncall-page-fallback'));
    const mine = fallbacks.filter((job) => (job.payload as { leadId: string }).leadId === id);
    expect(mine.length).toBeGreaterThan(0);
    for (const job of mine) expect((job.payload as { smsText: string }).smsText).toContain(token);
    expect((await stored(row.id)).body).toContain(token);

    failing = false;
    for (let i = 0; i < 4 && sent.length === 0; i++) await worker().runDue(later(30_000));
    expect(sent.map((message) => message.reference)).toEqual([row.id]);
    expect(tokensIn(sent[0]!.text)).toEqual([token]);
    const after = await stored(row.id);
    expect(after.status).toBe('sent');
    expect(after.body).not.toContain(token);
    await expectNoWorkingLink(after.body);
  });

  it('hides the link of a page given up, and of one cancelled by the acknowledgement', async () => {
    failing = true;
    const given = await page();
    const [givenToken] = tokensIn(given.row.body);
    for (let elapsed = 0; elapsed <= giveUpAfterMs; elapsed += 60_000) await worker().runDue(later(60_000));
    const givenUp = await stored(given.row.id);
    expect(givenUp.status).toBe('failed');
    expect(givenUp.body).not.toContain(givenToken);
    await expectNoWorkingLink(givenUp.body);

    const cancelled = await page();
    const [cancelledToken] = tokensIn(cancelled.row.body);
    const [bo] = await db().select().from(users).where(eq(users.email, 'bo@skade.example.dk'));
    // Past the SMS's lease: a page not on its way is cancelled.
    later(60_000);
    const result = await acknowledgePage(
      { db: db(), clock: () => clock.now },
      { leadId: cancelled.id, userId: bo!.id },
    );
    expect(result.kind).toBe('taken');
    const row = await stored(cancelled.row.id);
    expect(row.status).toBe('cancelled');
    expect(row.body).not.toContain(cancelledToken);
    await expectNoWorkingLink(row.body);
    // The lead itself is untouched.
    expect((await db().select().from(leads).where(eq(leads.id, cancelled.id)))[0]?.name).toBe('Per Jensen');
  });
});
