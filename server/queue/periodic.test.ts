import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { periodicJobs } from '../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { createPeriodicJobs, type PeriodicJob } from './periodic.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('the periodic jobs', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());

  const job = (id: string, run: PeriodicJob['run'], times: Partial<PeriodicJob> = {}): PeriodicJob => ({
    id,
    name: `${id} job`,
    intervalMs: 10,
    firstRunAfterMs: 5,
    run,
    ...times,
  });

  it('runs after the first delay, then every interval, never twice at once, and logs a failure', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const errors: string[] = [];
    const jobs = createPeriodicJobs(
      { db: database.db, log: { info: () => {}, error: (_obj, msg) => errors.push(msg) } },
      [
        job('test', async () => {
          runs++;
          concurrent++;
          most = Math.max(most, concurrent);
          await sleep(35);
          concurrent--;
          if (runs === 1) throw new Error('boom');
        }),
      ],
    );
    jobs.start();
    await sleep(400);
    await jobs.stop();
    const after = runs;
    await sleep(50);
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(errors).toEqual(['test job failed; the next run tries again']);
  });

  it('waits for the run in progress when stopped', async () => {
    let finished = false;
    const jobs = createPeriodicJobs({ db: database.db }, [
      job(
        'slow',
        async () => {
          await sleep(40);
          finished = true;
        },
        { intervalMs: 1000, firstRunAfterMs: 1 },
      ),
    ]);
    jobs.start();
    await sleep(60);
    await jobs.stop();
    expect(finished).toBe(true);
  });

  it('runs a job once per interval however many server copies share the database', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const copy = () =>
      createPeriodicJobs({ db: database.db }, [
        job(
          'shared',
          async () => {
            runs++;
            concurrent++;
            most = Math.max(most, concurrent);
            await sleep(20);
            concurrent--;
          },
          { intervalMs: 60_000, firstRunAfterMs: 1 },
        ),
      ]);
    const copies = [copy(), copy(), copy()];
    for (const one of copies) one.start();
    await sleep(300);
    await Promise.all(copies.map((one) => one.stop()));
    expect(runs).toBe(1);
    expect(most).toBe(1);
    const [row] = await database.db.select().from(periodicJobs).where(eqId('shared'));
    expect(row!.lastRunAt).not.toBeNull();
    expect(row!.runAt.getTime() - row!.lastRunAt!.getTime()).toBe(60_000);
  });

  it('runs again after a restart only when due, and a copy killed mid-run leaves the job to another', async () => {
    let runs = 0;
    const spec = job('restart', async () => void runs++, { intervalMs: 60_000, firstRunAfterMs: 0 });
    const first = createPeriodicJobs({ db: database.db }, [spec]);
    expect(await first.runDue()).toBe(0); // not scheduled until its loop starts
    first.start();
    await sleep(100);
    await first.stop();
    expect(runs).toBe(1);
    // Started again: the job keeps the time its run set, a minute on.
    const restarted = createPeriodicJobs({ db: database.db }, [spec]);
    restarted.start();
    await sleep(100);
    await restarted.stop();
    expect(runs).toBe(1);
    // A run claimed by a copy that then died: free again once the lease has run out.
    const now = new Date();
    await database.db
      .update(periodicJobs)
      .set({ runAt: now, lockedUntil: new Date(now.getTime() + 1_000) })
      .where(eqId('restart'));
    const other = createPeriodicJobs({ db: database.db }, [spec]);
    expect(await other.runDue(now)).toBe(0);
    expect(await other.runDue(new Date(now.getTime() + 2_000))).toBe(1);
    expect(runs).toBe(2);
  });
});

function eqId(id: string) {
  return inArray(periodicJobs.id, [id]);
}
