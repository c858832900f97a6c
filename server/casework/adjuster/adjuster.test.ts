import { createHash } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adjusterMessages } from '../../../domain/staff-api/adjuster.ts';
import { makePng } from '../../../tests/support/images.ts';
import {
  adjusterLinks,
  auditLog,
  leadImages,
  leadMessages,
  leadMilestones,
  leads,
  mailJobs,
  moistureReadings,
} from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { adjusterMessagesPerDay } from './adjuster-thread.ts';
import { adjusterPageMessages } from './copy.ts';
import { mailMessageId } from '../../mail/compose.ts';
import { leadOfMail } from '../../messages/incoming/answer-by-mail.ts';
import { TEST_SIGNING_SECRET } from '../../test/test-app.ts';
import { emergencyBody } from '../../test/lead-bodies.ts';
import { addressOf, companyInbox, postLeadWithCaseToken } from '../../test/post-lead.ts';
import { loggedInAnnaAndBo, publicUrl, type StaffClient } from '../../test/staff-client.ts';
import { staffTestAppOfBlock } from '../../test/staff-test-app.ts';
import { giveAdjusterLink, recordSentReport, sentReportPdf } from '../../test/adjuster-link.ts';

const adjusterLinkPattern = /\/taksator\/([A-Za-z0-9_-]{43})/;

