/**
 * The e-mails about a lead: the staff notification (photos attached while they fit, else signed
 * links, server/mail/photo-mail.ts), the requested PDF to a resource request's sender, and the
 * daily spam digest; plus the address helpers the case page's e-mails share. Registered by kind with the mail
 * outbox (server/mail-composers.ts).
 */
import { findResourceByTitle } from '../../domain/resources.ts';
import {
  aboutLead,
  leadOfJob,
  mailComposersOf,
  mailKind,
  messageBase,
  type ComposeDeps,
  type LeadImageRow,
  type LeadRow,
} from '../mail/compose.ts';
import { greetingName, type RenderedMail } from '../mail/layout.ts';
import { measure, mailWithPhotos, withinSizeLimit, type MeasuredMail } from '../mail/photo-mail.ts';
import type { OutgoingMail } from '../mail/transport.ts';
import { customerReplyTo, repliesComeBack, staffReplyTo } from '../mail/reply-tags.ts';
import { inboxLeadUrl, staffNotice } from '../mail/staff-notice.ts';
import { renderLeadNotification, renderResourceDelivery, type LeadForMail } from './lead-templates.ts';
import { loadResourcePdf } from './resource-pdfs.ts';
import { originalReference } from './duplicates.ts';
import { spamDigestMail } from './spam-digest-mail.ts';

/** The lead's notification to the company inbox. */
export const leadNotificationMail = mailKind(
  'lead-notification',
  aboutLead,
  (deps, job, rows) => {
    const lead = leadOfJob(job, rows);
    return leadNotification(deps, job.kind, lead, rows.images.get(lead.id) ?? [], (rendered) => ({
      ...messageBase(deps, job),
      ...mailParts(rendered),
      to: deps.mail.to,
      ...staffReplyHeader(deps, lead.id),
    }));
  },
  { withPhotos: true },
);

/** The requested PDF to a resource request's sender. */
const resourceDeliveryMail = mailKind('resource-delivery', aboutLead, async (deps, job, rows) => {
  const lead = leadOfJob(job, rows);
  const delivery = await resourceDelivery(deps, lead, (rendered) => ({
    ...messageBase(deps, job),
    ...mailParts(rendered),
    to: visitorAddress(lead),
    replyTo: customerReplyTo(deps, lead.id),
  }));
  return withinSizeLimit(delivery, { kind: job.kind, leadId: lead.id });
});

export const leadMailComposers = mailComposersOf(leadNotificationMail, resourceDeliveryMail, spamDigestMail);

/** How a notification to staff about the lead ends: the thread's link, and whether to answer by e-mail. */
export function staffNoticeOf(deps: ComposeDeps, leadId: string) {
  return staffNotice(inboxLeadUrl(deps.publicUrl, leadId), repliesComeBack(deps));
}

/** The Reply-To of a notification to staff: the lead's staff tag, or none without a reply mailbox. */
export function staffReplyHeader(deps: ComposeDeps, leadId: string): { replyTo?: string } {
  const replyTo = staffReplyTo(deps, leadId);
  return replyTo ? { replyTo } : {};
}

/** The typed address, with the name only when it is plainly a name (greetingName). */
export function visitorAddress(lead: LeadRow): string | { name: string; address: string } {
  const name = greetingName(lead.name);
  return name ? { name, address: lead.email } : lead.email;
}

export function mailParts(rendered: RenderedMail) {
  return {
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: rendered.attachments,
  };
}

/** The staff notification, with the lead's photos (server/mail/photo-mail.ts). */
async function leadNotification(
  deps: ComposeDeps,
  kind: string,
  lead: LeadRow,
  images: readonly LeadImageRow[],
  toMail: (rendered: RenderedMail) => OutgoingMail,
): Promise<OutgoingMail> {
  const forMail = { ...leadForMail(lead), duplicateOf: await originalReference(deps.db, lead.duplicateOf) };
  const notice = staffNoticeOf(deps, lead.id);
  return mailWithPhotos(deps, { kind, leadId: lead.id }, images, (photos) =>
    toMail(renderLeadNotification(forMail, photos, notice)),
  );
}

export function leadForMail(lead: LeadRow): LeadForMail {
  return {
    kind: lead.kind,
    reference: lead.reference,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    details: lead.details,
    createdAt: lead.createdAt,
    spamReasons: lead.spamReasons,
    priority: lead.priority,
    announcedCallbackMinutes: lead.announcedCallbackMinutes,
    announcedInSurge: lead.announcedInSurge,
    announcedFirstInLine: lead.announcedFirstInLine,
    firstResponseDueAt: lead.firstResponseDueAt,
    pagesOnCall: lead.pagesOnCall,
  };
}

async function resourceDelivery(
  deps: ComposeDeps,
  lead: LeadRow,
  toMail: (rendered: RenderedMail) => OutgoingMail,
): Promise<MeasuredMail> {
  const title = lead.details.resourceTitle ?? '';
  const resource = findResourceByTitle(title);
  if (!resource) throw new Error(`resource "${title}" is not in the catalogue`);
  const pdf = await loadResourcePdf(resource, deps.pdfDir);
  return measure(toMail(renderResourceDelivery(leadForMail(lead), resource, pdf)));
}
