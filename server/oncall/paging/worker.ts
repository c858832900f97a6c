/**
 * The paging worker (docs/decisions/sms-paging.md). Three outboxes, all claimed with
 * FOR UPDATE SKIP LOCKED and a lease, so several server copies never run the same row at once:
 *
 * - oncall_pages: one row per emergency. A due step runs in ONE transaction that re-reads the row
 *   under a lock, writes the step's notices (server/oncall/paging/dispatch.ts turns them into SMS, one
 *   per person at a time: a single page or a digest) and moves the row on (the next step's due time, or
 *   'exhausted' with the "Ikke kvitteret" e-mail queued). A crash before the commit leaves the
 *   step due again; after it, the step is done: a step is never lost nor run twice.
 *   Step k < n pages the k-th person of the chain (fixed at step 0); step n pages everybody
 *   again and e-mails MAIL_TO. Steps are ONCALL_ESCALATE_AFTER_SECONDS apart.
 * - oncall_sms: each SMS is sent on its own, retried with growing pauses while the provider
 *   fails; a page that could not go out for two minutes also goes out as e-mail, to the person
 *   and to MAIL_TO. An SMS is marked sent right after the provider accepted it; only a crash in
 *   between (or a provider that took it and then failed to answer) can send it twice. Until then
 *   the row keeps the text with its working acknowledgement link (each retry and the fallback
 *   e-mail send that); once sent or given up it keeps the text with the link's token hidden, so
 *   the stored row opens no page.
 * - oncall_dispatch: one row per person whose notices wait; server/oncall/paging/dispatch.ts turns
 *   them into that person's SMS.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { leads, oncallDispatch, oncallPages, oncallSms, users } from '../../db/schema.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { pageFallbackMail } from './oncall-mail.ts';
import { backoffSteps } from '../../queue/backoff.ts';
import { claimDue, errorText, releaseLeftLeases } from '../../queue/job-table.ts';
import { createJobLoop } from '../../queue/worker-loop.ts';
import { failedSend, recordFailedSend, sendSmsRow } from '../../sms/row-sender.ts';
import { SmsSendError, type SmsTransport } from '../../sms/transport.ts';
import { escalateCarriedPages } from './delivery.ts';
import { watchCallbacks } from './callback-watch.ts';
import { queueUnacknowledgedMail } from './unacknowledged-mail.ts';
import { defaultAllHandsSettings, runAllHands } from './all-hands.ts';
import { queueTestPageFailure } from './test-page.ts';
import { withoutAckTokens } from './ack-link.ts';
import {
  createDispatcher,
  defaultDispatchSettings,
  writeNotices,
  type DispatchSettings,
} from './dispatch.ts';
import { displayName, pageableChain, peopleByIds } from '../rota/rota-store.ts';
import { dropDisabledRecipients, isPageable, skipDisabledSteps } from './disabled-staff.ts';
import { endPaging, isPagedStatus } from './end-paging.ts';

export interface OncallLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OncallDeps {
  db: Db;
  sms: SmsTransport;
  clock: () => Date;
  config: {
    publicUrl: string;
    signingSecret: string;
    oncall: { escalateAfterSeconds: number };
    /** The handling time surge mode assumes (server/oncall/surge/surge.ts); 10 minutes when absent. */
    surge?: { handlingMinutes: number };
  };
  log: OncallLog;
}

export interface OncallWorkerOptions extends DispatchSettings {
  /** How often to look for due steps and SMS without a wake. */
  pollIntervalMs: number;
  leaseMs: number;
  batchSize: number;
  /** Pauses after failed sends, one after the other; the last repeats. */
  retryDelaysMs: readonly number[];
  /** A page SMS failing this long also goes out as e-mail. */
  mailFallbackAfterMs: number;
  /** An SMS failing this long is given up (its link has expired by then). */
  giveUpAfterMs: number;
  /** The only worker on its database (PGlite): leases found at start belong to a gone process. */
  exclusive: boolean;
  /** How often a round looks at surge to wake everybody (server/oncall/paging/all-hands.ts). */
  allHandsEveryMs: number;
  /** Wake everybody in a surge; off only where a test measures the chain on its own. */
  allHands: boolean;
}

