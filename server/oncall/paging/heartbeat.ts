/**
 * A dead pager is noticed from outside: every minute one server copy checks that pages are going
 * out and, only then, fetches HEARTBEAT_URL (the push-monitor convention of healthchecks.io and
 * Uptime Kuma: the monitor alerts when the pings stop). So the monitor hears nothing when the
 * whole server is down, when no copy runs its workers (the check itself is a periodic job, run by
 * whichever copy's workers are alive), and when pages are stuck: an escalation step or a person's
 * SMS dispatch overdue, or a page SMS the workers have not sent although it was due, or that the
 * gateway keeps refusing.
 */
import { and, count, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oncallDispatch, oncallPages, oncallSms } from '../../db/schema.ts';
import type { PeriodicJob } from '../../queue/periodic.ts';

/** A page or SMS due longer than this and still pending means the pager is not working. */
export const stuckAfterMs = 2 * 60_000;

export interface PagerHealth {
  ok: boolean;
  /**
   * Overdue escalation steps (and people's SMS dispatches) and page SMS: due, not done, for longer
   * than stuckAfterMs.
   */
  overdueSteps: number;
  overdueSms: number;
}

/** Whether the pages due by now are going out. */
export async function pagerHealth(db: Db, now: Date): Promise<PagerHealth> {
  const before = new Date(now.getTime() - stuckAfterMs);
  const [[steps], [dispatches], [sms]] = await Promise.all([
    db
      .select({ n: count() })
      .from(oncallPages)
      .where(and(eq(oncallPages.status, 'pending'), lt(oncallPages.runAt, before))),
    db
      .select({ n: count() })
      .from(oncallDispatch)
      .where(and(eq(oncallDispatch.status, 'pending'), lt(oncallDispatch.runAt, before))),
    db
      .select({ n: count() })
      .from(oncallSms)
      .where(
        and(
          eq(oncallSms.status, 'pending'),
          or(lt(oncallSms.runAt, before), lt(oncallSms.firstFailedAt, before)),
        ),
      ),
  ]);
  // A person's dispatch turns waiting pages into their SMS: overdue, it is a step not taken.
  const overdueSteps = (steps?.n ?? 0) + (dispatches?.n ?? 0);
  const overdueSms = sms?.n ?? 0;
  return { ok: overdueSteps === 0 && overdueSms === 0, overdueSteps, overdueSms };
}

export interface HeartbeatLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HeartbeatDeps {
  db: Db;
  url: string;
  fetch: typeof fetch;
  log: HeartbeatLog;
}

/** One check: pings the monitor when the pager works; true when it pinged. */
export async function beat(deps: HeartbeatDeps, now: Date): Promise<boolean> {
  const health = await pagerHealth(deps.db, now);
  if (!health.ok) {
    deps.log.error(
      { overdueSteps: health.overdueSteps, overdueSms: health.overdueSms },
      'on-call pages are stuck: the heartbeat is withheld, so the outside monitor alerts',
    );
    return false;
  }
  try {
    const response = await deps.fetch(deps.url, {
      method: 'GET',
      signal: AbortSignal.timeout(10_000),
      redirect: 'follow',
    });
    // The monitor's answer is not read; the body is discarded so the connection is freed.
    await response.body?.cancel();
    if (!response.ok) deps.log.warn({ status: response.status }, 'the heartbeat monitor refused the ping');
  } catch (error) {
    deps.log.warn({ err: error }, 'the heartbeat monitor could not be reached');
  }
  return true;
}

/** The periodic job (server/queue/periodic.ts): every minute, on one copy at a time. */
export function heartbeatJob(deps: HeartbeatDeps): PeriodicJob {
  return {
    id: 'heartbeat',
    name: 'heartbeat: telling the outside monitor the pager works',
    intervalMs: 60_000,
    firstRunAfterMs: 5_000,
    run: (now) => beat(deps, now),
  };
}
