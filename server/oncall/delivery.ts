/**
 * What a delivery report does (docs/decisions/sms-delivery-reports.md): the SMS row keeps the
 * provider's state; a page SMS that will never arrive (UNDELIVERABLE, REJECTED, EXPIRED; CPSMS
 * failed or abandoned) moves its escalation on at once, so the next person is paged now instead
 * of after the escalation window. A report about an SMS we do not know (erased, or not an
 * on-call SMS) is accepted and ignored, so the provider does not send it again for hours.
 */
import { and, eq, isNull, notInArray, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { oncallPageNotices, oncallPages, oncallSms } from '../db/schema.ts';
import type { JobName } from '../queue/jobs.ts';
import type { DeliveryReport } from '../sms/delivery-status.ts';
import { queueTestPageFailure } from './test-page.ts';

export interface DeliveryDeps {
  db: Db;
  jobs: { notify(...names: JobName[]): void };
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type DeliveryOutcome = 'unknown' | 'recorded' | 'escalated' | 'stale';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A final state is kept: a late "on its way" does not undo "delivered" or "undeliverable". */
const finalStates = [
  'DELIVERED',
  'EXPIRED',
  'UNDELIVERABLE',
  'REJECTED',
  'SKIPPED',
  'DELETED',
  'cpsms:1',
  'cpsms:2',
  'cpsms:4',
];

export async function recordDeliveryReport(
  deps: DeliveryDeps,
  report: DeliveryReport,
  now: Date,
): Promise<DeliveryOutcome> {
  if (!uuidPattern.test(report.smsId)) return 'unknown';
  let testFailed = false;
  const outcome = await deps.db.transaction(async (tx) => {
    const [sms] = await tx
      .update(oncallSms)
      .set({ deliveryState: report.state, deliveryDetail: report.detail, deliveryReportedAt: report.at })
      .where(
        and(
          eq(oncallSms.id, report.smsId),
          or(isNull(oncallSms.deliveryState), notInArray(oncallSms.deliveryState, finalStates)),
        ),
      )
      .returning();
    if (!sms) {
      const [known] = await tx
        .select({ id: oncallSms.id })
        .from(oncallSms)
        .where(eq(oncallSms.id, report.smsId));
      return known ? ('stale' as const) : ('unknown' as const);
    }
    // The weekly test never reached the phone: the company inbox hears of it.
    if (report.failed && sms.purpose === 'test') {
      await queueTestPageFailure(tx, sms, `leveringsrapport ${report.state}`);
      testFailed = true;
    }
    if (!report.failed || sms.purpose === 'taken' || sms.purpose === 'test') return 'recorded' as const;
    const moved = await escalateCarriedPages(tx, sms.id, now);
    return moved.length > 0 ? ('escalated' as const) : ('recorded' as const);
  });
  if (testFailed) deps.jobs.notify('mail');
  if (outcome === 'escalated') {
    deps.log.warn(
      { smsId: report.smsId, state: report.state, detail: report.detail },
      'on-call SMS not delivered: paging the next person now',
    );
    deps.jobs.notify('oncall.page');
  } else if (outcome !== 'unknown') {
    deps.log.info({ smsId: report.smsId, state: report.state }, 'on-call SMS delivery report');
  }
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
  return moved;
}
