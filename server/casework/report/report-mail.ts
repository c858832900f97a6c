/**
 * The e-mail that carries a first report to the insurer: the PDF as it was kept when staff sent
 * it (lead_reports, object storage), attached while the message stays within the mail size limit,
 * otherwise a signed link to it. Its Message-ID was fixed when it was queued (the job's id), so the
 * `rapport-sendt` milestone could record it in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { company } from '../../../domain/company.ts';
import { leadReports } from '../../db/schema.ts';
import { leadOfJob, mailKind, messageBase, type MailComposers } from '../../mail/compose.ts';
import { escapeHtml, formatDanishDateTime } from '../../mail/html.ts';
import { layout, plainText } from '../../mail/layout.ts';
import { mailPhotoLinkTtlSeconds, measure, mailSizeLimits, withinSizeLimit } from '../../mail/photo-mail.ts';
import type { MailAttachment, OutgoingMail } from '../../mail/transport.ts';
import { reportMailCopy as copy } from './copy.ts';

export const firstReportMailKind = 'first-report';

const paragraph = (value: string) => `<p style="margin:0 0 12px">${escapeHtml(value)}</p>`;

export const reportMailComposers: MailComposers = {
  [firstReportMailKind]: mailKind(
    z.object({ leadId: z.uuid(), reportId: z.uuid() }),
    async (deps, job, rows) => {
      const lead = leadOfJob(job, rows);
      const [report] = await deps.db
        .select()
        .from(leadReports)
        .where(and(eq(leadReports.id, job.payload.reportId), eq(leadReports.leadId, lead.id)));
      if (!report) throw new Error(`report ${job.payload.reportId} of lead ${lead.id} not found`);
      const stored = await deps.storage.get(report.objectKey);
      if (!stored) throw new Error(`the PDF of report ${report.id} is missing from storage`);
      const fileName = copy.fileName(lead.reference);
      const subject = copy.subject(lead.reference, lead.details.skadeNr);
      const questions = copy.questions(company.phoneDisplay, company.email);
      const render = (
        body: { attachment: MailAttachment } | { url: string; validUntil: Date },
      ): OutgoingMail => {
        const lines =
          'attachment' in body
            ? [copy.intro(lead.reference), copy.attached]
            : [copy.intro(lead.reference), copy.linked(formatDanishDateTime(body.validUntil))];
        return {
          ...messageBase(deps, job),
          to: report.recipients.join(', '),
          subject,
          text: plainText([
            'Kære forsikringsselskab,',
            '',
            ...lines,
            ...('url' in body ? [body.url] : []),
            '',
            questions,
            '',
            'Venlig hilsen',
            company.name,
          ]),
          html: layout(
            subject,
            'Kære forsikringsselskab,',
            [
              ...lines.map(paragraph),
              ...('url' in body
                ? [
                    `<p style="margin:0 0 12px"><a href="${escapeHtml(body.url)}">${escapeHtml(copy.download)}</a></p>`,
                  ]
                : []),
              paragraph(questions),
              `<p style="margin:16px 0 0">Venlig hilsen<br>${escapeHtml(company.name)}</p>`,
            ].join('\n'),
          ),
          attachments: 'attachment' in body ? [body.attachment] : [],
        };
      };
      const attached = await measure(
        render({ attachment: { filename: fileName, content: stored.body, contentType: 'application/pdf' } }),
      );
      if (attached.size <= mailSizeLimits.messageBytes) return attached.mail;
      const now = deps.now?.() ?? new Date();
      const url = await deps.storage.signedReadUrl(report.objectKey, mailPhotoLinkTtlSeconds);
      const linked = render({ url, validUntil: new Date(now.getTime() + mailPhotoLinkTtlSeconds * 1000) });
      return withinSizeLimit(await measure(linked), { kind: job.kind, leadId: lead.id });
    },
  ),
};
