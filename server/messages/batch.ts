/**
 * A batch update to the customers waiting for a call (docs/decisions/lead-messages.md): staff
 * choose the waiting emergencies by postcode and/or priority, see how many it reaches, and send
 * one text, filled per lead. Each lead gets its own message row (shown on its case page), an
 * e-mail through the mail outbox, and for a Danish mobile number an SMS job; all of them and the
 * audit row commit in one transaction, so a batch is sent whole or not at all, and the workers
 * (woken after the commit) send each copy once.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { leadMessages as limits } from '../../domain/constants.ts';
import { fillMessage } from '../../domain/lead-message-text.ts';
import { isDanishMobile } from '../../domain/phone.ts';
import {
  leadMessageApiMessages as refusals,
  type BatchPreviewAnswer,
  type BatchSelection,
  type BatchSendAnswer,
} from '../../domain/staff-api/messages.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { leadMessageSms, leadMessages, leads, mailJobs } from '../db/schema.ts';
import { MessageRefused } from '../plugins/service-errors.ts';
import type { JobQueue } from '../queue/jobs.ts';
import { toGsmText } from '../sms/segments.ts';
import { auditBy, recordAudit, type StaffActor } from '../staff/audit.ts';
import type { LeadMessageMailJob } from './message-mail.ts';

export interface BatchDeps {
  db: Db;
  jobs: Pick<JobQueue, 'notify'>;
  now?: () => Date;
}

/** The 4-digit postcode of an address as the forms store it ("Vestergade 12, 8000 Aarhus C"). */
export const postcodeSql = sql`substring(${leads.details}->>'adresse' from '([0-9]{4})[^,0-9]*$')`;

/** Waiting: an emergency still open, not spam, nobody has called back yet. */
function waitingEmergencies(selection: BatchSelection): SQL {
  const prefix = selection.postcodePrefix?.trim() ?? '';
  const priorities = selection.priorities ?? [];
  return and(
    eq(leads.kind, 'akut-skade'),
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

/** How many the selection reaches, and how many of them by SMS too. */
export async function previewBatch(db: Db, selection: BatchSelection): Promise<BatchPreviewAnswer> {
  const rows = await selectedLeads(db, selection);
  return {
    count: rows.length,
    sms: rows.filter((row) => isDanishMobile(row.phone)).length,
    max: limits.batchMaxLeads,
  };
}

/** Rows per INSERT, well under PostgreSQL's 65,535 parameters. */
const chunkSize = 500;

async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize)
    await insert(rows.slice(start, start + chunkSize));
}

/**
 * Sends `text` to every waiting emergency of the selection. Refused (400) when it reaches nobody
 * or more than a batch may; the text is checked by its schema before it gets here.
 */
export async function sendBatch(
  deps: BatchDeps,
  input: { selection: BatchSelection; text: string },
  actor: StaffActor,
): Promise<BatchSendAnswer> {
  const now = deps.now?.() ?? new Date();
  const batchId = randomUUID();
  const answer = await deps.db.transaction(async (tx) => {
    const recipients = await selectedLeads(tx, input.selection);
    if (recipients.length === 0) throw new MessageRefused(refusals.noRecipients);
    if (recipients.length > limits.batchMaxLeads)
      throw new MessageRefused(refusals.tooMany(recipients.length));
    const planned = recipients.map((lead) => {
      const body = fillMessage(input.text, { reference: lead.reference, name: lead.name });
      return {
        lead,
        body,
        messageId: randomUUID(),
        mailJobId: randomUUID(),
        sms: isDanishMobile(lead.phone),
      };
    });
    await insertChunked(planned, (chunk) =>
      tx.insert(mailJobs).values(
        chunk.map((row) => {
          const job: LeadMessageMailJob = {
            kind: 'lead-message',
            payload: { leadId: row.lead.id, messageId: row.messageId },
          };
          return {
            id: row.mailJobId,
            kind: job.kind,
            payload: job.payload,
            leadId: row.lead.id,
            createdAt: now,
          };
        }),
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
    const bySms = planned.filter((row) => row.sms);
    await insertChunked(bySms, (chunk) =>
      tx.insert(leadMessageSms).values(
        chunk.map((row) => ({
          messageId: row.messageId,
          leadId: row.lead.id,
          phone: row.lead.phone!,
          // GSM-7 where it can be: a foreign letter or a typographic dash must not triple the cost.
          body: toGsmText(row.body),
          runAt: now,
          createdAt: now,
        })),
      ),
    );
    const selection = {
      ...(input.selection.postcodePrefix ? { postcodePrefix: input.selection.postcodePrefix } : {}),
      ...(input.selection.priorities?.length ? { priorities: input.selection.priorities.join(', ') } : {}),
    };
    await recordAudit(
      tx,
      auditBy(actor, {
        action: 'lead-message-batch',
        details: { batchId, count: planned.length, sms: bySms.length, ...selection },
      }),
      now,
    );
    return { batchId, count: planned.length, sms: bySms.length };
  });
  deps.jobs.notify('mail', 'messages.sms');
  return answer;
}
