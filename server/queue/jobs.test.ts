import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { mailJobs } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { createJobQueue, wakeAfterCommit, wakeOnCommit, type JobQueue } from './jobs.ts';

/** A mail kind as the outbox sees it; nothing composes it here. */
const testMail = { name: 'test', payload: z.object({}) };

describeEachDatabase('waking a job’s worker after the commit', (target) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let stop: () => void;
  /** What each wake of the mail worker saw: the mail jobs committed by then. */
  let seen: number[];

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    queue = createJobQueue();
    queue.register('mail', {
      wake: () => {
        // Read on another connection (PostgreSQL) or after the commit (PGlite): only committed rows.
        void database.db
          .select({ n: count() })
          .from(mailJobs)
          .then(([row]) => seen.push(Number(row!.n)));
      },
    });
    stop = wakeOnCommit(database.db, queue);
  });
  afterAll(async () => {
    stop();
    await database.dispose();
  });
  beforeEach(async () => {
    await database.db.delete(mailJobs);
    seen = [];
  });
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('wakes once per commit, after it, however many jobs the transaction wrote', async () => {
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, testMail, {});
      await enqueueMail(tx, testMail, [{}]);
      await settled();
      expect(seen).toEqual([]);
    });
    await settled();
    expect(seen).toEqual([2]);
  });

  it('wakes nobody when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, testMail, {});
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settled();
    expect(seen).toEqual([]);
  });

  it('wakes at once for a job written outside a transaction, and not after the queue is detached', async () => {
    await enqueueMail(database.db, testMail, {});
    await settled();
    expect(seen).toEqual([1]);
    stop();
    wakeAfterCommit(database.db, 'mail');
    await settled();
    expect(seen).toEqual([1]);
    stop = wakeOnCommit(database.db, queue);
  });

  it('writes another feature’s job through the writer its owner defined, then wakes its worker', async () => {
    const written: string[] = [];
    const woken: string[] = [];
    const pages = createJobQueue();
    pages.define('oncall.page', async (_tx, payload) => void written.push(payload.leadId));
    pages.register('oncall.page', { wake: () => woken.push('oncall.page') });
    const detach = wakeOnCommit(database.db, pages);
    await database.db.transaction(async (tx) => {
      await pages.enqueue(tx, 'oncall.page', { leadId: 'lead-1' });
      expect(woken).toEqual([]);
    });
    detach();
    expect(written).toEqual(['lead-1']);
    expect(woken).toEqual(['oncall.page']);
  });
});
