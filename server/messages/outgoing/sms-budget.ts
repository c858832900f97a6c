/**
 * What customer SMS may cost (docs/decisions/sms-cost.md): each SMS of ours to a customer is
 * counted in billed parts as sent (our text in GSM-7 where it can be, then the case link), one
 * SMS may be at most `customerSmsMaxParts`, and one Danish calendar day at most
 * SMS_DAILY_PARTS_MAX parts. On-call pages are not customer SMS: they are neither counted nor
 * blocked here.
 *
 * The day's parts are one row per day, read FOR UPDATE in the transaction that writes the SMS, so
 * two staff members sending at once are counted one after the other and the budget holds; a
 * refusal throws, and the transaction writes nothing. The day's warning e-mail to MAIL_TO is
 * queued in the same transaction, once, when the parts pass 80 %.
 */
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import {
  caseLinkSample,
  customerSmsLength,
  smsAnswerRoute,
  type SmsAnswerRoute,
  type SmsLength,
} from '../../../domain/sms-parts.ts';
import { localParts } from '../../../domain/zoned-time.ts';
import { leadMessageApiMessages as refusals } from '../../../domain/staff-api/messages.ts';
import type { Tx } from '../../db/client.ts';
import { smsDailyParts } from '../../db/schema.ts';
import { companyNotice, mailComposersOf, mailKind } from '../../mail/compose.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { MessageRefused } from './errors.ts';

/** What the SMS limits need from the configuration. */
export interface CustomerSmsSettings {
  /** PUBLIC_URL: the case link in each SMS is counted at its real length. */
  publicUrl: string;
  /** SMS_DAILY_PARTS_MAX. */
  dailyPartsMax: number;
  /** Where the SMS says to answer (SMS_SENDER and SMS_WEBHOOK_SECRET); default the case page. */
  answers?: SmsAnswerRoute;
}

export function customerSmsSettings(config: {
  publicUrl: string;
  sms: { dailyPartsMax: number; sender: string; webhookSecret: string | null };
}): CustomerSmsSettings {
  return {
    publicUrl: config.publicUrl,
    dailyPartsMax: config.sms.dailyPartsMax,
    answers: smsAnswerRoute(config.sms),
  };
}

/** The share of the day's budget at which MAIL_TO is warned. */
export const warnAtShare = 0.8;

/** A case link of the length the SMS worker makes them (server/case/links.ts), in domain/sms-parts.ts for the inbox too. */
export const sampleCaseLink = caseLinkSample;

/** The message `body` as the customer's SMS: its units and billed parts. */
export function smsCost(settings: CustomerSmsSettings, body: string): SmsLength {
  return customerSmsLength(body, sampleCaseLink(settings.publicUrl), settings.answers);
}

/** "2026-11-28": the Danish calendar day of `now`, the budget's key. */
export function budgetDay(now: Date): string {
  const { year, month, day } = localParts(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const smsBudgetWarning = z.object({ leadId: z.null(), day: z.string(), parts: z.number(), max: z.number() });

/** The day's row, locked until the caller's transaction ends. */
async function lockDay(tx: Tx, day: string): Promise<{ parts: number; warnedAt: Date | null }> {
  await tx.insert(smsDailyParts).values({ day, parts: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ parts: smsDailyParts.parts, warnedAt: smsDailyParts.warnedAt })
    .from(smsDailyParts)
    .where(eq(smsDailyParts.day, day))
    .for('update');
  return row ?? { parts: 0, warnedAt: null };
}

/**
 * Counts `parts` against the day's budget in the caller's transaction: false (nothing counted)
 * when they do not fit. Passing 0 only takes the day's lock, which orders concurrent senders.
 * Queues the day's warning e-mail when the count passes 80 % (the caller wakes the mail worker).
 */
export async function trySpendSmsParts(
  tx: Tx,
  settings: CustomerSmsSettings,
  parts: number,
  now: Date,
): Promise<{ spent: boolean; used: number; warned: boolean }> {
  const day = budgetDay(now);
  const row = await lockDay(tx, day);
  if (row.parts + parts > settings.dailyPartsMax) return { spent: false, used: row.parts, warned: false };
  const used = row.parts + parts;
  const warn = row.warnedAt === null && used >= settings.dailyPartsMax * warnAtShare;
  await tx
    .update(smsDailyParts)
    .set({ parts: sql`${smsDailyParts.parts} + ${parts}`, ...(warn ? { warnedAt: now } : {}) })
    .where(eq(smsDailyParts.day, day));
  if (warn) {
    await enqueueMail(tx, smsBudgetWarningMail, {
      leadId: null,
      day,
      parts: used,
      max: settings.dailyPartsMax,
    });
  }
  return { spent: true, used, warned: warn };
}

/** As trySpendSmsParts, but refuses (400, Danish, with the day's count) when they do not fit. */
export async function spendSmsParts(
  tx: Tx,
  settings: CustomerSmsSettings,
  parts: number,
  now: Date,
): Promise<{ warned: boolean }> {
  const result = await trySpendSmsParts(tx, settings, parts, now);
  if (!result.spent)
    throw new MessageRefused(refusals.smsBudgetSpent(result.used, settings.dailyPartsMax, parts));
  return { warned: result.warned };
}

const number = new Intl.NumberFormat('da-DK');

const smsBudgetWarningMail = mailKind('sms-budget-warning', smsBudgetWarning, (deps, job) => {
  const { parts, max } = job.payload;
  const subject = `SMS til kunder: ${number.format(parts)} af ${number.format(max)} dele brugt i dag`;
  const intro = `I dag er der skrevet SMS til kunder for ${number.format(parts)} af dagens ${number.format(max)} sms-dele (SMS_DAILY_PARTS_MAX). Når grænsen er nået, kan medarbejderne ikke sende flere SMS til kunder før i morgen; e-mails og vagt-SMS går stadig. Loggen i indbakken viser, hvem der har sendt hvad.`;
  return companyNotice(deps, job, subject, intro);
});

export const smsBudgetMailComposers = mailComposersOf(smsBudgetWarningMail);
