/**
 * Named jobs: how features hand each other work without importing each other. A feature writes a
 * job by name in its own transaction, so the job commits with the change that causes it or not at
 * all; the write wakes the name's worker after the commit by itself (`wakeAfterCommit`, called by
 * the function that writes the job row). The feature that owns a name registers its worker when
 * the app is built (server/app.ts): the lead service queues 'oncall.page' for an emergency, and
 * only the on-call feature knows what paging is.
 *
 * The kinds of job, their tables, back-off and /metrics labels are listed once, in
 * server/queue/job-kinds.ts.
 */
import type { Db, DbOrTx } from '../db/client.ts';
import type { JobName } from './job-kinds.ts';

export type { JobName } from './job-kinds.ts';

/** What a registered worker offers the queue. */
export interface JobWorker {
  /** Jobs of its name were just committed: look now instead of at the next interval. */
  wake(): void;
}

/**
 * The jobs one feature writes for another, by name, and what they carry. The owner of the name
 * says how such a job is written (its own table), so the writer knows neither that table nor the
 * feature: the lead service queues an emergency's page without knowing what paging is.
 */
export interface JobPayloads {
  'oncall.page': { leadId: string };
  /** A message of ours to a new lead's customer, on the case page and by SMS (an assignment's notice). */
  'messages.sms': { leadId: string; body: string; writtenAt: Date };
}

export type WrittenJobName = keyof JobPayloads;

/** How the owner of a name writes one of its jobs, in the caller's transaction. */
export type JobWriter<N extends WrittenJobName> = (tx: DbOrTx, payload: JobPayloads[N]) => Promise<void>;

export interface JobQueue {
  /** The owner of `name` registers the worker that runs its jobs. */
  register(name: JobName, worker: JobWorker): void;
  /** The owner of `name` registers how a job of it is written. */
  define<N extends WrittenJobName>(name: N, write: JobWriter<N>): void;
  /** Writes a job of `name` in the caller's transaction; its worker wakes after the commit. */
  enqueue<N extends WrittenJobName>(tx: DbOrTx, name: N, payload: JobPayloads[N]): Promise<void>;
  /** Jobs of these names were just committed: wake their workers (a name without one is fine). */
  wake(...names: JobName[]): void;
}

export function createJobQueue(): JobQueue {
  const workers = new Map<JobName, JobWorker[]>();
  const writers = new Map<WrittenJobName, JobWriter<WrittenJobName>>();
  return {
    register(name, worker) {
      workers.set(name, [...(workers.get(name) ?? []), worker]);
    },
    define(name, write) {
      writers.set(name, write as JobWriter<WrittenJobName>);
    },
    async enqueue(tx, name, payload) {
      const write = writers.get(name);
      if (!write) throw new Error(`no writer registered for the job "${name}"`);
      await write(tx, payload);
      wakeAfterCommit(tx, name);
    },
    wake(...names) {
      for (const name of new Set(names)) for (const worker of workers.get(name) ?? []) worker.wake();
    },
  };
}

/** The job queues that run the jobs written through a database (an app each; tests build several). */
const queuesOf = new WeakMap<object, Set<JobQueue>>();
/** An open transaction of such a database: the names its job rows will wake once it commits. */
const pendingOf = new WeakMap<object, { db: Db; names: Set<JobName> }>();

/**
 * From now on, jobs written through `db` wake the workers registered on `queue`: a job written in
 * a `db.transaction(…)` after its commit (a rollback wakes nobody), one written outside a
 * transaction at once. Returns the function that ends it (the app's close).
 */
export function wakeOnCommit(db: Db, queue: JobQueue): () => void {
  let queues = queuesOf.get(db);
  if (!queues) {
    queues = new Set();
    queuesOf.set(db, queues);
    const transaction = db.transaction.bind(db);
    db.transaction = (async (run: (tx: DbOrTx) => Promise<unknown>, config?: unknown) => {
      const names = new Set<JobName>();
      const result = await transaction(async (tx) => {
        pendingOf.set(tx, { db, names });
        return run(tx);
      }, config as never);
      if (names.size > 0) for (const woken of queuesOf.get(db) ?? []) woken.wake(...names);
      return result;
    }) as Db['transaction'];
  }
  queues.add(queue);
  return () => queues.delete(queue);
}

/**
 * A job row of these names was just written through `db` (the app's database or one of its
 * transactions): their workers are woken once it is committed. Called by the functions that write
 * job rows, never by features around them.
 */
export function wakeAfterCommit(db: DbOrTx, ...names: JobName[]): void {
  const pending = pendingOf.get(db);
  if (pending) {
    for (const name of names) pending.names.add(name);
    return;
  }
  // Written outside a transaction: committed already.
  for (const queue of queuesOf.get(db) ?? []) queue.wake(...names);
}
