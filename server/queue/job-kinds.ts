/**
 * Every kind of job, listed once: its name, the job table that holds it, what counts as failed
 * there, its back-off and its /metrics label. The names (JobName), the back-off
 * (server/queue/backoff.ts), the figures of GET /metrics (server/observability/job-figures.ts) and
 * docs/decisions/job-engine.md (checked by server/queue/job-kinds.test.ts) read this list.
 */
const second = 1_000;
const minute = 60 * second;

export interface JobKind {
  /** The job table (server/queue/job-table.ts) that holds the kind's jobs. */
  table: string;
  /** Who runs them. */
  owner: string;
  /** The kind's label in /metrics (`kind="…"`); alerts name it. */
  metricsLabel: string;
  /** Rows that gave up or are failing now (the table's own end state, or attempts in a row). */
  failed: string;
  /**
   * The pause after the n-th failed attempt is the n-th step (1-based); past the end the last step
   * repeats. Absent: the kind's rows are steps of their own schedule, not retried attempts.
   */
  backoffMs?: readonly number[];
}

export const jobKinds = {
  /** An e-mail: a message the mail server refused (or that could not be built), at most 15 min. */
  mail: {
    table: 'mail_jobs',
    owner: 'server/mail/',
    metricsLabel: 'mail',
    failed: `status = 'failed'`,
    backoffMs: [5 * second, 15 * second, minute, 2 * minute, 5 * minute, 10 * minute, 15 * minute],
  },
  /** One SMS to a person on call the gateway did not take: quickly, the person is waiting. */
  'oncall.sms': {
    table: 'oncall_sms',
    owner: 'server/oncall/',
    metricsLabel: 'oncall_sms',
    failed: `status = 'failed'`,
    backoffMs: [5 * second, 10 * second, 20 * second, 30 * second],
  },
  /** The on-call chain of an emergency; it ends with nobody acknowledging when it runs out. */
  'oncall.page': {
    table: 'oncall_pages',
    owner: 'server/oncall/',
    metricsLabel: 'oncall_page',
    failed: `status in ('exhausted', 'nobody')`,
  },
  /** A person's digest of pages held back by the SMS budget; failing while it retries. */
  'oncall.dispatch': {
    table: 'oncall_dispatch',
    owner: 'server/oncall/',
    metricsLabel: 'oncall_dispatch',
    failed: `status = 'pending' and attempts > 0`,
  },
  /** The SMS copy of a message to a customer: the case page and the e-mail carry it meanwhile. */
  'messages.sms': {
    table: 'lead_message_sms',
    owner: 'server/messages/',
    metricsLabel: 'message_sms',
    failed: `status = 'failed'`,
    backoffMs: [10 * second, 30 * second, minute, 2 * minute, 5 * minute],
  },
  /** A periodic job (always pending) whose run failed: sooner than its interval, at most 15 min. */
  periodic: {
    table: 'periodic_jobs',
    owner: 'server/queue/periodic.ts',
    metricsLabel: 'periodic',
    failed: `attempts > 0`,
    backoffMs: [minute, 5 * minute, 15 * minute],
  },
} as const satisfies Record<string, JobKind>;

/** A kind of job by name. Periodic jobs run on their timers, so nothing wakes them. */
export type JobKindName = keyof typeof jobKinds;
/** The names a committed job wakes the worker of. */
export type JobName = Exclude<JobKindName, 'periodic'>;
