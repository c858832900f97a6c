/**
 * The photos a customer's e-mail answer brought stand with that answer in the thread (the inbox's
 * "Beskeder") and on the customer's case page, on PGlite and PostgreSQL: the inbox's thread names
 * them among the lead's photos, in order; the case page counts them under the answer.
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeadDetail } from '../../../domain/staff-api/leads.ts';
import type { LeadMessage } from '../../../domain/staff-api/messages.ts';
import { makePng } from '../../../tests/support/images.ts';
import { issueCaseToken } from '../../case/links.ts';
import { replyAddressOf } from '../../mail/reply-tags.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { postLead } from '../../test/post-lead.ts';
import { reportBody } from '../../test/lead-bodies.ts';
import type { StaffClient } from '../../test/staff-client.ts';
import { loggedInNewStaff, publicUrl } from '../../test/staff-client.ts';
import { createStaffTestApp } from '../../test/staff-test-app.ts';
import { TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import { takeMail } from './answer-by-mail.ts';

describeEachDatabase('photos of an answer in the thread', (target) => {
  let t: TestApp;
  let anna: StaffClient;

  beforeAll(async () => {
    t = await createStaffTestApp(target, { env: { MAIL_TO: 'sager@skade.test' } });
    anna = await loggedInNewStaff(t.app, {
      email: 'anna@skade.test',
      name: 'Anna Holm',
      role: 'koordinator',
    });
  });
  afterAll(async () => t?.close());

  it('shows the answer with the two photos it came with', async () => {
    const lead = await postLead(t.app, reportBody());
    const raw = await new MailComposer({
      from: 'karen@holm.dk',
      to: replyAddressOf(TEST_SIGNING_SECRET, 'svar@skade.test', lead.id),
      subject: 'Re: sagen',
      text: 'Her er loftet og væggen.',
      attachments: [
        { filename: 'loft.png', content: makePng(64, 48), contentType: 'image/png' },
        { filename: 'vaeg.png', content: makePng(48, 64), contentType: 'image/png' },
      ],
    })
      .compile()
      .build();
    const outcome = await takeMail(
      {
        db: t.app.deps.db,
        storage: t.app.deps.storage,
        signingSecret: TEST_SIGNING_SECRET,
        publicUrl,
        clock: () => new Date(),
      },
      raw,
    );
    expect(outcome).toBe('stored');

    const { messages } = (await anna.request('GET', `/api/staff/leads/${lead.id}/messages`)).json<{
      messages: LeadMessage[];
    }>();
    const { lead: detail } = (await anna.request('GET', `/api/staff/leads/${lead.id}`)).json<{
      lead: LeadDetail;
    }>();
    const added = detail.images.filter((image) => image.addedLaterAt);
    expect(added.map((image) => image.originalName)).toEqual(['loft.png', 'vaeg.png']);
    const answer = messages.find((message) => message.direction === 'in')!;
    expect(answer.body).toBe('Her er loftet og væggen.');
    expect(answer.photoIds).toEqual(added.map((image) => image.id));

    // The customer's case page says it too, under the answer, as it counts the case's photos.
    const token = await issueCaseToken(t.app.deps.db, { leadId: lead.id, mailJobId: randomUUID() });
    const page = await t.app.inject({ method: 'GET', url: `/sag/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/Her er loftet og væggen\.<\/p><p class="hint">Med 2 billeder\.<\/p><\/li>/);
  });
});
