/**
 * Turning claimed mail jobs into messages, without knowing any kind of mail: each feature
 * registers a composer per kind it queues (server/mail-composers.ts puts them together), and the
 * outbox reads what a round's jobs need at once (the leads, and the photos of the kinds that show
 * them: one query per table per round, not one per job).
 */
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { leadImages, leads } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import type { ClaimedMailJob } from './outbox.ts';
import type { OutgoingMail } from './transport.ts';

/** What a composer may use. */
export interface ComposeDeps {
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
  mail: { from: string; to: string; replyAddress?: string | null };
  publicUrl: string;
  /** Signs the reply address of a customer thread's e-mail (with `mail.replyAddress`). */
  signingSecret?: string;
  /** Where the resource PDFs are (default build/resources). */
  pdfDir?: string | undefined;
  now?: () => Date;
}

export type LeadRow = typeof leads.$inferSelect;
export type LeadImageRow = typeof leadImages.$inferSelect;

/** The rows a round of jobs refers to, by lead id. */
export interface MailRows {
  leads: ReadonlyMap<string, LeadRow>;
  /** Each lead's photos in the order they were sent (only for the kinds `withPhotos`). */
  images: ReadonlyMap<string, readonly LeadImageRow[]>;
}

export interface MailComposer {
  /** The message of one job; throws when it cannot be built (a failed attempt of the job). */
  compose(deps: ComposeDeps, job: ClaimedMailJob, rows: MailRows): Promise<OutgoingMail> | OutgoingMail;
  /** The round reads the photos of this kind's lead. */
  withPhotos?: boolean;
}

/** A composer per mail kind. */
export type MailComposers = Readonly<Record<string, MailComposer>>;

/** A mail job whose payload was parsed with its kind's schema. */
export type ParsedMailJob<Payload> = Omit<ClaimedMailJob, 'payload'> & { payload: Payload };

/**
 * A mail kind declared in one place: the schema of its payload (what the feature queues, typed by
 * `z.infer`) and its composer, which gets the payload parsed with it, never cast. A payload that
 * does not fit fails the job's attempt, saying why.
 */
export function mailKind<Schema extends z.ZodType>(
  payload: Schema,
  compose: (
    deps: ComposeDeps,
    job: ParsedMailJob<z.infer<Schema>>,
    rows: MailRows,
  ) => Promise<OutgoingMail> | OutgoingMail,
  options: { withPhotos?: boolean } = {},
): MailComposer & { payload: Schema } {
  return {
    ...options,
    payload,
    compose(deps, job, rows) {
      const parsed = payload.safeParse(job.payload);
      if (!parsed.success)
        throw new Error(`mail job ${job.id} (${job.kind}): ${z.prettifyError(parsed.error)}`);
      return compose(deps, { ...job, payload: parsed.data }, rows);
    },
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lead id a job's payload names, if any. */
export function leadIdOf(job: ClaimedMailJob): string | undefined {
  const value = (job.payload as Record<string, unknown> | null)?.leadId;
  return typeof value === 'string' ? value : undefined;
}

/** Every lead a job's payload names: its `leadId` and, for a mail about several, its `leadIds`. */
function leadIdsOf(job: ClaimedMailJob): string[] {
  const many = (job.payload as Record<string, unknown> | null)?.leadIds;
  const listed = Array.isArray(many) ? many.filter((id): id is string => typeof id === 'string') : [];
  const one = leadIdOf(job);
  return one === undefined ? listed : [one, ...listed];
}

/**
 * Reads the leads and photos of a whole round of jobs: one query per table instead of one per
 * job (under load a round holds many jobs). A missing row fails only its own job.
 */
export async function loadMailRows(
  db: Db,
  composers: MailComposers,
  jobs: readonly ClaimedMailJob[],
): Promise<MailRows> {
  // A malformed id would fail the whole query; its job fails on its own when composed.
  const valid = (id: string | undefined): id is string => id !== undefined && uuidPattern.test(id);
  const leadIds = [...new Set(jobs.flatMap(leadIdsOf).filter(valid))];
  const withPhotos = [
    ...new Set(
      jobs
        .filter((job) => composers[job.kind]?.withPhotos)
        .map(leadIdOf)
        .filter(valid),
    ),
  ];
  const [leadRows, imageRows] = await Promise.all([
    leadIds.length > 0 ? db.select().from(leads).where(inArray(leads.id, leadIds)) : [],
    withPhotos.length > 0
      ? db
          .select()
          .from(leadImages)
          .where(inArray(leadImages.leadId, withPhotos))
          .orderBy(asc(leadImages.leadId), asc(leadImages.position))
      : [],
  ]);
  const images = new Map<string, LeadImageRow[]>();
  for (const row of imageRows) {
    const list = images.get(row.leadId) ?? [];
    list.push(row);
    images.set(row.leadId, list);
  }
  return { leads: new Map(leadRows.map((row) => [row.id, row])), images };
}

/** The message of one job, by its kind's composer. */
export async function composeMail(
  composers: MailComposers,
  deps: ComposeDeps,
  job: ClaimedMailJob,
  rows: MailRows,
): Promise<OutgoingMail> {
  const composer = composers[job.kind];
  if (!composer) throw new Error(`unknown mail job kind "${job.kind}"`);
  return composer.compose(deps, job, rows);
}

/** The lead a job is about, from its round's rows; throws when it is gone. */
export function leadOfJob(job: ClaimedMailJob, rows: MailRows): LeadRow {
  const id = leadIdOf(job);
  if (id === undefined) throw new Error(`mail job ${job.id} (${job.kind}) has no leadId`);
  const lead = rows.leads.get(id);
  if (!lead) throw new Error(`lead ${id} not found`);
  return lead;
}

/** The Message-ID of a mail job's e-mail, `<job id@host>`: the same at every attempt. */
export function mailMessageId(publicUrl: string, jobId: string): string {
  return `<${jobId}@${new URL(publicUrl).hostname}>`;
}

/** The sender and a Message-ID stable per job: a message sent again after a crash is recognisable. */
export function messageBase(
  deps: Pick<ComposeDeps, 'publicUrl' | 'mail'>,
  job: Pick<ClaimedMailJob, 'id'>,
): { messageId: string; from: string } {
  return { messageId: mailMessageId(deps.publicUrl, job.id), from: deps.mail.from };
}
