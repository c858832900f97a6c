/**
 * One e-mail from the reply mailbox into its lead's thread (docs/decisions/incoming-answers.md).
 * The lead is found, in this order, by a recipient address with the lead's signed tag
 * (answer-address.ts: Delivered-To, X-Original-To, To, Cc), then by the Message-ID of one of our
 * e-mails in In-Reply-To or References (`<mail job id@our host>`: a message of the thread, the
 * receipt, or any e-mail about the lead whose job row is still there). What matches no lead goes
 * to the company inbox as it came. Every step over the mail's text runs in time linear in it, and
 * control characters are dropped before anything is stored.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, notLike } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { stripControlCharacters } from '../../../domain/fields.ts';
import { photoLimitWords, photoRoom } from '../../case/photo-room.ts';
import type { Db } from '../../db/client.ts';
import { leadMessages, leads, mailJobs } from '../../db/schema.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { answerPhotoUploadId, keepAnswerPhoto, looksLikePicture, maxAnswerPhotos } from './answer-photos.ts';
import { forwardUnmatched, storeAnswer, type AnswerPhoto } from './answer-store.ts';
import { leadIdOfReplyAddress } from './answer-address.ts';
import { staffTaggedLead, takeStaffReply } from './staff-answer.ts';
import { cutNote, maxAnswerLength, answerText } from './answer-text.ts';

export interface InboundMailDeps {
  db: Db;
  storage: Pick<ObjectStore, 'put'>;
  /** SIGNING_SECRET: the key of the reply address's tag. */
  signingSecret: string;
  /** PUBLIC_URL: its host is the right-hand side of our Message-IDs. */
  publicUrl: string;
  clock: () => Date;
}

export type MailOutcome = 'stored' | 'duplicate' | 'forwarded' | 'forwarded-before';

const addressHeaders = new Set(['delivered-to', 'x-original-to', 'envelope-to', 'to', 'cc']);
// Split at the characters around addresses, then kept where an "@" has text on both sides: a
// pattern searching for "x@y" would rescan a long run without "@" from each of its characters.
const addressDelimiters = /[\s<>,;:"()[\]]+/;
const isAddress = (token: string) => token.slice(1, -1).includes('@');
const messageIdPattern = /<([^<>\s]+)>/g;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The recipient addresses of a mail, the delivery headers first (they name the mailbox reached). */
export function recipientAddresses(mail: Pick<ParsedMail, 'headerLines'>): string[] {
  const found: string[] = [];
  const ordered = [...mail.headerLines].sort(
    (a, b) =>
      Number(b.key === 'delivered-to' || b.key === 'x-original-to') -
      Number(a.key === 'delivered-to' || a.key === 'x-original-to'),
  );
  for (const { key, line } of ordered) {
    if (!addressHeaders.has(key)) continue;
    const value = line.slice(line.indexOf(':') + 1);
    for (const address of value.split(addressDelimiters).filter(isAddress)) found.push(address.toLowerCase());
  }
  return [...new Set(found)];
}

/** Our mail job ids named in In-Reply-To and References, the one answered first, then newest first. */
export function referencedJobIds(
  mail: Pick<ParsedMail, 'inReplyTo' | 'references'>,
  ourHost: string,
): string[] {
  const references = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? [mail.references]
      : [];
  const texts = [mail.inReplyTo ?? '', ...references.toReversed()];
  const ids: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(messageIdPattern)) {
      const value = match[1]!;
      const at = value.lastIndexOf('@');
      const id = value.slice(0, at);
      if (at > 0 && value.slice(at + 1).toLowerCase() === ourHost && uuidPattern.test(id)) {
        ids.push(id.toLowerCase());
      }
    }
  }
  return [...new Set(ids)];
}

