/**
 * The loss adjuster's satisfaction question over HTTP, on PGlite and PostgreSQL: not asked before
 * a report was sent to the insurer, then on their page as a plain form; a GET records nothing, the
 * form's POST records one answer per link, changeable for 14 days (409 after); an unhappy answer
 * e-mails the koordinators and the assignee; the staff API lists the adjusters' answers apart
 * from the customers'.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { satisfactionMessages } from '../../../domain/satisfaction.ts';
import type { SatisfactionFigures } from '../../../domain/staff-api/satisfaction.ts';
import { adjusterSatisfaction, customerSatisfaction, leads } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { giveAdjusterLink, recordSentReport } from '../../test/adjuster-link.ts';
import { addressOf, postLeadWithCaseToken } from '../../test/post-lead.ts';
import { loggedInAnnaAndBo, loggedInNewStaff, publicUrl, type StaffClient } from '../../test/staff-client.ts';
import { staffTestAppOfBlock } from '../../test/staff-test-app.ts';
import { adjusterPageMessages } from './copy.ts';

const question = 'Hvor tilfreds er du med vores hjælp?';

describeEachDatabase("the loss adjuster's satisfaction question", (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let koordinator: StaffClient;
  let medarbejderId: string;

  beforeAll(async () => {
    ({ koordinator, medarbejderId } = await loggedInAnnaAndBo(t.app));
    // A medarbejder who does not have the case.
    await loggedInNewStaff(
      t.app,
      { email: 'eva@example.dk', name: 'Eva Dahl', role: 'medarbejder' },
      '127.0.0.3',
    );
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  /** An emergency (insurer Tryg) assigned to Bo, with an adjuster's link; its id, the link's id and token. */
  async function caseWithAdjuster(email = 'mette@tryg.dk', insurer?: string) {
    const { id } = await postLeadWithCaseToken(t.app, t.sent, emergencyBody());
    await koordinator.request('PUT', `/api/staff/leads/${id}/assignee`, { assignee: medarbejderId });
    const adjuster = { name: 'Mette Taksator', email, ...(insurer ? { insurer } : {}) };
    return { id, ...(await giveAdjusterLink(t.app, t.sent, koordinator, id, adjuster)) };
  }

  const reportSent = (leadId: string) => recordSentReport(t.app, leadId);

  const page = (token: string) => t.app.inject({ method: 'GET', url: `/taksator/${token}` });
  const postAnswer = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/taksator/${token}/tilfredshed`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  const answersOf = (leadId: string) =>
    db().select().from(adjusterSatisfaction).where(eq(adjusterSatisfaction.leadId, leadId));

  it('is not asked before a report was sent: no question on the page, and a post is refused', async () => {
    const lead = await caseWithAdjuster();
    const before = await page(lead.token);
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain(question);
    expect(before.body).not.toContain('/tilfredshed');
    const refused = await postAnswer(lead.token, { svar: '5' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(adjusterPageMessages.satisfactionNotAsked);
    expect(refused.body).not.toContain(`name="svar"`);
    expect(await answersOf(lead.id)).toEqual([]);
  });

  it('after a report: a GET records nothing, the post records, changes within 14 days and is refused after', async () => {
    const lead = await caseWithAdjuster();
    await reportSent(lead.id);
    const shown = await page(lead.token);
    expect(shown.body).toContain(question);
    expect(shown.body).toContain(
      `<form method="post" action="/taksator/${lead.token}/tilfredshed#tilfredshed-error">`,
    );
    expect(shown.headers['content-security-policy']).toContain("form-action 'self'");
    const chosen = await t.app.inject({ method: 'GET', url: `/taksator/${lead.token}/tilfredshed?svar=4` });
    expect(chosen.body).toContain('Bekræft dit svar');
    expect(chosen.body).toMatch(/id="svar-4" name="svar" value="4" required checked/);
    expect(await answersOf(lead.id)).toEqual([]);

    // A post from another site is refused like the customer's.
    const foreign = await postAnswer(lead.token, { svar: '4' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await answersOf(lead.id)).toEqual([]);

    const first = await postAnswer(lead.token, { svar: '4', kommentar: 'God dokumentation.' });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/taksator/${lead.token}/tilfredshed/tak?first#tilfredshed`);
    const thanks = await t.app.inject({ method: 'GET', url: first.headers.location!.split('#')[0]! });
    expect(thanks.body).toContain('Tak for dit svar');
    const [recorded] = await answersOf(lead.id);
    expect(recorded).toMatchObject({
      score: 4,
      comment: 'God dokumentation.',
      adjusterName: 'Mette Taksator',
      insurer: 'Tryg',
      changedAt: null,
    });
    // The customers' answers are not touched: the customer was never asked.
    expect(
      await db().select().from(customerSatisfaction).where(eq(customerSatisfaction.leadId, lead.id)),
    ).toEqual([]);

    const again = await page(lead.token);
    expect(again.body).toContain('Du svarede “Tilfreds”');
    expect(again.body).toContain('God dokumentation.');
    const changed = await postAnswer(lead.token, { svar: '5', kommentar: '' });
    expect(changed.statusCode).toBe(303);
    const [after] = await answersOf(lead.id);
    expect(after).toMatchObject({ score: 5, comment: null, answeredAt: recorded!.answeredAt });
    expect(after!.changedAt).not.toBeNull();

    await db()
      .update(adjusterSatisfaction)
      .set({ answeredAt: new Date(Date.now() - 15 * 24 * 60 * 60_000) })
      .where(eq(adjusterSatisfaction.leadId, lead.id));
    const late = await postAnswer(lead.token, { svar: '1' });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain(satisfactionMessages.tooLate);
    expect((await answersOf(lead.id))[0]!.score).toBe(5);
    const wrong = await postAnswer(lead.token, { svar: '9' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(satisfactionMessages.scoreMissing);
  });

  it('keeps one answer per adjuster link, and they go with the lead', async () => {
    const lead = await caseWithAdjuster('mette@tryg.dk');
    const ole = await giveAdjusterLink(t.app, t.sent, koordinator, lead.id, {
      name: 'Ole Taksator',
      email: 'ole@codan.dk',
      insurer: 'Codan',
    });
    await reportSent(lead.id);
    expect((await postAnswer(lead.token, { svar: '3' })).statusCode).toBe(303);
    expect((await postAnswer(ole.token, { svar: '4' })).statusCode).toBe(303);
    expect((await postAnswer(ole.token, { svar: '5' })).statusCode).toBe(303);
    const rows = await answersOf(lead.id);
    expect(rows.map((row) => [row.adjusterLinkId, row.score, row.insurer]).sort()).toEqual(
      [
        [lead.linkId, 3, 'Tryg'],
        [ole.linkId, 5, 'Codan'],
      ].sort(),
    );
    // Staff read each adjuster's answer by their link on the lead's page.
    const listed = await koordinator.request('GET', `/api/staff/leads/${lead.id}/adjuster-links`);
    const links = listed.json<{ links: { id: string; satisfaction: { score: number } | null }[] }>().links;
    expect(links.map((link) => [link.id, link.satisfaction?.score]).sort()).toEqual(
      [
        [lead.linkId, 3],
        [ole.linkId, 5],
      ].sort(),
    );
    await db().delete(leads).where(eq(leads.id, lead.id));
    expect(await answersOf(lead.id)).toEqual([]);
  });

  it('an unhappy answer e-mails the koordinators and the assignee as an unhappy adjuster', async () => {
    const lead = await caseWithAdjuster();
    await reportSent(lead.id);
    const [{ reference }] = (await db()
      .select({ reference: leads.reference })
      .from(leads)
      .where(eq(leads.id, lead.id))) as [{ reference: string }];
    expect(
      (await postAnswer(lead.token, { svar: '2', kommentar: 'Manglende fugtmålinger.' })).statusCode,
    ).toBe(303);
    await deliver();
    const unhappy = t.sent.filter((mail) => mail.subject === `Utilfreds taksator (2/5): ${reference}`);
    expect(unhappy.map((mail) => addressOf(mail.to)).sort()).toEqual(['anna@example.dk', 'bo@example.dk']);
    expect(unhappy[0]!.text).toContain('Taksatoren Mette Taksator');
    expect(unhappy[0]!.text).toContain('Manglende fugtmålinger.');
    expect(unhappy[0]!.text).toContain(`${publicUrl}/indbakke/henvendelse/${lead.id}`);
    // A change within the unhappy answers is not a new alarm.
    t.sent.length = 0;
    await postAnswer(lead.token, { svar: '1' });
    await deliver();
    expect(t.sent.filter((mail) => mail.subject.startsWith('Utilfreds'))).toEqual([]);
    // The inbox's "Utilfreds kunde" is the customers' filter: the adjuster's answer is not in it.
    const listed = await koordinator.request('GET', '/api/staff/leads?satisfaction=utilfreds');
    expect(listed.json<{ leads: { id: string }[] }>().leads.map((row) => row.id)).not.toContain(lead.id);
  });

  it("lists the adjusters' answers with respondent=taksator, and the customers' alone by default", async () => {
    const lead = await caseWithAdjuster('mette@tryg.dk', 'Topdanmark');
    await reportSent(lead.id);
    await postAnswer(lead.token, { svar: '4', kommentar: 'Fint.' });
    const adjusters = await koordinator.request(
      'GET',
      '/api/staff/satisfaction?respondent=taksator&insurer=topdanmark',
    );
    expect(adjusters.statusCode).toBe(200);
    const figures = adjusters.json<SatisfactionFigures>();
    expect(figures.answers).toEqual([
      expect.objectContaining({
        respondent: 'taksator',
        adjusterName: 'Mette Taksator',
        leadId: lead.id,
        insurer: 'Topdanmark',
        score: 4,
        comment: 'Fint.',
        handledAt: null,
      }),
    ]);
    expect(figures.total).toEqual({ answered: 1, satisfied: 1, sharePercent: 100 });
    expect(figures.insurers).toEqual([
      { insurer: 'Topdanmark', answered: 1, satisfied: 1, sharePercent: 100 },
    ]);
    expect(figures.months).toEqual([
      expect.objectContaining({ answered: 1, satisfied: 1, sharePercent: 100 }),
    ]);
    const customers = (
      await koordinator.request('GET', '/api/staff/satisfaction')
    ).json<SatisfactionFigures>();
    expect(customers.answers.map((row) => row.leadId)).not.toContain(lead.id);
    expect(customers.answers.every((row) => row.respondent === 'kunde')).toBe(true);
    const wrong = await koordinator.request('GET', '/api/staff/satisfaction?respondent=alle');
    expect(wrong.statusCode).toBe(400);
  });
});