export const defaultOncallWorkerOptions: OncallWorkerOptions = {
  pollIntervalMs: 1_000,
  leaseMs: 30_000,
  batchSize: 20,
  retryDelaysMs: backoffSteps['oncall.sms'],
  mailFallbackAfterMs: 2 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  exclusive: false,
  allHandsEveryMs: 5_000,
  allHands: true,
  ...defaultDispatchSettings,
};

export interface OncallRoundResult {
  steps: number;
  sent: number;
  failed: number;
}

export interface OncallWorker {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** True while the loop runs (started, not stopped). */
  running(): boolean;
  /** One round at `now` (tests drive the worker with this): due steps, then due SMS. */
  runDue(now?: Date): Promise<OncallRoundResult>;
}

type PageRow = typeof oncallPages.$inferSelect;
type SmsRow = typeof oncallSms.$inferSelect;

export function createOncallWorker(
  deps: OncallDeps,
  options: Partial<OncallWorkerOptions> = {},
): OncallWorker {
  const settings = { ...defaultOncallWorkerOptions, ...options };
  const escalateMs = deps.config.oncall.escalateAfterSeconds * 1000;

  const claimOptions = (now: Date) => ({ now, leaseMs: settings.leaseMs, batchSize: settings.batchSize });
  const claimPages = (now: Date): Promise<PageRow[]> => claimDue(deps.db, oncallPages, claimOptions(now));
  // Pages before "taken" notices and the weekly test, critical ones first (a busy evening must
  // not delay them).
  const smsOrder = [asc(sql`${oncallSms.purpose} in ('taken', 'test')`), desc(oncallSms.critical)];
  const sendOrder = (row: SmsRow) =>
    row.purpose === 'taken' || row.purpose === 'test' ? 2 : row.critical ? 0 : 1;
  const claimSms = async (now: Date): Promise<SmsRow[]> =>
    // The claim returns its rows in no particular order: sent in the same order as claimed.
    (await claimDue(deps.db, oncallSms, { ...claimOptions(now), orderBy: smsOrder })).sort(
      (a, b) => sendOrder(a) - sendOrder(b) || a.runAt.getTime() - b.runAt.getTime(),
    );
  const claimDispatch = (now: Date) => claimDue(deps.db, oncallDispatch, claimOptions(now));
  const dispatcher = createDispatcher(deps, settings);
  let lastAllHandsAt: number | null = null;

  /** Runs one claimed step; true when it wrote anything. */
  async function runStep(claimed: PageRow, now: Date): Promise<{ ran: boolean }> {
    return deps.db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(oncallPages)
        .where(
          and(
            eq(oncallPages.id, claimed.id),
            eq(oncallPages.status, 'pending'),
            eq(oncallPages.step, claimed.step),
          ),
        )
        .for('update');
      // Acknowledged or moved on by another copy since the claim.
      if (!locked) return { ran: false };
      const page = await skipDisabledSteps(tx, locked);
      const [lead] = await tx.select().from(leads).where(eq(leads.id, page.leadId));
      if (!lead) return { ran: false };
      // Closed or filed as spam since the step was due: no SMS, no "Ikke kvitteret" e-mail.
      if (!isPagedStatus(lead.status)) {
        await endPaging(tx, [lead.id], now);
        deps.log.info(
          { reference: lead.reference, status: lead.status },
          'on-call: lead no longer open, paging ended',
        );
        return { ran: true };
      }
      const chain = page.chain ?? (await pageableChain(tx, now));
      if (chain.length === 0) {
        await tx
          .update(oncallPages)
          .set({ status: 'nobody', chain, lockedUntil: null, updatedAt: now })
          .where(eq(oncallPages.id, page.id));
        deps.log.error(
          { reference: lead.reference, leadId: lead.id },
          'EMERGENCY NOT PAGED: nobody is on call (npm run staff -- on-call set …); the staff e-mail still goes out',
        );
        return { ran: true };
      }
      const everybody = page.step >= chain.length;
      const recipients = everybody ? chain : [chain[page.step]!];
      const people = await peopleByIds(tx, chain);
      await writeNotices(
        tx,
        {
          pageId: page.id,
          lead,
          step: page.step,
          everybody,
          userIds: recipients.filter((userId) => isPageable(people.get(userId))),
          now,
        },
        settings,
      );
      const paged = [...new Set([...page.paged, ...recipients])];
      if (everybody) {
        // Into the minute's "Ikke kvitteret" e-mail: one a minute at most, however many ran out.
        const pagedNames = chain.map((id) => {
          const person = people.get(id);
          return person ? displayName(person) : id;
        });
        await queueUnacknowledgedMail(tx, { leadId: lead.id, pagedNames }, now);
      }
      await tx
        .update(oncallPages)
        .set({
          chain,
          paged,
          step: page.step + 1,
          status: everybody ? 'exhausted' : 'pending',
          // The dispatch that sends the notice sets the real due time (escalateMs after that SMS);
          // this one only holds should the notice never go out.
          runAt: new Date(now.getTime() + settings.pageBudgetMs + escalateMs),
          lockedUntil: null,
          attempts: 0,
          lastError: null,
          updatedAt: now,
        })
        .where(eq(oncallPages.id, page.id));
      deps.log.info(
        { reference: lead.reference, step: page.step, recipients: recipients.length, everybody },
        everybody ? 'on-call: nobody acknowledged, paging everybody and e-mailing' : 'on-call: paging',
      );
      return { ran: true };
    });
  }

  async function recordFailure(row: SmsRow, error: unknown, now: Date): Promise<void> {
    const failed = failedSend(row, now, settings.retryDelaysMs);
    // Refused for good (a 4xx): no retry helps. The page goes out as e-mail and to the next
    // person now, instead of being retried for a day.
    const refused = error instanceof SmsSendError && error.permanent;
    const giveUp = refused || failed.failingMs >= settings.giveUpAfterMs;
    const fallback =
      row.purpose !== 'taken' &&
      !row.fallbackMailedAt &&
      (refused || failed.failingMs >= settings.mailFallbackAfterMs);
    const { attempts } = failed;
    await deps.db.transaction(async (tx) => {
      const recorded = await recordFailedSend(tx, oncallSms, row, {
        error,
        send: failed,
        giveUp,
        columns: {
          ...(giveUp ? { body: withoutAckTokens(row.body) } : {}),
          ...(fallback ? { fallbackMailedAt: now } : {}),
        },
      });
      if (!recorded) return;
      if (refused && row.purpose !== 'taken') await escalateCarriedPages(tx, row.id, now);
      if (fallback) await queueFallbackMail(tx, row, refused ? errorText(error) : undefined);
    });
    const details = { smsId: row.id, leadId: row.leadId, attempts, err: errorText(error) };
    if (refused)
      deps.log.error(
        details,
        'ON-CALL SMS REFUSED by the provider: sent as e-mail, the next person paged now',
      );
    else if (giveUp) deps.log.error(details, 'ON-CALL SMS NOT DELIVERED: gave up');
    else if (fallback)
      deps.log.error(details, 'on-call SMS failing for 2 minutes: sent as e-mail too, still retrying');
    else deps.log.warn(details, 'on-call SMS not sent, will retry');
  }

  async function queueFallbackMail(tx: DbOrTx, row: SmsRow, refusal?: string): Promise<void> {
    if (row.purpose === 'test') {
      await queueTestPageFailure(tx, row, refusal ?? "SMS'en kunne ikke sendes i to minutter");
      return;
    }
    const [person] = row.userId
      ? await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId))
      : [];
    const personName = person ? displayName(person) : row.phone;
    const page = { leadId: row.leadId, personName, smsText: row.body, ...(refusal ? { refusal } : {}) };
    // The person's own copy first, then the company inbox's.
    const to = person ? [{ name: personName, address: person.email }, null] : [null];
    await enqueueMail(
      tx,
      pageFallbackMail,
      to.map((address) => ({ ...page, to: address })),
    );
  }

  async function send(row: SmsRow, now: Date): Promise<{ sent: boolean }> {
    const outcome = await sendSmsRow(deps, row, {
      table: oncallSms,
      label: 'on-call SMS',
      message: () => ({
        to: row.phone,
        text: row.body,
        reference: row.id,
        // A page the network could not deliver within the escalation window is no page: the
        // next person has it by then.
        ...(row.purpose === 'taken' ? {} : { validitySeconds: escalateMs / 1000 }),
      }),
      sentColumns: { body: withoutAckTokens(row.body) },
      onFailure: (error) => recordFailure(row, error, now),
    });
    return { sent: outcome.sent };
  }

  async function runDue(now: Date = deps.clock()): Promise<OncallRoundResult> {
    const result: OncallRoundResult = { steps: 0, sent: 0, failed: 0 };
    await dropDisabledRecipients(deps.db, now, deps.log);
    // Taken but not called back in time: the reminder SMS, or the page back to the chain (this round).
    await watchCallbacks(deps, now, { hourlyCap: settings.hourlyCap }).catch((error: unknown) =>
      deps.log.error({ err: error }, 'on-call callback check failed; the next round tries again'),
    );
    // Surge: everybody on call woken, the reserve asked (a few counts, so not every round).
    const allHandsDue =
      lastAllHandsAt === null || Math.abs(now.getTime() - lastAllHandsAt) >= settings.allHandsEveryMs;
    if (settings.allHands && allHandsDue) {
      lastAllHandsAt = now.getTime();
      await runAllHands(deps, now, { ...defaultAllHandsSettings, ...settings }).catch((error: unknown) =>
        deps.log.error({ err: error }, 'on-call all-hands check failed; the next round tries again'),
      );
    }
    for (const page of await claimPages(now)) {
      try {
        const step = await runStep(page, now);
        if (step.ran) result.steps++;
      } catch (error) {
        // The lease runs out and the step is tried again; the row says why it failed.
        deps.log.error({ err: error, pageId: page.id }, 'on-call step failed');
        await deps.db
          .update(oncallPages)
          .set({ attempts: page.attempts + 1, lastError: errorText(error) })
          .where(eq(oncallPages.id, page.id))
          .catch(() => {});
      }
    }
    // Each person's waiting notices become one SMS (a single page or a digest), in budget.
    for (const row of await claimDispatch(now)) {
      try {
        await dispatcher.dispatch(row.id, now);
      } catch (error) {
        // The lease runs out and the dispatch is tried again; the row says why it failed.
        deps.log.error({ err: error, userId: row.id }, 'on-call dispatch failed');
        await deps.db
          .update(oncallDispatch)
          .set({ attempts: row.attempts + 1, lastError: errorText(error) })
          .where(eq(oncallDispatch.id, row.id))
          .catch(() => {});
      }
    }
    // One SMS at a time: a crash between the gateway's acceptance and the "sent" record can then
    // repeat at most one SMS, and a night's pages are a handful, so nothing waits for it.
    for (const row of await claimSms(now)) {
      const outcome = await send(row, now);
      if (outcome.sent) result.sent++;
      else result.failed++;
    }
    return result;
  }

  async function releaseLeftLeasesOfGoneProcess(): Promise<void> {
    try {
      await releaseLeftLeases(deps.db, oncallPages);
      await releaseLeftLeases(deps.db, oncallDispatch);
      await releaseLeftLeases(deps.db, oncallSms);
    } catch (error) {
      deps.log.error({ err: error }, 'could not free the on-call jobs of a stopped process');
    }
  }

  const loop = createJobLoop({
    name: 'on-call worker',
    pollIntervalMs: settings.pollIntervalMs,
    settleMs: 0,
    round: async () => {
      const result = await runDue();
      // A full batch of SMS probably left more behind (a busy evening): go again at once.
      return { busy: result.sent + result.failed >= settings.batchSize };
    },
    beforeFirstRound: settings.exclusive ? releaseLeftLeasesOfGoneProcess : undefined,
    log: deps.log,
  });

  return { start: loop.start, stop: loop.stop, wake: loop.wake, running: loop.running, runDue };
}
