/**
 * A loss adjuster's own data through the personal-data API, on PGlite and PostgreSQL: a lookup or
 * export by their address (however spelled) lists their links with their messages, page opens and
 * satisfaction answer, and nothing of the customer's; erasure closes and blanks their links, signs
 * their messages as erased, deletes their answer, and leaves the customer's case and other
 * adjusters alone.
 */
import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { PersonalDataAnswer } from '../../domain/staff-api/personal-data.ts';
import { adjusterLinks, adjusterSatisfaction, auditLog, leadMessages, leads } from '../db/schema.ts';
import { giveAdjusterLink, recordSentReport } from '../test/adjuster-link.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { postLeadWithCaseToken } from '../test/post-lead.ts';
import { loggedInAnnaAndBo, type StaffClient } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';
import { erasedAdjusterName } from './adjuster-data.ts';

describeEachDatabase("a loss adjuster's personal data", (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let anna: StaffClient;

  beforeAll(async () => {
    ({ koordinator: anna } = await loggedInAnnaAndBo(t.app));
  });

  const page = (token: string) => t.app.inject({ method: 'GET', url: `/taksator/${token}` });
  const post = (token: string, path: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/taksator/${token}/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const lookUp = (query: string) => anna.request('GET', `/api/staff/personal-data?${query}`);

  /** The customer's emergency with a report sent, Mette's link on it and Søren's on another case. */
  async function caseWithAdjusters(metteEmail: string) {
    const customer = { ...emergencyBody(), fuldeNavn: 'Karen Kunde', email: 'karen@kunde.dk' };
    const lead = await postLeadWithCaseToken(t.app, t.sent, customer);
    const mette = await giveAdjusterLink(t.app, t.sent, anna, lead.id, {
      name: 'Mette Taksator',
      email: metteEmail,
      insurer: 'Tryg',
    });
    const other = await postLeadWithCaseToken(t.app, t.sent, emergencyBody());
    const soren = await giveAdjusterLink(t.app, t.sent, anna, other.id, {
      name: 'Søren Skov',
      email: 'soren@topdanmark.dk',
    });
    expect((await page(mette.token)).statusCode).toBe(200);
    expect((await post(mette.token, 'besked', { besked: 'Hvornår står affugteren?' })).statusCode).toBe(303);
    expect((await post(soren.token, 'besked', { besked: 'Jeg kommer fredag.' })).statusCode).toBe(303);
    await recordSentReport(t.app, lead.id);
    expect(
      (await post(mette.token, 'tilfredshed', { svar: '4', kommentar: 'Fin dokumentation.' })).statusCode,
    ).toBe(303);
    return { lead, mette, other, soren };
  }

  it("a lookup and an export by the adjuster's address, with a +tag and capitals, list their link and nothing of the customer's", async () => {
    const { lead } = await caseWithAdjusters('mette.taksator@tryg.dk');
    const query = `email=${encodeURIComponent(' Mette.Taksator+sag@Tryg.DK ')}`;

    const lookup = await lookUp(query);
    expect(lookup.statusCode).toBe(200);
    const answer = lookup.json<PersonalDataAnswer>();
    expect(answer.leads).toEqual([]);
    expect(answer.adjusterLinks).toHaveLength(1);
    const [link] = answer.adjusterLinks!;
    expect(link).toMatchObject({
      leadReference: lead.reference,
      name: 'Mette Taksator',
      email: 'mette.taksator@tryg.dk',
      insurer: 'Tryg',
      createdBy: 'Anna Holm',
      revokedAt: null,
      messages: [{ body: 'Hvornår står affugteren?' }],
      satisfaction: { score: 4, comment: 'Fin dokumentation.', changedAt: null },
    });
    expect(link!.lastOpenedAt).not.toBeNull();
    expect(link!.opens).toHaveLength(1);
    // The audit log says which links the lookup showed, by id, never what they hold.
    const [audited] = await db()
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'personal-data-lookup'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audited!.details).toEqual({ by: 'e-mail', found: 0, ids: [], adjusterLinks: [link!.id] });
    // The case is the customer's: neither their name, address, number nor their messages.
    const text = JSON.stringify(answer);
    expect(text).not.toMatch(/Karen|karen@kunde|Strandvejen|22 ?34 ?56 ?78|Vand i kælderen|Søren|fredag/);

    const exported = await anna.request('GET', `/api/staff/personal-data/export?${query}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({
      person: { email: 'mette.taksator+sag@tryg.dk' },
      leads: [],
      adjusterLinks: [{ leadReference: lead.reference, messages: [{ body: 'Hvornår står affugteren?' }] }],
    });
    expect(exported.body).not.toMatch(/Karen|karen@kunde|Strandvejen/);

    // A number finds no adjuster: a link has none.
    const byPhone = await lookUp(`phone=${encodeURIComponent('22 34 56 78')}`);
    expect(byPhone.json<PersonalDataAnswer>().adjusterLinks).toEqual([]);
  });

  it('erasure closes and blanks their links, signs their messages as erased and leaves the case alone', async () => {
    const { lead, mette, other, soren } = await caseWithAdjusters('mette.holm@tryg.dk');
    const [customerBefore] = await db().select().from(leads).where(eq(leads.id, lead.id));
    const closedPage = (await page('A'.repeat(43))).body;

    const erasure = await anna.request('POST', '/api/staff/personal-data/erase', {
      email: 'mette.holm@tryg.dk',
      confirm: 'METTE.holm@tryg.dk',
    });
    expect(erasure.statusCode).toBe(200);
    expect(erasure.json().erased).toMatchObject({ leads: 0, requesterMentions: 0, adjusterLinks: 1 });

    // The page answers as any closed link does.
    const gone = await page(mette.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe(closedPage);
    const [link] = await db().select().from(adjusterLinks).where(eq(adjusterLinks.id, mette.linkId));
    expect(link).toMatchObject({ name: erasedAdjusterName, email: '' });
    expect(link!.revokedAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(adjusterSatisfaction)
        .where(eq(adjusterSatisfaction.adjusterLinkId, mette.linkId)),
    ).toEqual([]);
    const thread = await db()
      .select({ body: leadMessages.body, authorName: leadMessages.authorName })
      .from(leadMessages)
      .where(eq(leadMessages.leadId, lead.id));
    expect(thread).toContainEqual({ body: 'Hvornår står affugteren?', authorName: erasedAdjusterName });
    expect(JSON.stringify(thread)).not.toContain('Mette');

    // The customer's case is untouched, and so is the other adjuster.
    expect(await db().select().from(leads).where(eq(leads.id, lead.id))).toEqual([customerBefore]);
    expect((await page(soren.token)).statusCode).toBe(200);
    const [sorensMessage] = await db()
      .select({ authorName: leadMessages.authorName })
      .from(leadMessages)
      .where(eq(leadMessages.leadId, other.id));
    expect(sorensMessage).toEqual({ authorName: 'Søren Skov' });

    const after = await lookUp(`email=${encodeURIComponent('mette.holm@tryg.dk')}`);
    expect(after.json<PersonalDataAnswer>().adjusterLinks).toEqual([]);
  });
});
