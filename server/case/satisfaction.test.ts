/**
 * The satisfaction question over HTTP, on PGlite and PostgreSQL: asked once when staff close a
 * case with a notice (threaded on the receipt), a link's GET records nothing, the form's POST
 * records and may change the answer for 14 days (409 after), an unhappy answer e-mails the
 * koordinators and the assignee and stays in the inbox's filter until a koordinator follows it
 * up, and the staff API's figures count the recorded answers.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { satisfactionMessages } from '../../domain/satisfaction.ts';
import type { SatisfactionFigures } from '../../domain/staff-api/satisfaction.ts';
import { auditLog, customerSatisfaction, leads, mailJobs, users } from '../db/schema.ts';
import { mailMessageId } from '../mail/compose.ts';
import { addStaff } from '../staff/accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { keptMail } from '../test/kept-mail.ts';
import { reportBody } from '../test/lead-bodies.ts';
import { password, publicUrl, StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

const MAIL_TO = 'sager@skade.test';
const REVIEW_URL = 'https://anmeldelser.example/skadekompagniet';
const linkPattern = /\/sag\/([A-Za-z0-9_-]{43})/;
const answerLinkPattern = /\/sag\/[A-Za-z0-9_-]{43}\/tilfredshed\?svar=\d/g;

describeEachDatabase('the satisfaction question', (target) => {
  let t: TestApp;
  const { sent, transport } = keptMail();
  const db = () => t.app.deps.db;
  let anna: StaffClient;
  let bo: StaffClient;
  let boId: string;

  beforeAll(async () => {
    t = await createStaffTestApp(target, {
      env: { MAIL_TO, REVIEW_URL },
      mail: { startWorker: false, transport },
    });
    await addStaff(db(), { email: 'anna@example.dk', name: 'Anna Holm', password, role: 'koordinator' });
    await addStaff(db(), { email: 'bo@example.dk', name: 'Bo Lund', password, role: 'medarbejder' });
    await addStaff(db(), { email: 'eva@example.dk', name: 'Eva Dahl', password, role: 'medarbejder' });
    boId = (await db().select({ id: users.id }).from(users).where(eq(users.email, 'bo@example.dk')))[0]!.id;
    anna = new StaffClient(t.app);
    await anna.logIn('anna@example.dk');
    bo = new StaffClient(t.app, '127.0.0.2');
    await bo.logIn('bo@example.dk');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    sent.length = 0;
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  /** A damage report closed by a koordinator with a notice; its receipt's token and the question e-mail. */
  async function closedCase(insurer = 'Codan') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...reportBody(), forsikringsselskab: insurer }),
    });
    const { reference } = response.json<{ reference: string }>();
    await deliver();
    const receipt = sent.find((mail) => mail.subject.includes(reference) && mail.to !== MAIL_TO)!;
    const [lead] = await db().select().from(leads).where(eq(leads.reference, reference));
    await anna.request('PUT', `/api/staff/leads/${lead!.id}/assignee`, { assignee: boId });
    sent.length = 0;
    const closed = await anna.request('PATCH', `/api/staff/leads/${lead!.id}`, { status: 'done' });
    expect(closed.statusCode).toBe(200);
    await deliver();
    const question = sent.find((mail) => mail.text.includes('Hvor tilfreds er du med vores hjælp?'));
    const links = question?.text.match(answerLinkPattern) ?? [];
    return {
      id: lead!.id,
      reference,
      receipt,
      question,
      links,
      token: links[0]?.match(linkPattern)?.[1] ?? '',
    };
  }

  const answerRow = async (leadId: string) =>
    (await db().select().from(customerSatisfaction).where(eq(customerSatisfaction.leadId, leadId)))[0];
  const postAnswer = (token: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sag/${token}/tilfredshed`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const questionJobs = async (leadId: string) =>
    (
      await db()
        .select({ n: count() })
        .from(mailJobs)
        .where(and(eq(mailJobs.leadId, leadId), eq(mailJobs.kind, 'satisfaction-question')))
    )[0]!.n;

  it('asks once, in an e-mail threaded on the receipt, when a case is closed with a notice', async () => {
    const lead = await closedCase();
    expect(lead.question).toBeDefined();
    const receiptId = mailMessageId(
      publicUrl,
      (await db().select().from(leads).where(eq(leads.id, lead.id)))[0]!.receiptMailJobId!,
    );
    expect(lead.receipt.messageId).toBe(receiptId);
    expect(lead.question!.references?.[0]).toBe(receiptId);
    expect(lead.question!.subject.startsWith('Re: ')).toBe(true);
    expect(lead.links).toHaveLength(5);
    expect(lead.question!.text).toContain('1 – Meget utilfreds');
    expect(lead.question!.text).toContain('5 – Meget tilfreds');
    // Reopened and closed again: not asked twice.
    await anna.request('PATCH', `/api/staff/leads/${lead.id}`, { status: 'in-progress' });
    await anna.request('PATCH', `/api/staff/leads/${lead.id}`, { status: 'done' });
    await deliver();
    expect(await questionJobs(lead.id)).toBe(1);
    expect(sent.filter((mail) => mail.text.includes('Hvor tilfreds er du med vores hjælp?'))).toHaveLength(1);
  });

  it('does not ask when the case is closed without telling the customer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(reportBody()),
    });
    const { reference } = response.json<{ reference: string }>();
    const [lead] = await db().select().from(leads).where(eq(leads.reference, reference));
    await anna.request('PATCH', `/api/staff/leads/${lead!.id}`, { status: 'done', notifyCustomer: false });
    expect(await questionJobs(lead!.id)).toBe(0);
    expect(await answerRow(lead!.id)).toBeUndefined();
  });

  it('records nothing on a GET of an answer link; the form post records, changes within 14 days, refuses after', async () => {
    const lead = await closedCase();
    const link = lead.links[3]!; // "4"
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Bekræft dit svar');
    expect(opened.body).toMatch(/id="svar-4" name="svar" value="4" required checked/);
    expect(opened.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await answerRow(lead.id))!.score).toBeNull();

    const first = await postAnswer(lead.token, { svar: '4', kommentar: 'Hurtige og venlige.' });
    expect(first.statusCode).toBe(303);
    const thanks = await t.app.inject({ method: 'GET', url: first.headers.location!.split('#')[0]! });
    expect(thanks.body).toContain('Tak for dit svar');
    expect(thanks.body).toContain(`href="${REVIEW_URL}"`);
    const recorded = (await answerRow(lead.id))!;
    expect(recorded).toMatchObject({ score: 4, comment: 'Hurtige og venlige.', changedAt: null });

    const changed = await postAnswer(lead.token, { svar: '5', kommentar: '' });
    expect(changed.statusCode).toBe(303);
    expect((await answerRow(lead.id))!).toMatchObject({
      score: 5,
      comment: null,
      answeredAt: recorded.answeredAt,
    });
    expect((await answerRow(lead.id))!.changedAt).not.toBeNull();

    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60_000);
    await db()
      .update(customerSatisfaction)
      .set({ answeredAt: fifteenDaysAgo })
      .where(eq(customerSatisfaction.leadId, lead.id));
    const late = await postAnswer(lead.token, { svar: '1' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(satisfactionMessages.tooLate);
    expect((await answerRow(lead.id))!.score).toBe(5);
    // A score outside 1–5 is refused with the form's message.
    const wrong = await postAnswer(lead.token, { svar: '9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(satisfactionMessages.scoreMissing);
  });

  it('an unhappy answer e-mails the koordinators and the assignee and stays in the filter until followed up', async () => {
    const lead = await closedCase('Topdanmark');
    sent.length = 0;
    const posted = await postAnswer(lead.token, { svar: '2', kommentar: 'Ingen ringede tilbage.' });
    expect(posted.statusCode).toBe(303);
    const thanks = await t.app.inject({ method: 'GET', url: posted.headers.location!.split('#')[0]! });
    expect(thanks.body).not.toContain(REVIEW_URL);
    await deliver();
    const unhappy = sent.filter((mail) => mail.subject.startsWith('Utilfreds kunde (2/5)'));
    expect(unhappy.map((mail) => (typeof mail.to === 'string' ? mail.to : mail.to.address)).sort()).toEqual([
      'anna@example.dk',
      'bo@example.dk',
    ]);
    expect(unhappy[0]!.text).toContain('Ingen ringede tilbage.');
    expect(unhappy[0]!.text).toContain(`${publicUrl}/indbakke/henvendelse/${lead.id}`);

    const listed = async () =>
      (await anna.request('GET', '/api/staff/leads?satisfaction=utilfreds'))
        .json<{ leads: { id: string }[] }>()
        .leads.map((row) => row.id);
    expect(await listed()).toContain(lead.id);
    const refused = await bo.request('POST', `/api/staff/leads/${lead.id}/satisfaction/handled`);
    expect(refused.statusCode).toBe(403);
    const handled = await anna.request('POST', `/api/staff/leads/${lead.id}/satisfaction/handled`);
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({
      satisfaction: { score: 2, needsFollowUp: false, handledByName: 'Anna Holm' },
    });
    expect(await listed()).not.toContain(lead.id);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'satisfaction-followed-up')));
    expect(audit).toHaveLength(1);
    expect((await anna.request('POST', `/api/staff/leads/${lead.id}/satisfaction/handled`)).statusCode).toBe(
      409,
    );
    // The answer is the customer's personal data: in their export.
    const exported = await anna.request('GET', '/api/staff/personal-data/export?email=karen%40holm.dk');
    const answers = exported
      .json<{
        leads: { reference: string; satisfaction?: { score: number; comment: string | null } | null }[];
      }>()
      .leads.filter((row) => row.reference === lead.reference);
    expect(answers.map((row) => row.satisfaction)).toEqual([
      expect.objectContaining({ score: 2, comment: 'Ingen ringede tilbage.' }),
    ]);
  });

  it('counts the share satisfied per month and per insurer from the recorded answers', async () => {
    const scores = [5, 4, 1];
    for (const score of scores) {
      const lead = await closedCase('Alm. Brand');
      await postAnswer(lead.token, { svar: String(score) });
    }
    const unanswered = await closedCase('Alm. Brand');
    expect(unanswered.question).toBeDefined();
    const figures = (
      await bo.request('GET', '/api/staff/satisfaction?insurer=alm.%20brand')
    ).json<SatisfactionFigures>();
    expect(figures.answers.map((row) => row.score).sort()).toEqual([1, 4, 5]);
    expect(figures.total).toEqual({ answered: 3, satisfied: 2, sharePercent: 67 });
    expect(figures.insurers).toEqual([
      { insurer: 'Alm. Brand', answered: 3, satisfied: 2, sharePercent: 67 },
    ]);
    expect(figures.months).toHaveLength(1);
    expect(figures.months[0]).toMatchObject({ answered: 3, satisfied: 2, sharePercent: 67 });
    const ones = (
      await bo.request('GET', '/api/staff/satisfaction?insurer=Alm.%20Brand&score=1')
    ).json<SatisfactionFigures>();
    expect(ones.total).toEqual({ answered: 1, satisfied: 0, sharePercent: 0 });
    const future = (
      await bo.request('GET', '/api/staff/satisfaction?from=2999-01-01')
    ).json<SatisfactionFigures>();
    expect(future.total.answered).toBe(0);
  });
});