describeEachDatabase("the loss adjuster's link and page", (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let koordinator: StaffClient;
  let medarbejder: StaffClient;
  let medarbejderId: string;

  beforeAll(async () => {
    ({ koordinator, medarbejder, medarbejderId } = await loggedInAnnaAndBo(t.app));
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  /** An emergency with its e-mails delivered; its id and the customer's case link token. */
  async function emergency(): Promise<{ id: string; reference: string; caseToken: string }> {
    const { id, reference, token } = await postLeadWithCaseToken(t.app, t.sent, {
      ...emergencyBody(),
      policeNr: 'POL-4711',
      skadeNr: 'TRY-2026-881',
    });
    t.sent.length = 0;
    return { id, reference, caseToken: token };
  }

  /** A link given by the koordinator; the token read from the adjuster's e-mail. */
  const giveLink = (leadId: string, email = 'mette@tryg.dk') =>
    giveAdjusterLink(t.app, t.sent, koordinator, leadId, { name: 'Mette Taksator', email });

  const page = (token: string) => t.app.inject({ method: 'GET', url: `/taksator/${token}` });
  const postMessage = (token: string, besked: string) =>
    t.app.inject({
      method: 'POST',
      url: `/taksator/${token}/besked`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ besked }).toString(),
    });

  describe('giving a link', () => {
    it('lets a koordinator give one, e-mails it to the adjuster, and stores only the hash of its token', async () => {
      const lead = await emergency();
      const response = await koordinator.request('POST', `/api/staff/leads/${lead.id}/adjuster-link`, {
        name: 'Mette Taksator',
        email: 'mette@tryg.dk',
        insurer: 'Tryg',
      });
      expect(response.statusCode).toBe(201);
      const { link } = response.json();
      expect(link).toMatchObject({
        name: 'Mette Taksator',
        email: 'mette@tryg.dk',
        insurer: 'Tryg',
        open: true,
      });
      const days = (Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000;
      expect(days).toBe(90);
      await deliver();
      const mail = t.sent.find((each) => addressOf(each.to) === 'mette@tryg.dk')!;
      expect(mail.subject).toBe(`Adgang til sag ${lead.reference} – Skadekompagniet`);
      const token = mail.text.match(adjusterLinkPattern)![1]!;
      expect(mail.text).toContain(`${publicUrl}/taksator/${token}`);
      const [row] = await db().select().from(adjusterLinks).where(eq(adjusterLinks.id, link.id));
      expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
      const dump = JSON.stringify(
        await db().execute(
          sql`select (select coalesce(string_agg(payload::text, ''), '') from mail_jobs) || (select string_agg(token_hash, '') from adjuster_links) as text`,
        ),
      );
      expect(dump).not.toContain(token);
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'adjuster-link-created')));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor).toBe('anna@example.dk');
    });

    it('refuses a medarbejder who does not have the lead, and lets the one who has it give a link', async () => {
      const lead = await emergency();
      const refused = await medarbejder.request('POST', `/api/staff/leads/${lead.id}/adjuster-link`, {
        name: 'Mette Taksator',
        email: 'mette@tryg.dk',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(adjusterMessages.notAllowed);
      expect(await db().select().from(adjusterLinks).where(eq(adjusterLinks.leadId, lead.id))).toHaveLength(
        0,
      );

      await db().update(leads).set({ assignedTo: medarbejderId }).where(eq(leads.id, lead.id));
      const allowed = await medarbejder.request('POST', `/api/staff/leads/${lead.id}/adjuster-link`, {
        name: 'Mette Taksator',
        email: 'mette@tryg.dk',
      });
      expect(allowed.statusCode).toBe(201);
      const listed = await medarbejder.request('GET', `/api/staff/leads/${lead.id}/adjuster-links`);
      expect(listed.json().links.map((link: { createdBy: string }) => link.createdBy)).toEqual(['Bo Berg']);
    });

    it('refuses a malformed e-mail address with a Danish field message and writes nothing', async () => {
      const lead = await emergency();
      const [jobsBefore] = await db().select({ n: count() }).from(mailJobs);
      const response = await koordinator.request('POST', `/api/staff/leads/${lead.id}/adjuster-link`, {
        name: 'Mette Taksator',
        email: 'mette@tryg',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.email).toEqual([adjusterMessages.emailInvalid]);
      expect(await db().select().from(adjusterLinks).where(eq(adjusterLinks.leadId, lead.id))).toHaveLength(
        0,
      );
      const [jobsAfter] = await db().select({ n: count() }).from(mailJobs);
      expect(jobsAfter!.n).toBe(jobsBefore!.n);
    });
  });

  describe('the page', () => {
    it("shows the case's facts, milestones, clocks and drying log, privately", async () => {
      const lead = await emergency();
      const calledBackAt = new Date(Date.now() - 6 * 3_600_000);
      await db().update(leads).set({ calledBackAt }).where(eq(leads.id, lead.id));
      await db()
        .insert(leadMilestones)
        .values([
          {
            leadId: lead.id,
            kind: 'paa-vej',
            at: new Date(calledBackAt.getTime() + 600_000),
            details: { eta: '14:20' },
          },
          { leadId: lead.id, kind: 'paa-adressen', at: new Date(calledBackAt.getTime() + 3_600_000) },
          { leadId: lead.id, kind: 'skadestop', at: new Date(calledBackAt.getTime() + 7_200_000) },
          {
            leadId: lead.id,
            kind: 'affugtning-startet',
            at: new Date(calledBackAt.getTime() + 9_000_000),
            details: { affugtere: 3, forventetDage: 14 },
          },
          // A withdrawn one counts nowhere.
          { leadId: lead.id, kind: 'afsluttet', at: new Date(), withdrawnAt: new Date() },
        ]);
      await db()
        .insert(moistureReadings)
        .values([
          {
            leadId: lead.id,
            room: 'Kælder',
            point: 'Væg nord',
            value: 24.5,
            unit: 'pct',
            material: 'Beton',
            target: 15,
            at: new Date(),
          },
          { leadId: lead.id, room: 'Kælder', point: 'Gulv', value: 88, unit: 'digits', at: new Date() },
        ]);
      const { token } = await giveLink(lead.id);
      const response = await page(token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store, private');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const html = response.body;
      expect(html).not.toContain('<script');
      for (const fact of [
        lead.reference,
        'Tryg',
        'TRY-2026-881',
        'POL-4711',
        'Per Jensen',
        '22 34 56 78',
        'Strandvejen 1, 2900 Hellerup',
      ])
        expect(html).toContain(fact);
      expect(html).toContain('På vej');
      expect(html).toContain('forventet kl. 14.20');
      expect(html).toContain('3 affugtere, forventet ca. 14 dage');
      expect(html).not.toContain('Afsluttet</strong>');
      // On site 1 hour after the call-back (Tryg's default 4 hours): met; the report is due.
      expect(html).toMatch(/På adressen<\/th><td>.*?<\/td><td><span class="met">Overholdt/);
      expect(html).toContain('Første rapport');
      expect(html).toContain('Fugtmålinger i Kælder, målepunkt Væg nord');
      expect(html).toContain('24,5 %');
      expect(html).toContain('88 digits');
      // Each point's curve, one per unit, above its table.
      expect(html.match(/<svg /g)).toHaveLength(2);
    });

    it("never shows the customer's thread or staff notes, and the customer never sees the adjuster's", async () => {
      const lead = await emergency();
      const { token } = await giveLink(lead.id);
      const fromCustomer = await t.app.inject({
        method: 'POST',
        url: `/sag/${lead.caseToken}/besked`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ besked: 'Kunden skriver: nøglen ligger under måtten.' }).toString(),
      });
      expect(fromCustomer.statusCode).toBe(303);
      await koordinator.request('POST', `/api/staff/leads/${lead.id}/messages`, {
        text: 'Vi kommer i morgen kl. 9.',
        channel: 'email',
      });
      await koordinator.request('POST', `/api/staff/leads/${lead.id}/notes`, {
        body: 'Intern note: kunden er vred.',
      });
      expect((await postMessage(token, 'Taksator: jeg kommer torsdag.')).statusCode).toBe(303);
      await koordinator.request('POST', `/api/staff/leads/${lead.id}/adjuster-messages`, {
        text: 'Godt, vi ses torsdag.',
      });

      const adjusterPage = (await page(token)).body;
      for (const hidden of ['nøglen ligger under måtten', 'Vi kommer i morgen kl. 9.', 'Intern note'])
        expect(adjusterPage).not.toContain(hidden);
      expect(adjusterPage).toContain('Taksator: jeg kommer torsdag.');
      expect(adjusterPage).toContain('Godt, vi ses torsdag.');

      const casePage = (await t.app.inject({ method: 'GET', url: `/sag/${lead.caseToken}` })).body;
      expect(casePage).toContain('nøglen ligger under måtten');
      for (const hidden of ['jeg kommer torsdag', 'vi ses torsdag']) expect(casePage).not.toContain(hidden);
      const customerThread = await koordinator.request('GET', `/api/staff/leads/${lead.id}/messages`);
      const bodies = customerThread.json().messages.map((message: { body: string }) => message.body);
      expect(bodies).toEqual(['Kunden skriver: nøglen ligger under måtten.', 'Vi kommer i morgen kl. 9.']);
    });

    it('answers a tampered, unknown, revoked or expired link with the same 404 page', async () => {
      const lead = await emergency();
      const { token, linkId } = await giveLink(lead.id);
      const unknown = await page('A'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      const tampered = await page(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
      expect(tampered.statusCode).toBe(404);
      expect(tampered.body).toBe(unknown.body);
      expect(unknown.body).toContain('Siden findes ikke');
      expect((await page(token)).statusCode).toBe(200);

      const revoked = await koordinator.request(
        'DELETE',
        `/api/staff/leads/${lead.id}/adjuster-link/${linkId}`,
      );
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().link.open).toBe(false);
      const afterRevoke = await page(token);
      expect(afterRevoke.statusCode).toBe(404);
      expect(afterRevoke.body).toBe(unknown.body);
      expect((await postMessage(token, 'Hej')).statusCode).toBe(404);

      const second = await giveLink(lead.id, 'jens@tryg.dk');
      await db()
        .update(adjusterLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(adjusterLinks.id, second.linkId));
      const expired = await page(second.token);
      expect(expired.statusCode).toBe(404);
      expect(expired.body).toBe(unknown.body);
      const audit = await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'adjuster-link-revoked')));
      expect(audit).toHaveLength(1);
    });

    it('notes every open in the audit log and on the link', async () => {
      const lead = await emergency();
      const { token, linkId } = await giveLink(lead.id);
      await page(token);
      await page(token);
      const opens = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.leadId, lead.id), eq(auditLog.action, 'adjuster-page-opened')));
      expect(opens).toHaveLength(2);
      expect(opens[0]).toMatchObject({ userId: null, actor: 'taksator:mette@tryg.dk', details: { linkId } });
      const listed = await koordinator.request('GET', `/api/staff/leads/${lead.id}/adjuster-links`);
      expect(listed.json().links[0].lastOpenedAt).not.toBeNull();
    });

    it('serves the case photos through the link only', async () => {
      const lead = await emergency();
      const other = await emergency();
      const photo = makePng(8, 8);
      const [mine, theirs] = await Promise.all(
        [lead.id, other.id].map(async (leadId, position) => {
          const objectKey = `test/adjuster-${leadId}.png`;
          await t.app.deps.storage.put(objectKey, photo, 'image/png');
          const [row] = await db()
            .insert(leadImages)
            .values({ leadId, position, objectKey, contentType: 'image/png', bytes: photo.length })
            .returning({ id: leadImages.id });
          return row!.id;
        }),
      );
      const { token } = await giveLink(lead.id);
      expect((await page(token)).body).toContain(`/taksator/${token}/billeder/${mine}`);
      const served = await t.app.inject({ method: 'GET', url: `/taksator/${token}/billeder/${mine}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(photo)).toBe(true);
      const foreign = await t.app.inject({ method: 'GET', url: `/taksator/${token}/billeder/${theirs}` });
      expect(foreign.statusCode).toBe(404);
    });
  });

  it('lists every report t.sent and serves each through the link only', async () => {
    const lead = await emergency();
    const other = await emergency();
    const [mine, theirs] = await Promise.all(
      [lead.id, other.id].map((leadId) => recordSentReport(t.app, leadId)),
    );
    const { token } = await giveLink(lead.id);
    const html = (await page(token)).body;
    expect(html).toContain(`/taksator/${token}/rapporter/${mine}.pdf`);
    expect(html).toMatch(/Rapport sendt .* \(PDF\)/);
    const served = await t.app.inject({ method: 'GET', url: `/taksator/${token}/rapporter/${mine}.pdf` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(sentReportPdf)).toBe(true);
    const foreign = await t.app.inject({ method: 'GET', url: `/taksator/${token}/rapporter/${theirs}.pdf` });
    expect(foreign.statusCode).toBe(404);
  });

  describe("the adjuster's thread", () => {
    it('keeps their message as channel taksator, tells the company, and shows it to staff', async () => {
      const lead = await emergency();
      const { token } = await giveLink(lead.id);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: `/taksator/${token}/besked`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'cross-site',
          origin: 'https://angriber.example',
        },
        payload: new URLSearchParams({ besked: 'Sendt fra en anden side' }).toString(),
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.body).toContain('Formularen kunne ikke læses. Prøv igen.');
      expect(crossSite.body).toContain('Sendt fra en anden side');
      const empty = await postMessage(token, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Skriv en besked.');
      const posted = await postMessage(token, 'Hvor mange affugtere står der?');
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toBe(`/taksator/${token}?sendt=besked#skriv`);
      const rows = await db().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id));
      expect(rows.map((row) => [row.direction, row.channel, row.authorName])).toEqual([
        ['in', 'taksator', 'Mette Taksator'],
      ]);
      await deliver();
      const notice = t.sent.find((mail) => addressOf(mail.to) === companyInbox)!;
      expect(notice.subject).toBe(`Besked fra taksator til ${lead.reference}`);
      expect(notice.replyTo).toBeUndefined();
      const thread = await medarbejder.request('GET', `/api/staff/leads/${lead.id}/adjuster-messages`);
      expect(thread.json().messages).toMatchObject([
        {
          direction: 'in',
          channel: 'taksator',
          body: 'Hvor mange affugtere står der?',
          authorName: 'Mette Taksator',
        },
      ]);
    });

    it("e-mails staff's answer to the adjuster with the page's link", async () => {
      const lead = await emergency();
      const { token } = await giveLink(lead.id);
      const answered = await medarbejder.request('POST', `/api/staff/leads/${lead.id}/adjuster-messages`, {
        text: 'Der står tre affugtere.',
      });
      expect(answered.statusCode).toBe(201);
      expect(answered.json().message).toMatchObject({
        direction: 'out',
        channel: 'taksator',
        email: 'pending',
      });
      await deliver();
      const mail = t.sent.find((each) => addressOf(each.to) === 'mette@tryg.dk')!;
      expect(mail.subject).toBe(`Svar om sag ${lead.reference}`);
      expect(mail.text).toContain('Der står tre affugtere.');
      expect(mail.text).toContain(`${publicUrl}/taksator/${token}`);
      expect(mail.replyTo).toBe(companyInbox);
      const thread = await medarbejder.request('GET', `/api/staff/leads/${lead.id}/adjuster-messages`);
      expect(thread.json().messages[0].email).toBe('sent');
    });

    it("never files an e-mail answer to the adjuster's e-mails under the customer's thread", async () => {
      const lead = await emergency();
      await giveLink(lead.id);
      await koordinator.request('POST', `/api/staff/leads/${lead.id}/adjuster-messages`, {
        text: 'Tre affugtere.',
      });
      const jobs = await db()
        .select({ id: mailJobs.id, kind: mailJobs.kind })
        .from(mailJobs)
        .where(eq(mailJobs.leadId, lead.id));
      const adjusterJobs = jobs.filter((job) => job.kind.startsWith('adjuster-')).map((job) => job.id);
      expect(adjusterJobs).toHaveLength(2);
      const deps = { db: db(), signingSecret: TEST_SIGNING_SECRET, publicUrl };
      for (const id of adjusterJobs) {
        const answer = { headerLines: [], inReplyTo: mailMessageId(publicUrl, id), references: [] };
        expect(await leadOfMail(deps, answer)).toBeNull();
      }
      // The customer's receipt is still answered under the lead.
      const [row] = await db()
        .select({ receipt: leads.receiptMailJobId })
        .from(leads)
        .where(eq(leads.id, lead.id));
      const toReceipt = {
        headerLines: [],
        inReplyTo: mailMessageId(publicUrl, row!.receipt!),
        references: [],
      };
      expect(await leadOfMail(deps, toReceipt)).toBe(lead.id);
    });

    it("takes the day's number of messages for a case, then a Danish 429 keeping the text and writing nothing", async () => {
      const lead = await emergency();
      const { token } = await giveLink(lead.id);
      // Yesterday's message does not count against today.
      const earlier = { leadId: lead.id, direction: 'in' as const, channel: 'taksator' as const };
      await db()
        .insert(leadMessages)
        .values([
          { ...earlier, body: 'I går', createdAt: new Date(Date.now() - 36 * 60 * 60_000) },
          ...Array.from({ length: adjusterMessagesPerDay - 1 }, (_, index) => ({
            ...earlier,
            body: `Besked ${index}`,
          })),
        ]);
      expect((await postMessage(token, 'Dagens sidste besked')).statusCode).toBe(303);
      const over = await postMessage(token, 'En besked for meget');
      expect(over.statusCode).toBe(429);
      expect(over.body).toContain(adjusterPageMessages.tooManyToday(adjusterMessagesPerDay));
      expect(over.body).toContain('En besked for meget');
      const kept = await db().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id));
      expect(kept.map((row) => row.body)).not.toContain('En besked for meget');
      await deliver();
      expect(
        t.sent.filter((mail) => mail.subject === `Besked fra taksator til ${lead.reference}`),
      ).toHaveLength(1);
    });

    it("hands the adjuster's thread over in the customer's personal-data export", async () => {
      const lead = await emergency();
      const { token } = await giveLink(lead.id);
      expect((await postMessage(token, 'Hvornår blev der målt sidst?')).statusCode).toBe(303);
      await medarbejder.request('POST', `/api/staff/leads/${lead.id}/adjuster-messages`, {
        text: 'I går kl. 14.',
      });
      const email = encodeURIComponent(emergencyBody().email);
      const exported = await koordinator.request('GET', `/api/staff/personal-data/export?email=${email}`);
      expect(exported.statusCode).toBe(200);
      const found = exported
        .json<{
          leads: { reference: string; messages: { direction: string; channel: string; body: string }[] }[];
        }>()
        .leads.find((each) => each.reference === lead.reference);
      expect(
        found!.messages
          .filter((message) => message.channel === 'taksator')
          .map((message) => [message.direction, message.body]),
      ).toEqual([
        ['in', 'Hvornår blev der målt sidst?'],
        ['out', 'I går kl. 14.'],
      ]);
    });

    it('refuses an answer when no link is open', async () => {
      const lead = await emergency();
      const refused = await koordinator.request('POST', `/api/staff/leads/${lead.id}/adjuster-messages`, {
        text: 'Hej',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(adjusterMessages.noOpenLink);
      expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, lead.id))).toHaveLength(0);
    });
  });
});
