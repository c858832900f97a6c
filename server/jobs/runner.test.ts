import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './runner.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the periodic job runner', () => {
  it('runs after the first delay, then every interval, never twice at once, and logs a failure', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const errors: string[] = [];
    const job = startPeriodicJob(
      async () => {
        runs++;
        concurrent++;
        most = Math.max(most, concurrent);
        await sleep(35);
        concurrent--;
        if (runs === 1) throw new Error('boom');
      },
      {
        name: 'test job',
        intervalMs: 10,
        firstRunAfterMs: 5,
        log: { info: () => {}, error: (_obj, msg) => errors.push(msg) },
      },
    );
    await sleep(150);
    await job.stop();
    const after = runs;
    await sleep(50);
    expect(runs).toBe(after);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(errors).toEqual(['test job failed; the next run tries again']);
  });

  it('waits for the run in progress when stopped', async () => {
    let finished = false;
    const job = startPeriodicJob(
      async () => {
        await sleep(40);
        finished = true;
      },
      { name: 'slow job', intervalMs: 1000, firstRunAfterMs: 1 },
    );
    await sleep(10);
    await job.stop();
    expect(finished).toBe(true);
  });
});
