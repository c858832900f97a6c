/**
 * A batch update to the customers waiting for a call (docs/decisions/lead-messages.md,
 * docs/decisions/sms-cost.md): staff choose the waiting emergencies by postcode and/or priority,
 * preview the text (recipients, and the SMS exactly as sent, case link included, with their
 * billed parts), and send what they previewed: the send names the preview and is refused when
 * recipients or text changed since. Each lead gets its own message row (shown on its case page)
 * and an e-mail through the mail outbox; each Danish mobile number gets one SMS per batch,
 * however many of its leads are chosen (the oldest lead's). The same text is refused again within
 * `batchRepeatMinutes`, and the SMS parts count against the day's budget (./sms-budget.ts). All
 * rows and the audit row commit in one transaction, so a batch is sent whole or not at all, and
 * the workers (woken after the commit) send each copy once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { leadMessages as limits } from '../../../domain/constants.ts';
import { fillMessage } from '../../../domain/lead-message-text.ts';
import { isDanishMobile, normalisePhone } from '../../../domain/phone.ts';
import { customerSmsMaxParts, customerSmsText, toGsmText } from '../../../domain/sms-parts.ts';
import {
  leadMessageApiMessages as refusals,
  type BatchPreviewAnswer,
  type BatchSelection,
  type BatchSendAnswer,
} from '../../../domain/staff-api/messages.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leadMessageBatches, leadMessageSms, leadMessages, leads } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { MessageRefused } from './errors.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import { auditBy, recordAudit, type StaffActor } from '../../staff/audit.ts';
import { leadMessageMail } from './message-mail.ts';
import { sampleCaseLink, smsCost, spendSmsParts, type CustomerSmsSettings } from './sms-budget.ts';

export interface BatchDeps {
  db: Db;
  sms: CustomerSmsSettings;
  now?: () => Date;
}

/** The 4-digit postcode of an address as the forms store it ("Vestergade 12, 8000 Aarhus C"). */
export const postcodeSql = sql`substring(${leads.details}->>'adresse' from '([0-9]{4})[^,0-9]*$')`;

/** Waiting: an emergency still open, not spam, nobody has called back yet. */
function waitingEmergencies(selection: BatchSelection): SQL {
  const prefix = selection.postcodePrefix?.trim() ?? '';
  const priorities = selection.priorities ?? [];
  return and(
    eq(leads.pagesOnCall, true),
    inArray(leads.status, ['new', 'in-progress']),
    isNull(leads.calledBackAt),
    prefix ? sql`${postcodeSql} like ${`${prefix}%`}` : undefined,
    priorities.length > 0 ? inArray(leads.priority, priorities) : undefined,
  )!;
}

async function selectedLeads(db: DbOrTx, selection: BatchSelection) {
  return db
    .select({ id: leads.id, reference: leads.reference, name: leads.name, phone: leads.phone })
    .from(leads)
    .where(waitingEmergencies(selection))
    .orderBy(asc(leads.createdAt), asc(leads.id));
}

type Recipient = Awaited<ReturnType<typeof selectedLeads>>[number];

interface PlannedMessage {
  lead: Recipient;
  body: string;
  /** The SMS parts this lead's message goes as; 0: no SMS (no mobile, or its phone has one). */
  smsParts: number;
}

interface BatchPlan {
  planned: PlannedMessage[];
  sms: number;
  parts: number;
  longest: PlannedMessage | null;
  previewId: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The batch as it would go: each lead's text, and one SMS per Danish mobile number (the oldest
 * of its leads carries it) with its billed parts. The preview's id hashes all of it, so a send
 * whose recipients, numbers or text differ from what was shown does not match.
 */
function planBatch(settings: CustomerSmsSettings, recipients: Recipient[], text: string): BatchPlan {
  const phones = new Set<string>();
  const planned = recipients.map((lead): PlannedMessage => {
    const body = fillMessage(text, { reference: lead.reference, name: lead.name });
    const phone = isDanishMobile(lead.phone) ? normalisePhone(lead.phone!) : null;
    if (!phone || phones.has(phone)) return { lead, body, smsParts: 0 };
    phones.add(phone);
    return { lead, body, smsParts: smsCost(settings, body).segments };
  });
  const bySms = planned.filter((row) => row.smsParts > 0);
  const longest = bySms.reduce<PlannedMessage | null>(
    (most, row) => (most && most.smsParts >= row.smsParts ? most : row),
    null,
  );
  const shown = planned.map((row) => [row.lead.id, row.lead.phone, row.smsParts]);
  return {
    planned,
    sms: bySms.length,
    parts: bySms.reduce((sum, row) => sum + row.smsParts, 0),
    longest,
    previewId: sha256(JSON.stringify({ text, shown })).slice(0, 32),
  };
}

/** Refuses (400, Danish, with its count) a batch whose longest SMS is over the cap. */
function refuseLongSms(plan: BatchPlan): void {
  if (plan.longest && plan.longest.smsParts > customerSmsMaxParts) {
    throw new MessageRefused(refusals.batchSmsTooLong(plan.longest.smsParts, plan.longest.lead.reference));
  }
}

/**
 * How many the selection reaches and who; with a text, the SMS as they would go (one per phone,
 * their parts, the first one in full) and the preview's id the send must name.
 */