/** The lead a mail answers, or null. */
export async function leadOfMail(
  deps: Pick<InboundMailDeps, 'db' | 'signingSecret' | 'publicUrl'>,
  mail: Pick<ParsedMail, 'headerLines' | 'inReplyTo' | 'references'>,
): Promise<string | null> {
  const tagged = recipientAddresses(mail)
    .map((address) => leadIdOfReplyAddress(deps.signingSecret, address))
    .filter((id): id is string => id !== null);
  if (tagged.length > 0) {
    const found = await deps.db.select({ id: leads.id }).from(leads).where(inArray(leads.id, tagged));
    const id = tagged.find((candidate) => found.some((row) => row.id === candidate));
    if (id) return id;
  }
  const jobIds = referencedJobIds(mail, new URL(deps.publicUrl).hostname.toLowerCase());
  if (jobIds.length === 0) return null;
  // Sent messages' job rows may be cleaned up: the ids stay with the thread and the receipt.
  const [byMessage, byReceipt, byJob] = await Promise.all([
    deps.db
      .select({ job: leadMessages.mailJobId, lead: leadMessages.leadId })
      .from(leadMessages)
      // An answer to the loss adjuster's e-mails never becomes the customer's answer.
      .where(and(inArray(leadMessages.mailJobId, jobIds), ne(leadMessages.channel, 'taksator'))),
    deps.db
      .select({ job: leads.receiptMailJobId, lead: leads.id })
      .from(leads)
      .where(inArray(leads.receiptMailJobId, jobIds)),
    deps.db
      .select({ job: mailJobs.id, lead: mailJobs.leadId })
      .from(mailJobs)
      .where(
        and(inArray(mailJobs.id, jobIds), isNotNull(mailJobs.leadId), notLike(mailJobs.kind, 'adjuster-%')),
      ),
  ]);
  const leadByJob = new Map<string, string>();
  for (const row of [...byMessage, ...byReceipt, ...byJob]) {
    if (row.job && row.lead) leadByJob.set(row.job, row.lead);
  }
  for (const id of jobIds) {
    const lead = leadByJob.get(id);
    if (lead) return lead;
  }
  return null;
}

const refusalWords = {
  'not-image': 'ikke et billede',
  'too-large': 'over 10 MB',
  'too-many-pixels': 'for mange pixels',
  'over-limit': `kun ${maxAnswerPhotos} billeder pr. svar`,
} as const;

/**
 * Text from a mail as it may be stored: line breaks as "\n", no control characters but tab and
 * line break (PostgreSQL refuses a NUL byte, and a stray escape has no place in the inbox).
 */
export function storableText(value: string): string {
  return stripControlCharacters(value.replace(/\r\n?/g, '\n'), { multiline: true });
}

/** What identifies the mail when it is read again: its Message-ID, or a hash of its bytes. */
function incomingIdOf(mail: ParsedMail, source: Buffer): string {
  const id = stripControlCharacters(mail.messageId ?? '').trim();
  return id ? id.slice(0, 998) : `sha256:${createHash('sha256').update(source).digest('hex')}`;
}

/**
 * An automatic answer by its headers (RFC 3834's Auto-Submitted, and the older X-Autoreply,
 * X-Autorespond and Precedence that Exchange and others still send). A delivery report
 * (multipart/report) is not one: that our e-mail did not arrive is news for staff.
 */
export function isAutomaticReply(mail: Pick<ParsedMail, 'headers'>): boolean {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return typeof value === 'string' ? value.trim().toLowerCase() : '';
  };
  const contentType = mail.headers.get('content-type') as { value?: string } | undefined;
  if (contentType?.value?.toLowerCase() === 'multipart/report') return false;
  const autoSubmitted = header('auto-submitted');
  return (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    mail.headers.has('x-autoreply') ||
    mail.headers.has('x-autorespond') ||
    ['auto_reply', 'auto-reply'].includes(header('precedence'))
  );
}

function senderOf(mail: ParsedMail): { from: string; replyTo: string | null } {
  const first = mail.from?.value[0];
  const address = first?.address ? stripControlCharacters(first.address) : '';
  return {
    from: stripControlCharacters(mail.from?.text ?? '') || '(ukendt afsender)',
    replyTo: address || null,
  };
}

/**
 * How the parser reads a mail: no HTML made from the plain text (nobody shows it), and HTML is
 * turned into text only up to 256 KB (an HTML-only answer longer than that is noted as cut).
 */
export const parserOptions = {
  skipImageLinks: true,
  skipTextLinks: true,
  skipTextToHtml: true,
  maxHtmlLengthToParse: 256 * 1024,
} as const;

/**
 * A mail the parser refuses: over its limits (1,000 MIME parts, 1 MB of headers in one part). Read
 * again it would be refused again, so it goes to the company inbox at once (answer-mailbox.ts).
 */
export class UnreadableMail extends Error {
  constructor(cause: unknown) {
    super('the mail could not be parsed', { cause });
    this.name = 'UnreadableMail';
  }
}

