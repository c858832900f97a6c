/**
 * Turning claimed mail jobs into messages, without knowing any kind of mail: each feature
 * declares the kinds it queues with `mailKind` (name, payload schema, composer;
 * server/mail-composers.ts puts them together), and the
 * outbox reads what a round's jobs need at once (the leads, and the photos of the kinds that show
 * them: one query per table per round, not one per job).
 */
import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { leadImages, leads } from '../db/schema.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { escapeHtml } from './html.ts';
import { layout, plainText } from './layout.ts';
import type { ClaimedMailJob, QueueableMailKind } from './outbox.ts';
import type { OutgoingMail } from './transport.ts';

/** What a composer may use. */
export interface ComposeDeps {
  db: Db;
  storage: Pick<ObjectStore, 'get' | 'signedReadUrl'>;
  mail: { from: string; to: string; replyAddress?: string | null };
  publicUrl: string;
  /** The price basis a private customer's receipt states (PRICE_INFO). */
  priceInfo?: string;
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
 * A payload its kind's schema refuses: no later attempt can fix it, so the worker fails the job at
 * once (logging why) instead of retrying it for days.
 */
export class MailPayloadRefused extends Error {
  override name = 'MailPayloadRefused';
}

/** A mail kind: its name, the schema of its payload, and its composer. */
export interface MailKind<Name extends string, Schema extends z.ZodType>
  extends MailComposer, QueueableMailKind<Schema> {
  readonly name: Name;
}

/**
 * A mail kind declared in one place: its name, the schema of its payload (what `enqueueMail`
 * accepts for it, so a wrong payload does not compile) and its composer, which gets the payload
 * parsed with it, never cast. A payload that does not fit fails the job for good, saying why.
 */
export function mailKind<const Name extends string, Schema extends z.ZodType>(
  name: Name,
  payload: Schema,
  compose: (
    deps: ComposeDeps,
    job: ParsedMailJob<z.infer<Schema>>,
    rows: MailRows,
  ) => Promise<OutgoingMail> | OutgoingMail,
  options: { withPhotos?: boolean } = {},
): MailKind<Name, Schema> {
  return {
    ...options,
    name,
    payload,
    compose(deps, job, rows) {
      const parsed = payload.safeParse(job.payload);
      if (!parsed.success)
        throw new MailPayloadRefused(`mail job ${job.id} (${job.kind}): ${z.prettifyError(parsed.error)}`);
      return compose(deps, { ...job, payload: parsed.data }, rows);
    },
  };
}

/** The payload of a mail about one lead, which the composer reads as it is when it sends. */
export const aboutLead = z.object({ leadId: z.string() });

/** A feature's mail kinds by name, for server/mail-composers.ts. */
export function mailComposersOf(...kinds: readonly MailKind<string, z.ZodType>[]): MailComposers {
  return Object.fromEntries(kinds.map((kind) => [kind.name, kind]));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The leads a payload may name; anything else in it (or a payload that is no object) names none. */
const namedLeads = z
  .object({
    leadId: z.string().optional().catch(undefined),
    leadIds: z.array(z.string()).optional().catch(undefined),
  })
  .catch({});

/** The lead id a job's payload names, if any. */
function leadIdOf(job: ClaimedMailJob): string | undefined {
  return namedLeads.parse(job.payload).leadId;
}

/** Every lead a job's payload names: its `leadId` and, for a mail about several, its `leadIds`. */
function leadIdsOf(job: ClaimedMailJob): string[] {
  const { leadId, leadIds = [] } = namedLeads.parse(job.payload);
  return leadId === undefined ? leadIds : [leadId, ...leadIds];
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
export function leadOfJob(job: ParsedMailJob<{ leadId: string }>, rows: MailRows): LeadRow {
  const lead = rows.leads.get(job.payload.leadId);
  if (!lead) throw new Error(`lead ${job.payload.leadId} not found`);
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

/** A notice of one paragraph to the company inbox (MAIL_TO), e.g. about the SMS account. */
export function companyNotice(
  deps: Pick<ComposeDeps, 'publicUrl' | 'mail'>,
  job: Pick<ClaimedMailJob, 'id'>,
  subject: string,
  intro: string,
): OutgoingMail {
  return {
    ...messageBase(deps, job),
    to: deps.mail.to,
    subject,
    text: plainText([intro]),
    html: layout(subject, escapeHtml(intro), ''),
  };
}