export async function previewBatch(
  deps: Pick<BatchDeps, 'db' | 'sms'>,
  input: { selection: BatchSelection; text?: string | undefined },
): Promise<BatchPreviewAnswer> {
  const rows = await selectedLeads(deps.db, input.selection);
  const phones = new Set(
    rows.filter((row) => isDanishMobile(row.phone)).map((row) => normalisePhone(row.phone!)),
  );
  const plan = input.text === undefined ? null : planBatch(deps.sms, rows, input.text);
  if (plan) refuseLongSms(plan);
  const carriers = new Set(plan?.planned.filter((row) => row.smsParts > 0).map((row) => row.lead.id));
  const firstSms = plan?.planned.find((row) => row.smsParts > 0);
  return {
    count: rows.length,
    sms: phones.size,
    max: limits.batchMaxLeads,
    recipients: rows.slice(0, limits.batchPreviewListed).map((row) => ({
      reference: row.reference,
      name: row.name,
      sms: plan ? carriers.has(row.id) : isDanishMobile(row.phone),
    })),
    parts: plan ? plan.parts : null,
    longestParts: plan ? (plan.longest?.smsParts ?? 0) : null,
    sample: firstSms
      ? customerSmsText(toGsmText(firstSms.body), sampleCaseLink(deps.sms.publicUrl), deps.sms.answers)
      : null,
    previewId: plan && rows.length > 0 && rows.length <= limits.batchMaxLeads ? plan.previewId : null,
  };
}

/** Refuses the text when a batch sent it within the last minutes (a double press, two koordinatorer). */
async function refuseRepeat(tx: DbOrTx, textHash: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - limits.batchRepeatMinutes * 60_000);
  const [recent] = await tx
    .select({ id: leadMessageBatches.id })
    .from(leadMessageBatches)
    .where(and(eq(leadMessageBatches.textHash, textHash), gt(leadMessageBatches.createdAt, since)))
    .limit(1);
  if (recent) throw new MessageRefused(refusals.batchRepeated);
}

/** Rows per INSERT, well under PostgreSQL's 65,535 parameters. */
const chunkSize = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize)
    await insert(rows.slice(start, start + chunkSize));
}

/**
 * Sends the previewed `text` to every waiting emergency of the selection. Refused (400, Danish,
 * nothing written) when it reaches nobody or more than a batch may, when it is not what the
 * preview `previewId` showed, when an SMS would be over the cap, when the same text went within
 * `batchRepeatMinutes`, or when its parts do not fit the day's budget; the text is checked by
 * its schema before it gets here.
 */
export async function sendBatch(
  deps: BatchDeps,
  input: { selection: BatchSelection; text: string; previewId: string },
  actor: StaffActor,
): Promise<BatchSendAnswer> {
  const now = deps.now?.() ?? new Date();
  const batchId = randomUUID();
  return deps.db.transaction(async (tx) => {
    const recipients = await selectedLeads(tx, input.selection);
    if (recipients.length === 0) throw new MessageRefused(refusals.noRecipients);
    if (recipients.length > limits.batchMaxLeads)
      throw new MessageRefused(refusals.tooMany(recipients.length));
    const plan = planBatch(deps.sms, recipients, input.text);
    refuseLongSms(plan);
    if (plan.previewId !== input.previewId) throw new MessageRefused(refusals.batchPreviewStale);
    // The day's lock first: concurrent batches are then checked for repeats one after the other.
    await spendSmsParts(tx, deps.sms, plan.parts, now);
    const textHash = sha256(input.text);
    await refuseRepeat(tx, textHash, now);
    await tx
      .insert(leadMessageBatches)
      .values({ id: batchId, textHash, authorId: actor.userId, createdAt: now });
    const planned = plan.planned.map((row) => ({ ...row, messageId: randomUUID(), mailJobId: randomUUID() }));
    await insertChunked(planned, (chunk) =>
      enqueueMail(
        tx,
        leadMessageMail,
        chunk.map((row) => ({ leadId: row.lead.id, messageId: row.messageId })),
        { ids: chunk.map((row) => row.mailJobId), createdAt: now },
      ),
    );
    await insertChunked(planned, (chunk) =>
      tx.insert(leadMessages).values(
        chunk.map((row) => ({
          id: row.messageId,
          leadId: row.lead.id,
          direction: 'out' as const,
          channel: 'case-page' as const,
          body: row.body,
          authorId: actor.userId,
          authorName: actor.name ?? actor.email,
          batchId,
          mailJobId: row.mailJobId,
          createdAt: now,
        })),
      ),
    );
    const bySms = planned.filter((row) => row.smsParts > 0);
    await insertChunked(bySms, (chunk) =>
      tx.insert(leadMessageSms).values(
        chunk.map((row) => ({
          messageId: row.messageId,
          leadId: row.lead.id,
          phone: row.lead.phone!,
          // GSM-7 where it can be: a foreign letter or a typographic dash must not triple the cost.
          body: toGsmText(row.body),
          parts: row.smsParts,
          runAt: now,
          createdAt: now,
        })),
      ),
    );
    if (bySms.length > 0) wakeAfterCommit(tx, 'messages.sms');
    const selection = {
      ...(input.selection.postcodePrefix ? { postcodePrefix: input.selection.postcodePrefix } : {}),
      ...(input.selection.priorities?.length ? { priorities: input.selection.priorities.join(', ') } : {}),
    };
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'lead-message-batch',
        details: { batchId, count: planned.length, sms: bySms.length, smsParts: plan.parts, ...selection },
      }),
      now,
    );
    return { batchId, count: planned.length, sms: bySms.length, parts: plan.parts };
  });
}