/** Takes one raw mail from the reply mailbox; resolves once it is stored or forwarded. */
export async function takeMail(deps: InboundMailDeps, source: Buffer): Promise<MailOutcome> {
  const mail = await simpleParser(source, parserOptions).catch((cause: unknown) => {
    throw new UnreadableMail(cause);
  });
  const now = deps.clock();
  const incomingId = incomingIdOf(mail, source);
  // An answer to a notification to staff: to the customer through the thread, or refused.
  const staffLead = staffTaggedLead(deps.signingSecret, recipientAddresses(mail));
  if (staffLead) {
    const automatic = isAutomaticReply(mail);
    const taken = await takeStaffReply(deps.db, mail, { leadId: staffLead, incomingId, now, automatic });
    return typeof taken === 'string' ? taken : forward(deps, mail, incomingId, now, taken.refused);
  }
  const leadId = await leadOfMail(deps, mail);
  if (!leadId) return forward(deps, mail, incomingId, now);
  // Read again after a crash: nothing to check or store twice.
  const [stored] = await deps.db
    .select({ id: leadMessages.id })
    .from(leadMessages)
    .where(and(eq(leadMessages.leadId, leadId), eq(leadMessages.incomingId, incomingId)));
  if (stored) return 'duplicate';

  const photos: AnswerPhoto[] = [];
  const refused: string[] = [];
  // The case page's limits hold for photos by e-mail too; storeAnswer counts again under the lock.
  const room = await photoRoom(deps.db, leadId, now);
  const photoMax = Math.min(maxAnswerPhotos, room.remainingToday);
  for (const [index, attachment] of mail.attachments.filter(looksLikePicture).entries()) {
    const name = attachment.filename ?? 'billede';
    if (photos.length >= photoMax) {
      const words = photoMax === maxAnswerPhotos ? refusalWords['over-limit'] : photoLimitWords(room);
      refused.push(`${name} (${words})`);
      continue;
    }
    const id = answerPhotoUploadId(leadId, incomingId, index);
    const checked = await keepAnswerPhoto({ db: deps.db, storage: deps.storage, now }, attachment, id);
    if ('photo' in checked) photos.push(checked.photo);
    else refused.push(`${name} (${refusalWords[checked.refused]})`);
  }
  const others = mail.attachments
    .filter((attachment) => !looksLikePicture(attachment) && !attachment.related)
    .map((attachment) => `${attachment.filename ?? 'fil'} (ikke et billede)`);
  const notes = [...refused, ...others];
  const text = answerText(mail.text ?? '') || htmlNotRead(mail);
  const automatic = isAutomaticReply(mail);
  const body = [
    ...(automatic ? ['(Automatisk svar)'] : []),
    text || (photos.length > 0 ? '(Kun billeder)' : '(Tom e-mail)'),
    ...(notes.length > 0 ? ['', `Ikke gemt: ${notes.join(', ')}`] : []),
  ].join('\n');
  const outcome = await storeAnswer(deps.db, {
    leadId,
    channel: 'email',
    body: storableText(body).slice(0, maxAnswerLength + 1000),
    incomingId,
    at: now,
    photos,
    automatic,
  });
  // Erased between the match and the store: forwarded like any mail without a lead.
  if (outcome === 'lead-gone') return forward(deps, mail, incomingId, now);
  return outcome;
}

/** An HTML-only mail too long to turn into text: the thread says so rather than showing nothing. */
function htmlNotRead(mail: ParsedMail): string {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return !mail.text?.trim() && html.length > parserOptions.maxHtmlLengthToParse ? cutNote : '';
}

async function forward(
  deps: InboundMailDeps,
  mail: ParsedMail,
  incomingId: string,
  now: Date,
  /** Why it was not taken, when there is more to say than that it matched no lead. */
  note?: string,
): Promise<MailOutcome> {
  const forwarded = await forwardUnmatched(deps.db, {
    channel: 'email',
    incomingId,
    ...senderOf(mail),
    subject: stripControlCharacters(mail.subject ?? ''),
    receivedAt: (mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : now).toISOString(),
    text: storableText(`${note ? `${note}\n\n` : ''}${(mail.text ?? '').slice(0, 100_000)}`),
    attachments: mail.attachments.map((attachment) =>
      stripControlCharacters(attachment.filename ?? attachment.contentType),
    ),
  });
  return forwarded ? 'forwarded' : 'forwarded-before';
}
