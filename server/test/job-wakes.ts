/**
 * Tests: which workers the jobs written through a database wake, in the order of their commits
 * (server/queue/jobs.ts), as if a worker of every name were registered.
 */
import type { Db } from '../db/client.ts';
import { jobKinds, type JobName } from '../queue/job-kinds.ts';
import { createJobQueue, wakeOnCommit } from '../queue/jobs.ts';

/** Pushes each woken name onto `woken`; returns the function that stops recording. */
export function recordJobWakes(db: Db, woken: string[]): () => void {
  const queue = createJobQueue();
  const names = Object.keys(jobKinds).filter((name): name is JobName => name !== 'periodic');
  for (const name of names) queue.register(name, { wake: () => woken.push(name) });
  return wakeOnCommit(db, queue);
}
