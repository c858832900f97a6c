/**
 * The server's life in a chaos run: the kill cycles (start, load, SIGKILL — now and then while it
 * is still starting), then the last start without a kill, which runs until every e-mail (and
 * on-call, every escalation) is done and stops gracefully.
 */
import { noteHeldJobs } from './database-checks.mjs';
import { waitForEscalations } from './oncall-run.mjs';
import { waitUntilDrained } from './pending-work.mjs';
import { startServerProcess } from './server-process.mjs';
import { seconds, sleep } from './timing.mjs';

/**
 * Runs up to `cycles` kill cycles (fewer when `deadline` comes first) and records kills, starts
 * and restart times in `record`. Returns when the last kill came (NaN without one).
 */
export async function runKillCycles({
  cycles,
  deadline,
  clients,
  onCall,
  services,
  logFile,
  record,
  started,
  random,
  between,
  load,
  staffAcker,
}) {
  const { bundles, port, env, heldClient, smtp } = services;
  const { acknowledged, stats, killTimes, readyTimes, heldAtKill } = record;
  const { runClient } = load;
  const { runAcker } = staffAcker;
  let lastStartupMs = 5_000;
  let killedAt = NaN;
  for (let cycle = 1; cycle <= cycles && Date.now() < deadline; cycle++) {
    const server = startServerProcess({
      bundle: bundles.server,
      port,
      env,
      logFile,
      readyTimeoutMs: 180_000,
    });
    started.server = server;
    // Now and then the kill comes while the server is still starting (first start included).
    const duringStartup = random() < 0.15;
    const state = { stop: false };
    let ready = false;
    let killTimer;
    const killed = new Promise((resolve) => {
      if (duringStartup) killTimer = setTimeout(resolve, between(0, lastStartupMs));
    });
    const startup = server.ready.then(
      (ms) => {
        ready = true;
        readyTimes.push(Date.now());
        return ms;
      },
      (error) => {
        throw error;
      },
    );
    const first = await Promise.race([startup.then(() => 'ready'), killed.then(() => 'kill')]).catch(
      (error) => {
        throw new Error(`cycle ${cycle}: the server did not start: ${error.message}`);
      },
    );
    clearTimeout(killTimer);
    if (first === 'ready' || ready) {
      const readyMs = await startup;
      lastStartupMs = readyMs;
      if (cycle === 1) stats.firstStartMs = readyMs;
      else if (!Number.isNaN(killedAt)) stats.restartsMs.push(Date.now() - killedAt);
      const loadMs = between(1_500, 5_000);
      const running = Array.from({ length: clients }, () => runClient(server.url, cycle, state));
      if (onCall) running.push(runAcker(server.url, state));
      await sleep(loadMs);
      killedAt = Date.now();
      await server.crash();
      killTimes.push(killedAt);
      await noteHeldJobs(heldClient, killTimes, heldAtKill);
      state.stop = true;
      await Promise.all(running);
    } else {
      killedAt = Date.now();
      await server.crash();
      killTimes.push(killedAt);
      await noteHeldJobs(heldClient, killTimes, heldAtKill);
      stats.startupKills++;
    }
    stats.kills++;
    process.stdout.write(
      `  cycle ${cycle}: ${first === 'ready' ? 'killed under load' : 'killed while starting'}; ${acknowledged.length} leads acknowledged so far, ${smtp.messages.length} e-mails received\n`,
    );
  }
  return killedAt;
}

/**
 * The last start: no kill. Runs until the server has nothing left to do (on-call: while staff go
 * on acknowledging), at most `drainMs`, and stops it gracefully.
 */
export async function lastStartAndDrain({
  onCall,
  drainMs,
  services,
  logFile,
  record,
  started,
  killedAt,
  staffAcker,
}) {
  const { bundles, port, env } = services;
  const { stats, readyTimes } = record;
  const server = startServerProcess({ bundle: bundles.server, port, env, logFile, readyTimeoutMs: 180_000 });
  started.server = server;
  const finalReadyMs = await server.ready;
  readyTimes.push(Date.now());
  if (!Number.isNaN(killedAt)) stats.restartsMs.push(Date.now() - killedAt);
  if (Number.isNaN(stats.firstStartMs)) stats.firstStartMs = finalReadyMs;
  const drainStarted = Date.now();
  const drain = { drainStarted, drainMs };
  const drained = onCall
    ? await waitForEscalations({ url: server.url, staffAcker, ...drain })
    : await waitUntilDrained({ server: server.url, ...drain });
  noteUndrained(drained, drainMs);
  const stopped = await server.stop();
  if (stopped.code !== 0)
    console.log(`  note: the last server exited with ${stopped.code ?? stopped.signal}`);
}

/** The drain ran out before the server reported nothing pending: the checks then say what is missing. */
export function noteUndrained(drained, drainMs) {
  if (!drained)
    console.log(`  note: work still pending after the drain's ${seconds(drainMs)}; stopping anyway`);
}
