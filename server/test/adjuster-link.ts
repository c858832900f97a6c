/** A loss adjuster's link given through the staff API and a report sent, for tests of the adjuster's page. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { leadReports } from '../db/schema.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { addressOf } from './post-lead.ts';
import type { StaffClient } from './staff-client.ts';

const adjusterLinkPattern = /\/taksator\/([A-Za-z0-9_-]{43})/;

/**
 * `staff` gives the lead's adjuster a link (201), the e-mails then due are delivered into `sent`
 * and the token is read from the adjuster's; `sent` is emptied after. The link's id and token.
 */
export async function giveAdjusterLink(
  app: FastifyInstance,
  sent: OutgoingMail[],
  staff: StaffClient,
  leadId: string,
  adjuster: { name: string; email: string; insurer?: string } = {
    name: 'Mette Taksator',
    email: 'mette@tryg.dk',
  },
): Promise<{ linkId: string; token: string }> {
  const response = await staff.request('POST', `/api/staff/leads/${leadId}/adjuster-link`, adjuster);
  expect(response.statusCode, response.body).toBe(201);
  await app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
  const mail = sent.find((each) => addressOf(each.to) === adjuster.email)!;
  const token = mail.text.match(adjusterLinkPattern)![1]!;
  sent.length = 0;
  return { linkId: response.json<{ link: { id: string } }>().link.id, token };
}

/** The PDF that recordSentReport stores. */
export const sentReportPdf = Buffer.from('%PDF-1.7 rapport');

/**
 * A first report recorded as sent to the insurer, as sending one leaves it (its PDF stored, its
 * lead_reports row), without the e-mail; the report's id.
 */
export async function recordSentReport(app: FastifyInstance, leadId: string): Promise<string> {
  const objectKey = `test/report-${leadId}-${Date.now()}.pdf`;
  await app.deps.storage.put(objectKey, sentReportPdf, 'application/pdf');
  const [row] = await app.deps.db
    .insert(leadReports)
    .values({
      leadId,
      recipients: ['skade@tryg.dk'],
      mailJobId: leadId,
      messageId: `<report-${leadId}@test>`,
      objectKey,
      bytes: sentReportPdf.length,
    })
    .returning({ id: leadReports.id });
  return row!.id;
}
