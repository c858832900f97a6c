/**
 * What the chaos and storm runs share around their `main`: a work folder of their own (its server's
 * data folder and log inside), and stopping what they started when they end early.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new work folder named after the run (`chaos-…`), with an empty `data` folder in it. */
export function makeWorkFolder(prefix) {
  const work = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  return { work, dataDir, logFile: join(work, 'server.log') };
}

/** Removes the work folder after an early end, or says where it is kept (`--keep`). */
export function leaveWorkFolder(work, keep) {
  if (work && !keep) rmSync(work, { recursive: true, force: true });
  else if (work) console.log(`  kept: ${work}`);
}

/**
 * Runs `main`, and on Ctrl-C or SIGTERM (exit 130) or a failure (exit 1, its stack printed) first
 * stops what the run started.
 */
export function runStoppingOnExit(main, stopEverything) {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void stopEverything().then(() => process.exit(130));
    });
  }
  main().catch(async (error) => {
    console.error(error instanceof Error ? error.stack : error);
    await stopEverything();
    process.exit(1);
  });
}
