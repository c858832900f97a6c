/**
 * Taking a lead a visitor sent, by either door: the JSON API (the enhanced forms) and the plain
 * HTML forms. Both run the same spam checks, spend the form token in the lead's transaction and
 * store the same lead (server/leads/create-lead.ts); only the answers differ (201 JSON or a page).
 */
import type { FastifyBaseLogger } from 'fastify';
import { splitLead, type Lead } from '../../domain/lead.ts';
import { isFiledAsSpam, type SpamReason } from '../../domain/spam.ts';
import type { AnnouncedCallback } from '../../domain/surge.ts';
import type { Config } from '../config.ts';
import type { SqlClient } from '../db/client.ts';
import { createLead, type LeadDeps } from './create-lead.ts';
import { countInWindow } from '../db/sliding-window.ts';
import { emailKey, submissionLimits, submissionWindowMs } from './rate-limit.ts';
import { spamReasonsOf } from './spam.ts';
import { formTokenHash } from './spam-token.ts';

export interface SubmitLeadDeps extends Omit<LeadDeps, 'visitorMailPerHour'> {
  /** The database without the query builder (Database.sql): the sliding-window counters. */
  sql: SqlClient;
  config: Pick<
    Config,
    'spamChecks' | 'signingSecret' | 'receiptMailMaxPerHour' | 'submissionRateLimitPerMinute'
  >;
}

export type Submitted =
  | {
      status: 'stored';
      id: string;
      reference: string;
      spamReasons: readonly SpamReason[];
      /** The open emergency this one repeats (server/leads/duplicates.ts); null for any other. */
      duplicateOf: { id: string; reference: string } | null;
      /** What an emergency was told about its callback; null for other kinds. */
      announced: AnnouncedCallback | null;
    }
  /** Over the per-address limit: nothing stored; try again after this many seconds. */
  | { status: 'over-limit'; retryAfterSeconds: number };

/** The spam reasons a lead's own content and form fields give (none when the checks are off). */
export function screenLead(deps: SubmitLeadDeps, lead: Lead, now = Date.now()): SpamReason[] {
  return deps.config.spamChecks ? spamReasonsOf(lead, { secret: deps.config.signingSecret, now }) : [];
}

/**
 * Counts the lead under its sender's e-mail address, then stores it with its mail jobs. A photo
 * that was not ours throws UploadClaimError (400), an unreachable store StorageUnavailableError
 * (503): server/plugins/errors.ts answers both.
 */
export async function submitLead(
  deps: SubmitLeadDeps,
  lead: Lead,
  origin: { clientIp: string; userAgent: string | undefined },
  log: FastifyBaseLogger,
  spamReasons: readonly SpamReason[] = screenLead(deps, lead),
): Promise<Submitted> {
  const { perEmail } = submissionLimits(deps.config);
  if (perEmail > 0) {
    const email = splitLead(lead).contact.email;
    const counted = await countInWindow(deps.sql, emailKey(email), new Date(), submissionWindowMs, {
      limit: perEmail,
    });
    if (counted.count > perEmail) {
      log.info({ count: counted.count }, 'lead refused: too many for this e-mail address');
      return { status: 'over-limit', retryAfterSeconds: counted.retryAfterSeconds };
    }
  }
  // A token of ours (even an old one) brings one lead: the lead's transaction spends it.
  const token = typeof lead.formToken === 'string' ? lead.formToken.trim() : '';
  const spendable =
    deps.config.spamChecks &&
    token !== '' &&
    !spamReasons.includes('token-invalid') &&
    !spamReasons.includes('token-missing');
  const result = await createLead(
    { ...deps, visitorMailPerHour: deps.config.receiptMailMaxPerHour },
    lead,
    origin,
    { spamReasons, formTokenHash: spendable ? formTokenHash(token) : undefined },
  );
  const reasons = result.spamReasons;
  log.info(
    { reference: result.reference, kind: lead.kind, ...(reasons.length ? { spamReasons: reasons } : {}) },
    isFiledAsSpam(reasons)
      ? 'lead stored as spam'
      : reasons.length
        ? 'lead stored, marked as possible spam'
        : 'lead stored',
  );
  return {
    status: 'stored',
    id: result.id,
    reference: result.reference,
    spamReasons: reasons,
    duplicateOf: result.duplicateOf,
    announced: result.announced,
  };
}
