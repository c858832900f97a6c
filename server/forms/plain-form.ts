/**
 * A form sent by a browser without scripts (or before the form's code arrived): the posted text
 * fields and photos become the lead the JSON API would get, checked with the same schema and
 * spam rules and stored by the same service. The outcome is either the lead's reference or an
 * answer to render into the form again (values kept, Danish messages per field). A form that is
 * answered keeps none of its photos: they are deleted before the answer goes out (the visitor is
 * asked to choose them again), so refused forms cannot fill the disk.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MultipartForm } from '../uploads/multipart.ts';
import { isPagingLead, leadSchema, type Lead, type LeadKind } from '../../domain/lead.ts';
import { leadKindPages } from '../../domain/lead-kind-pages.ts';
import type { AnnouncedCallback } from '../../domain/surge.ts';
import { plainFormMessages, type FormAnswer } from '../../domain/plain-forms.ts';
import {
  honeypotFieldName,
  isFiledAsSpam,
  spamFieldNames,
  tooManySubmissionsMessage,
} from '../../domain/spam.ts';
import { errorStatuses } from '../plugins/error-codes.ts';
import { StorageUnavailableError, UploadClaimError } from '../uploads/errors.ts';
import { screenLead, submitLead, type SubmitLeadDeps } from '../leads/submit-lead.ts';
import { discardUploads } from '../uploads/purge.ts';

/** A posted form: its text fields, and for multipart forms its photos (server/uploads/multipart.ts). */
export type PostedForm = MultipartForm;

export interface PlainFormClient {
  ip: string;
  userAgent: string | undefined;
  /** The form token from the form cookie (server/forms/form-cookie.ts). */
  formToken: string | undefined;
  /** Over the per-IP submission limit: seconds until one more fits. */
  retryAfterSeconds: number | null;
}

export type PlainFormOutcome =
  /**
   * duplicate: it repeats an open emergency of the sender's (/tak says so); announced: the
   * callback time an emergency was told, and its damage type (water advice first in surge).
   */
  | {
      status: 'sent';
      reference: string;
      duplicate?: true;
      /** It pages the on-call staff although its kind does not always (an urgent assignment). */
      urgent?: true;
      announced?: AnnouncedCallback;
      damageType?: string;
    }
  | {
      status: 'answer';
      httpStatus: (typeof errorStatuses)[PlainFormRefusal];
      answer: FormAnswer;
      retryAfterSeconds?: number;
    };

/** Why a form is answered instead of stored; its status is the code's (server/plugins/error-codes.ts). */
type PlainFormRefusal =
  | 'form-invalid'
  | 'form-too-fast'
  | 'submissions-over-limit'
  | 'upload-over-budget'
  | 'upload-site-full'
  | 'upload-claim-refused'
  | 'storage-unavailable';

/** Field names a visitor's post may not set: the kind comes from the page, the rest from us. */
const reservedNames = new Set(['kind', 'images', ...spamFieldNames]);

/** The values to show again: what was typed, never the hidden trap field. */
function shownValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).filter(([name]) => !reservedNames.has(name) && name !== honeypotFieldName),
  );
}

/** Field name → the first message the schema gives for it (photos under `images`, as in the schema). */
function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

export async function takePlainForm(
  deps: SubmitLeadDeps,
  kind: LeadKind,
  posted: PostedForm,
  client: PlainFormClient,
  log: FastifyBaseLogger,
): Promise<PlainFormOutcome> {
  const discard = () => discardUploads({ db: deps.db, storage: deps.storage, log }, posted.photoUrls);
  let outcome: PlainFormOutcome;
  try {
    outcome = await judgePlainForm(deps, kind, posted, client, log);
  } catch (error) {
    // Photos already attached to a stored lead stay; the others go with the failed form.
    await discard().catch(() => undefined);
    throw error;
  }
  if (outcome.status === 'answer' && posted.photoUrls.length > 0) await discard();
  return outcome;
}

async function judgePlainForm(
  deps: SubmitLeadDeps,
  kind: LeadKind,
  posted: PostedForm,
  client: PlainFormClient,
  log: FastifyBaseLogger,
): Promise<PlainFormOutcome> {
  const values = shownValues(posted.fields);
  const answer = (
    refusal: PlainFormRefusal,
    errors: Record<string, string>,
    formError?: string,
    retryAfterSeconds?: number,
  ): PlainFormOutcome => ({
    status: 'answer',
    httpStatus: errorStatuses[refusal],
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    answer: {
      values,
      errors,
      ...(formError ? { formError } : {}),
      ...(posted.photosChosen > 0 ? { photosDropped: true } : {}),
    },
  });

  if (client.retryAfterSeconds !== null) {
    return answer('submissions-over-limit', {}, tooManySubmissionsMessage, client.retryAfterSeconds);
  }
  const candidate: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(posted.fields))
    if (!reservedNames.has(name)) candidate[name] = value;
  const honeypot = posted.fields[honeypotFieldName];
  const parsed = leadSchema.safeParse({
    ...candidate,
    kind,
    images: posted.photoUrls,
    formToken: client.formToken,
    ...(honeypot ? { [honeypotFieldName]: honeypot } : {}),
  });
  if (!parsed.success || posted.photoError) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (posted.photoError) errors.images ??= posted.photoError;
    // A full upload budget answers as the upload API does: 503 for the site, 429 for this client.
    const budget = photoBudgetRefusal(posted.photoErrorStatus);
    if (budget) return answer(budget, errors, undefined, posted.photoRetryAfterSeconds);
    return answer('form-invalid', errors);
  }
  const lead: Lead = parsed.data;
  const reasons = screenLead(deps, lead);
  // Too fast and nothing else wrong: a person who pressed at once sends again and gets through.
  if (reasons.includes('too-fast') && !isFiledAsSpam(reasons))
    return answer('form-too-fast', {}, plainFormMessages.tooFast);

  try {
    const submitted = await submitLead(
      deps,
      lead,
      { clientIp: client.ip, userAgent: client.userAgent },
      log,
      reasons,
    );
    if (submitted.status === 'over-limit') {
      return answer('submissions-over-limit', {}, tooManySubmissionsMessage, submitted.retryAfterSeconds);
    }
    // An urgent assignment's /tak speaks to the adjuster who sent it: that it is handled as
    // urgent, not the policyholder's callback time or that they wrote before.
    const urgent = isPagingLead(lead) && leadKindPages[lead.kind].paging !== true;
    return {
      status: 'sent',
      reference: submitted.reference,
      ...(urgent
        ? { urgent: true as const }
        : {
            ...(submitted.duplicateOf ? { duplicate: true as const } : {}),
            ...(submitted.announced ? { announced: submitted.announced } : {}),
            ...(isPagingLead(lead) ? { damageType: lead.skadetype } : {}),
          }),
    };
  } catch (error) {
    if (error instanceof UploadClaimError) return answer(error.code, { images: error.message });
    if (error instanceof StorageUnavailableError) return answer(error.code, {}, error.message);
    throw error;
  }
}

/** A photo refused by the upload budget (the upload API's statuses): the form says so as that API does. */
function photoBudgetRefusal(status: number | undefined): 'upload-over-budget' | 'upload-site-full' | null {
  if (status === errorStatuses['upload-over-budget']) return 'upload-over-budget';
  if (status === errorStatuses['upload-site-full']) return 'upload-site-full';
  return null;
}
