/**
 * The on-call e-mails (docs/decisions/sms-paging.md), queued in the mail outbox by the paging
 * worker: "Ikke kvitteret" to the company inbox when nobody in the chain acknowledged an
 * emergency, and a page as e-mail (to the person and to the company inbox) when the SMS could
 * not be sent for two minutes.
 */
import { z } from 'zod';
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/phone.ts';
import type { leads } from '../../db/schema.ts';
import { escapeHtml, formatDanishDateTime, multilineHtml } from '../../mail/html.ts';
import {
  mailComposersOf,
  mailKind,
  messageBase,
  type MailRows,
  type ParsedMailJob,
} from '../../mail/compose.ts';
import type { ClaimedMailJob } from '../../mail/outbox.ts';
import { figuresMail } from '../figures/figures-mail.ts';
import { smsAccountMailComposer } from './sms-account.ts';
import { testPageMailComposer } from './test-page.ts';
import { rotaGapMailComposer } from '../rota/rota-gaps.ts';
import { unacknowledgedMail } from './unacknowledged-mail.ts';
import type { OutgoingMail } from '../../mail/transport.ts';

/** A page as e-mail, when its SMS could not be sent. */
const pageFallback = z.object({
  /** null: a digest SMS, about several emergencies (its text links the queue page). */
  leadId: z.string().nullable(),
  /** null: the company inbox (MAIL_TO). */
  to: z.object({ name: z.string(), address: z.string() }).nullable(),
  personName: z.string(),
  smsText: z.string(),
  /** The provider refused the SMS for good (its answer): sent as e-mail at once. */
  refusal: z.string().optional(),
});

type LeadRow = typeof leads.$inferSelect;
type FallbackPayload = z.infer<typeof pageFallback>;

/** Why the page comes as e-mail: the SMS kept failing, or the provider refused it for good. */
function fallbackIntro(payload: FallbackPayload): string {
  if (payload.refusal) {
    return payload.to
      ? `SMS-udbyderen afviste SMS'en til dig (${payload.refusal}), så den kommer her som e-mail.`
      : `SMS-udbyderen afviste SMS'en til ${payload.personName} (${payload.refusal}); den er sendt som e-mail til vedkommende, og den næste i vagtkæden får siden nu. Gælder fejlen alle SMS (adgangsnøgle, saldo, IP-adresse), skal SMS-opsætningen rettes.`;
  }
  return payload.to
    ? `SMS'en til dig kunne ikke sendes i to minutter, så den kommer her som e-mail.`
    : `SMS'en til ${payload.personName} kunne ikke sendes i to minutter; den er sendt som e-mail til vedkommende.`;
}

function summary(lead: LeadRow): { label: string; value: string }[] {
  const type = lead.details.skadetype;
  return [
    { label: 'Reference', value: lead.reference },
    { label: 'Modtaget', value: formatDanishDateTime(lead.createdAt) },
    { label: 'Skadetype', value: damageTypeLabels[type as DamageType] ?? type ?? '' },
    { label: 'Navn', value: lead.name },
    { label: 'Telefon', value: lead.phone ? formatPhone(lead.phone) : 'Ikke angivet' },
    { label: 'Adresse', value: lead.details.adresse ?? 'Ikke angivet' },
  ];
}

function render(intro: string[], lead: LeadRow, extra: string | null) {
  const rows = summary(lead);
  const text = [
    ...intro,
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    ...(extra ? ['', extra] : []),
  ]
    .join('\n')
    .concat('\n');
  const html = `<!doctype html><html lang="da"><body style="font-family:sans-serif">${intro
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}<table>${rows
    .map((row) => `<tr><th align="left">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`)
    .join('')}</table>${extra ? `<p>${multilineHtml(extra)}</p>` : ''}</body></html>`;
  return { text, html };
}

/** The lead a job names, from its round's rows; throws when it is gone. */
function leadNamed(job: Pick<ClaimedMailJob, 'id'>, rows: MailRows, leadId: string): LeadRow {
  const lead = rows.leads.get(leadId);
  if (!lead) throw new Error(`lead of mail job ${job.id} not found`);
  return lead;
}

/** A page about one emergency as e-mail. */
function composeFallbackAboutLead(
  deps: { mail: { from: string; to: string }; publicUrl: string },
  job: ParsedMailJob<FallbackPayload>,
  lead: LeadRow,
): OutgoingMail {
  const { payload } = job;
  const { text, html } = render([fallbackIntro(payload)], lead, `SMS'en:\n${payload.smsText}`);
  return {
    ...messageBase(deps, job),
    to: payload.to ?? deps.mail.to,
    subject: `AKUT ${lead.reference}: SMS kunne ikke sendes`,
    text,
    html,
  };
}

/** A digest SMS as e-mail: about no single lead, the SMS's text (with the queue link) is all. */
function composeDigestFallback(
  deps: { mail: { from: string; to: string }; publicUrl: string },
  job: ParsedMailJob<FallbackPayload>,
): OutgoingMail {
  const { payload } = job;
  const intro = fallbackIntro(payload);
  const text = `${intro}\n\nSMS'en:\n${payload.smsText}\n`;
  const html = `<!doctype html><html lang="da"><body style="font-family:sans-serif"><p>${escapeHtml(intro)}</p><p>${multilineHtml(`SMS'en:\n${payload.smsText}`)}</p></body></html>`;
  return {
    ...messageBase(deps, job),
    to: payload.to ?? deps.mail.to,
    subject: 'AKUT: vagt-SMS kunne ikke sendes',
    text,
    html,
  };
}

/** A page as e-mail, to the person and to the company inbox. */
export const pageFallbackMail = mailKind('oncall-page-fallback', pageFallback, (deps, job, rows) =>
  job.payload.leadId === null
    ? composeDigestFallback(deps, job)
    : composeFallbackAboutLead(deps, job, leadNamed(job, rows, job.payload.leadId)),
);

export const oncallMailComposers = mailComposersOf(
  unacknowledgedMail,
  pageFallbackMail,
  figuresMail,
  smsAccountMailComposer,
  testPageMailComposer,
  rotaGapMailComposer,
);
