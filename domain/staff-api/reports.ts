import { z } from 'zod';
import { emailField } from '../fields.ts';
import { instant, leadId } from './shared.ts';

/**
 * The first report to the insurer: GET /api/staff/leads/:id/report.pdf renders it from the case's
 * recorded facts; POST …/report sends it (the insurer's claims address and any addresses staff
 * add) and keeps it as sent; GET …/reports lists the reports sent, …/reports/:reportId.pdf is one.
 */
export const reportMessages = {
  email: 'Skriv en gyldig e-mailadresse, fx skade@forsikring.dk.',
  tooMany: 'Du kan højst sende rapporten til 5 modtagere.',
  unknownReport: 'Rapporten findes ikke.',
  noRecipient:
    'Der er ingen modtager af rapporten: forsikringsselskabet har ingen skade-e-mail registreret. Skriv en modtager.',
} as const;

export const maxReportRecipients = 5;

export const reportSendBody = z.object({
  /** Recipients besides the insurer's claims address (which is always included when known). */
  to: z
    .array(emailField({ required: reportMessages.email, invalid: reportMessages.email }))
    .max(maxReportRecipients, { error: reportMessages.tooMany })
    .optional(),
});

export const reportParams = z.object({
  id: leadId,
  reportId: z.uuid({ error: reportMessages.unknownReport }),
});

export const sentReport = z.object({
  id: z.uuid(),
  sentAt: instant,
  /** Who sent it (the staff member's name as it was then). */
  by: z.string().nullable(),
  recipients: z.array(z.string()),
  messageId: z.string(),
  bytes: z.number().int(),
});

export const reportsAnswer = z.object({
  reports: z.array(sentReport),
  /** Where the report goes by default: the lead's insurer's claims address, when recorded. */
  defaultRecipients: z.array(z.string()),
});
export const reportSendAnswer = z.object({ report: sentReport });

export type SentReport = z.infer<typeof sentReport>;
export type ReportsAnswer = z.infer<typeof reportsAnswer>;
export type ReportSendAnswer = z.infer<typeof reportSendAnswer>;
