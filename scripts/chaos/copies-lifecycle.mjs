/**
 * Two server copies on one PostgreSQL in a chaos run (npm run chaos -- --copies 2 --postgres): as
 * behind a load balancer, every lead and every staff tap goes to a live copy. Each cycle kills one
 * copy under load (the copies in turn, never both), the other goes on taking leads and sending,
 * the killed one starts again; after the last cycle both run until every e-mail and escalation is
 * done, then stop gracefully.
 */
import { join } from 'node:path';
import { noteHeldJobsOfKilledCopy } from './database-checks.mjs';
import { waitForEscalations } from './oncall-run.mjs';
import { freePort, startServerProcess } from './server-process.mjs';
import { noteUndrained } from './server-lifecycle.mjs';
import { sleep } from './timing.mjs';

/**
 * The copies, each with its own port, DATA_DIR and log, and a picker of a live one (at random).
 * `started.server` stops both.
 */
export async function prepareCopies({ services, dataDir, work, started, random }) {
  const copies = ['a', 'b'].map((name) => ({
    name,
    port: 0,
    logFile: join(work, `server-${name}.log`),
    dataDir: join(dataDir, name),
    /** @type {ReturnType<typeof startServerProcess> | undefined} */ server: undefined,
    up: false,
  }));
  copies[0].port = services.port;
  copies[1].port = await freePort();
  started.server = {
    crash: () => Promise.all(copies.map((copy) => copy.server?.crash())),
  };
  const pickUrl = () => {
    const live = copies.filter((copy) => copy.up);
    return live.length === 0 ? undefined : live[Math.floor(random() * live.length)].server?.url;
  };
  return { copies, pickUrl };
}

/** Starts a copy and resolves when it answers /healthz (then it gets load). */
async function startCopy(copy, services) {
  copy.server = startServerProcess({
    bundle: services.bundles.server,
    port: copy.port,
    env: { ...services.env, DATA_DIR: copy.dataDir },
    logFile: copy.logFile,
    readyTimeoutMs: 180_000,
  });
  const ms = await copy.server.ready;
  copy.up = true;
  return ms;
}

/** Runs up to `cycles` cycles, each killing one copy under load and starting it again. */
export async function runCopiesKillCycles({
  cycles,
  deadline,
  clients,
  services,
  copies,
  pickUrl,
  record,
  between,
  load,
  staffAcker,
}) {
  const { heldClient, smtp } = services;
  const { acknowledged, stats, killTimes, readyTimes, heldAtKill } = record;
  const firstStarts = await Promise.all(copies.map((copy) => startCopy(copy, services)));
  stats.firstStartMs = Math.max(...firstStarts);
  readyTimes.push(Date.now());
  for (let cycle = 1; cycle <= cycles && Date.now() < deadline; cycle++) {
    const victim = copies[(cycle - 1) % copies.length];
    const state = { stop: false };
    const running = Array.from({ length: clients }, () => load.runClient(pickUrl, cycle, state));
    running.push(staffAcker.runAcker(pickUrl, state));
    await sleep(between(1_500, 5_000));
    // Out of the balancer first: no new request goes to it, those in flight die with it.
    victim.up = false;
    const killedAt = Date.now();
    await victim.server.crash();
    killTimes.push(killedAt);
    const noting = noteHeldJobsOfKilledCopy(heldClient, killTimes, heldAtKill);
    // Down a moment, as a supervisor restarting it would be, while the other copy takes the load.
    await sleep(between(0, 1_000));
    await startCopy(victim, services).catch((error) => {
      throw new Error(`cycle ${cycle}: copy ${victim.name} did not start again: ${error.message}`);
    });
    readyTimes.push(Date.now());
    stats.restartsMs.push(Date.now() - killedAt);
    await noting;
    await sleep(between(500, 1_500));
    state.stop = true;
    await Promise.all(running);
    stats.kills++;
    process.stdout.write(
      `  cycle ${cycle}: copy ${victim.name} killed under load and started again; ${acknowledged.length} leads acknowledged so far, ${smtp.messages.length} e-mails received\n`,
    );
  }
}

/**
 * After the last cycle: both copies run until every escalation has ended and every e-mail is out,
 * then stop gracefully.
 */
export async function drainCopies({ drainMs, copies, pickUrl, staffAcker }) {
  const drainStarted = Date.now();
  noteUndrained(await waitForEscalations({ url: pickUrl, staffAcker, drainStarted, drainMs }), drainMs);
  for (const copy of copies) copy.up = false;
  const stopped = await Promise.all(copies.map((copy) => copy.server?.stop()));
  stopped.forEach((result, index) => {
    if (result && result.code !== 0)
      console.log(`  note: copy ${copies[index].name} exited with ${result.code ?? result.signal}`);
  });
}
