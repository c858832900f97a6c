/**
 * What a delivery report does (docs/decisions/sms-delivery-reports.md): the SMS row keeps the
 * provider's state; a page SMS that will never arrive (undeliverable, rejected, expired: the
 * provider's final failures) moves its escalation on at once, so the next person is paged now
 * instead of after the escalation window. A report about an SMS we do not know (erased, or not an
 * on-call SMS) is accepted and ignored, so the provider does not send it again for hours.
 *
 * A signed report can be sent again by anyone who saw it, so only news is taken: a report dated
 * more than a day ago, about an SMS sent more than a day ago, about an SMS whose state is already
 * final, or no newer than the one recorded (the same report again) is answered 200 like the
 * unknown one and records nothing.
 */
import { and, eq, gt, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oncallPageNotices, oncallPages, oncallSms } from '../../db/schema.ts';
import { wakeAfterCommit } from '../../queue/jobs.ts';
import type { DeliveryReport } from '../../sms/delivery-status.ts';
import { finalDeliveryStates } from '../../sms/providers.ts';
import { queueTestPageFailure } from './test-page.ts';

export interface DeliveryDeps {
  db: Db;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * recorded/escalated: taken; unknown: not our SMS; stale: its state is already final; too-old:
 * the report or the SMS is more than `reportMaxAgeMs` old; replay: nothing newer than recorded.
 */
export type DeliveryOutcome = 'unknown' | 'recorded' | 'escalated' | 'stale' | 'too-old' | 'replay';

/** A page SMS matters for minutes; a report older than a day is history or a replay. */
export const reportMaxAgeMs = 24 * 60 * 60_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function recordDeliveryReport(
  deps: DeliveryDeps,
  report: DeliveryReport,
  now: Date,
): Promise<DeliveryOutcome> {
  if (!uuidPattern.test(report.smsId)) return 'unknown';
  const oldest = new Date(now.getTime() - reportMaxAgeMs);
  if (report.at < oldest) return ignored(deps, report, 'too-old');
  // A provider's clock a little ahead must not make every later report look older than this one.
  const at = report.at > now ? now : report.at;
  const outcome = await deps.db.transaction(async (tx) => {
    // One statement decides, so the same report sent twice at once is taken once.
    const [sms] = await tx
      .update(oncallSms)
      .set({ deliveryState: report.state, deliveryDetail: report.detail, deliveryReportedAt: at })
      .where(
        and(
          eq(oncallSms.id, report.smsId),
          gt(oncallSms.createdAt, oldest),
          or(isNull(oncallSms.deliveryState), notInArray(oncallSms.deliveryState, [...finalDeliveryStates])),
          or(isNull(oncallSms.deliveryState), ne(oncallSms.deliveryState, report.state)),
          or(isNull(oncallSms.deliveryReportedAt), lt(oncallSms.deliveryReportedAt, at)),
        ),
      )
      .returning();
    if (!sms) {
      const [known] = await tx
        .select({ createdAt: oncallSms.createdAt, deliveryState: oncallSms.deliveryState })
        .from(oncallSms)
        .where(eq(oncallSms.id, report.smsId));
      if (!known) return 'unknown' as const;
      if (known.createdAt <= oldest) return 'too-old' as const;
      return known.deliveryState && finalDeliveryStates.includes(known.deliveryState)
        ? ('stale' as const)
        : ('replay' as const);
    }
    // The weekly test never reached the phone: the company inbox hears of it.
    if (report.failed && sms.purpose === 'test') {
      await queueTestPageFailure(tx, sms, `leveringsrapport ${report.state}`);
    }
    if (!report.failed || sms.purpose === 'taken' || sms.purpose === 'test') return 'recorded' as const;
    const moved = await escalateCarriedPages(tx, sms.id, now);
    return moved.length > 0 ? ('escalated' as const) : ('recorded' as const);
  });
  if (outcome === 'escalated') {
    deps.log.warn(
      { smsId: report.smsId, state: report.state, detail: report.detail },
      'on-call SMS not delivered: paging the next person now',
    );
  } else if (outcome === 'recorded') {
    deps.log.info({ smsId: report.smsId, state: report.state }, 'on-call SMS delivery report');
  } else if (outcome !== 'unknown') {
    return ignored(deps, report, outcome);
  }
  return outcome;
}

function ignored<T extends DeliveryOutcome>(deps: DeliveryDeps, report: DeliveryReport, outcome: T): T {
  deps.log.info({ smsId: report.smsId, state: report.state, outcome }, 'on-call SMS delivery report ignored');
  return outcome;
}

/**
 * Makes the next step due now for every emergency an SMS carried (one, or a digest's), each only
 * while the SMS's step is its escalation's latest: the next person is then paged at once. An
 * acknowledged or finished escalation, or one already past that step, is left alone. The page ids
 * moved on.
 */
export async function escalateCarriedPages(tx: DbOrTx, smsId: string, now: Date): Promise<string[]> {
  const carried = await tx
    .select({ pageId: oncallPageNotices.pageId, step: oncallPageNotices.step })
    .from(oncallPageNotices)
    .where(eq(oncallPageNotices.smsId, smsId));
  const moved: string[] = [];
  for (const notice of carried) {
    const rows = await tx
      .update(oncallPages)
      .set({ runAt: now, updatedAt: now })
      .where(
        and(
          eq(oncallPages.id, notice.pageId),
          eq(oncallPages.status, 'pending'),
          eq(oncallPages.step, notice.step + 1),
        ),
      )
      .returning({ id: oncallPages.id });
    moved.push(...rows.map((row) => row.id));
  }
  // Due now: the on-call worker takes the next step after the commit.
  if (moved.length > 0) wakeAfterCommit(tx, 'oncall.page');
  return moved;
}
