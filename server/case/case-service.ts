/**
 * The customer's case page as use-cases: what the page shows of a case, a message to staff, and
 * more photos. Each addition, its mail job (one staff e-mail per message or per upload of photos)
 * and the lead's new "last contact" (the retention period runs from it) commit together.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, isNull } from 'drizzle-orm';
import { casePage } from '../../domain/constants.ts';
import {
  caseProgress,
  emergencyPromise,
  type CaseProgress,
  type EmergencyPromise,
} from '../../domain/case-steps.ts';
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { leadKindLabels, type LeadKind } from '../../domain/lead.ts';
import type { Db, Tx } from '../db/client.ts';
import { casePhotos, leadMessages, leads, users } from '../db/schema.ts';
import { photoRoom, startOfDanishDay } from './photo-room.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { caseMessageMail, casePhotosMail } from './case-mail.ts';
import type { AnyObjectStore } from '../storage/object-store.ts';
import { addClaimedImages, claimUploads } from '../uploads/uploads.ts';
import { originalReference } from '../leads/duplicates.ts';
import { caseMessages as messages, type ReplyFacts } from './copy.ts';
import { caseThread, firstName, type CaseThreadMessage } from './case-thread.ts';
import { caseMilestones } from './case-milestones.ts';
import type { MilestoneLine } from '../../domain/milestone-lines.ts';

export interface CaseDeps {
  db: Db;
  storage: AnyObjectStore;
  now: () => Date;
}

/** What the page shows of a case: never notes, spam state, the customer's contact details or staff surnames. */
export interface CaseView {
  reference: string;
  kind: LeadKind;
  /** It pages the on-call staff (an emergency, an urgent assignment): its promise is the callback. */
  pagesOnCall: boolean;
  kindLabel: string;
  receivedAt: Date;
  damageType: string | null;
  address: string | null;
  /** The five steps, each done only when its fact is recorded. */
  progress: CaseProgress;
  /** The visit staff agreed with the customer, if recorded. */
  visitAt: Date | null;
  /** Emergencies only: how the call-back promise stands, by the stamped call. */
  promise: EmergencyPromise | null;
  /** A damage report's or contact's first answer, as recorded: what "Det sker nu" may promise. */
  reply: ReplyFacts;
  /** The first name of the staff member handling the case, if anyone has it. */
  contactFirstName: string | null;
  photos: { withForm: number; addedLater: number; remaining: number; remainingToday: number };
  /** The reference of the open emergency this one repeats (server/leads/duplicates.ts). */
  duplicateOf?: string | null;
  /** The conversation, oldest first: ours (by first name) and the customer's. */
  thread: CaseThreadMessage[];
  /** Staff set the case to "Afsluttet": the page takes no more photos or messages. */
  closed: boolean;
  /** The milestones recorded and not withdrawn, in plain Danish; none on a lead filed as spam. */
  milestones: MilestoneLine[];
}

/** A refusal the page shows in Danish; its code's status (server/plugins/error-codes.ts) answers it. */
export interface CaseRefusal {
  code: 'case-closed' | 'case-messages-per-day' | 'case-no-photos' | 'case-too-many-photos';
  message: string;
}

/** The case as the customer sees it; null when the lead is gone. */
export async function caseView(deps: Pick<CaseDeps, 'db' | 'now'>, leadId: string): Promise<CaseView | null> {
  const [row] = await deps.db
    .select({ lead: leads, handler: users.name })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.assignedTo))
    .where(eq(leads.id, leadId));
  if (!row) return null;
  const { lead } = row;
  const now = deps.now();
  const [{ nextPosition: _next, ...photos }, thread, recorded] = await Promise.all([
    photoRoom(deps.db, leadId, now),
    caseThread(deps.db, leadId),
    caseMilestones(deps.db, leadId, lead.details.forsikringsselskab ?? null),
  ]);
  const milestones = lead.status === 'spam' ? { lines: [], onSiteAt: null } : recorded;
  const type = lead.details.skadetype;
  return {
    reference: lead.reference,
    kind: lead.kind,
    pagesOnCall: lead.pagesOnCall,
    kindLabel: leadKindLabels[lead.kind],
    receivedAt: lead.createdAt,
    damageType: type ? (damageTypeLabels[type as DamageType] ?? null) : null,
    address: lead.details.adresse?.trim() || null,
    progress: caseProgress({ ...lead, onSiteAt: milestones.onSiteAt }),
    visitAt: lead.status === 'spam' ? null : lead.visitAt,
    promise: lead.pagesOnCall && lead.status !== 'spam' ? emergencyPromise(lead, now) : null,
    reply: {
      answered: lead.firstResponseAt !== null,
      dueAt: lead.firstResponseDueAt,
      overdue:
        lead.firstResponseAt === null &&
        lead.firstResponseDueAt !== null &&
        lead.firstResponseDueAt.getTime() < now.getTime(),
    },
    contactFirstName: lead.status === 'spam' ? null : firstName(row.handler),
    photos,
    duplicateOf: await originalReference(deps.db, lead.duplicateOf),
    thread,
    closed: lead.status === 'done',
    milestones: milestones.lines,
  };
}

/** A closed case ("Afsluttet") takes nothing more from its page: the customer is told to call. */
const closedRefusal: CaseRefusal = { code: 'case-closed', message: messages.closed };

/**
 * Locks the lead for a post from its page (two posts at once cannot both pass the daily limits)
 * and reads what the post depends on: whether the case is closed, and who handles it.
 */
async function lockForPost(tx: Tx, leadId: string) {
  const [lead] = await tx
    .select({ status: leads.status, assignedTo: leads.assignedTo })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return { closed: lead?.status === 'done', assignedTo: lead?.assignedTo ?? null };
}

/** The person handling the case, to be e-mailed the customer's message too (not when disabled). */
async function handlerAddress(tx: Tx, userId: string | null) {
  if (!userId) return null;
  const [person] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.disabledAt)));
  return person ? { name: person.name ?? person.email, email: person.email } : null;
}

const linkPattern = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** More links than this in a message: it is not mailed (nor kept). */
export const maxMessageLinks = 2;

/**
 * A message to staff, already validated (caseMessageBody). A filled honeypot or a message stuffed
 * with links is dropped without a word (the sender sees the same confirmation); a real one is
 * kept in the lead's thread (the customer's, by the case page) and mailed to the company inbox
 * and to the person handling the case.
 * Refused past the daily number per case, and on a closed case.
 */
export async function addCaseMessage(
  deps: CaseDeps,
  leadId: string,
  input: { body: string; honeypot: string },
): Promise<{ kept: boolean } | { refused: CaseRefusal }> {
  const links = input.body.match(linkPattern)?.length ?? 0;
  if (input.honeypot.trim() !== '' || links > maxMessageLinks) return { kept: false };
  const now = deps.now();
  const refused = await deps.db.transaction(async (tx) => {
    // One at a time per case, so two posts cannot both pass the daily count.
    const lead = await lockForPost(tx, leadId);
    if (lead.closed) return closedRefusal;
    // Only what was written on this page counts: answers by e-mail or SMS have their own bounds.
    const [today] = await tx
      .select({ n: count() })
      .from(leadMessages)
      .where(
        and(
          eq(leadMessages.leadId, leadId),
          eq(leadMessages.direction, 'in'),
          eq(leadMessages.channel, 'case-page'),
          gte(leadMessages.createdAt, startOfDanishDay(now)),
        ),
      );
    if ((today?.n ?? 0) >= casePage.messagesPerDay) {
      return { code: 'case-messages-per-day', message: messages.tooManyMessages } as const;
    }
    const [message] = await tx
      .insert(leadMessages)
      .values({ leadId, direction: 'in', channel: 'case-page', body: input.body, createdAt: now })
      .returning({ id: leadMessages.id });
    await tx.update(leads).set({ lastContactAt: now }).where(eq(leads.id, leadId));
    const handler = await handlerAddress(tx, lead.assignedTo);
    const payload = { leadId, messageId: message!.id };
    await enqueueMail(tx, caseMessageMail, [payload, ...(handler ? [{ ...payload, to: handler }] : [])]);
    return null;
  });
  if (refused) return { refused };
  return { kept: true };
}

/** How many more photos the case may take in all, and today (the smaller of the two limits). */
export async function photoAllowance(
  deps: Pick<CaseDeps, 'db' | 'now'>,
  leadId: string,
): Promise<{ remaining: number; remainingToday: number; closed: boolean }> {
  const [{ remaining, remainingToday }, [lead]] = await Promise.all([
    photoRoom(deps.db, leadId, deps.now()),
    deps.db.select({ status: leads.status }).from(leads).where(eq(leads.id, leadId)),
  ]);
  return { remaining, remainingToday, closed: lead?.status === 'done' };
}

/**
 * Attaches photos already received through the upload pipeline (server/uploads/multipart.ts) to
 * the case as one batch: lead_images rows after the form's photos, marked as added later, and one
 * staff e-mail. The limits are checked again under a lock on the lead, so two uploads at once
 * cannot pass them together.
 */
export async function addCasePhotos(
  deps: CaseDeps,
  leadId: string,
  urls: readonly string[],
): Promise<{ added: number } | { refused: CaseRefusal }> {
  if (urls.length === 0) return { refused: { code: 'case-no-photos', message: messages.noPhotos } };
  const now = deps.now();
  const refused = await deps.db.transaction(async (tx) => {
    if ((await lockForPost(tx, leadId)).closed) return closedRefusal;
    const counts = await photoRoom(tx, leadId, now);
    if (urls.length > counts.remainingToday) {
      return {
        code: 'case-too-many-photos',
        message: messages.tooManyPhotos(counts.remaining, counts.remainingToday),
      } as const;
    }
    const claimed = await claimUploads(
      { db: deps.db, storage: deps.storage, now: deps.now },
      { urls: [...urls], leadId, maxImages: urls.length },
      tx,
    );
    const images = await addClaimedImages(tx, leadId, claimed, counts.nextPosition, now);
    const batchId = randomUUID();
    await tx
      .insert(casePhotos)
      .values(images.map((image) => ({ imageId: image.id, leadId, batchId, createdAt: now })));
    await tx.update(leads).set({ lastContactAt: now }).where(eq(leads.id, leadId));
    await enqueueMail(tx, casePhotosMail, { leadId, batchId });
    return null;
  });
  if (refused) return { refused };
  return { added: urls.length };
}
