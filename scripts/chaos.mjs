#!/usr/bin/env node
/**
 * npm run chaos: proves that an acknowledged lead is never lost, by killing the running server.
 *
 *   npm run chaos [-- --cycles 20] [--postgres] [--clients 8] [--rate 50] [--seed 1] [--max-minutes 20]
 *     [--drain-seconds 150 (400 with --on-call)] [--on-call] [--copies 2] [--keep]
 *
 * The server (server/index.ts bundled with esbuild, no build needed) runs as its own process on
 * 127.0.0.1 with a temporary DATA_DIR and a real SMTP server on loopback (scripts/chaos/smtp-sink.mjs).
 * Several clients send leads of every kind (POST /api/leads, each with its own e-mail address) at
 * about `--rate` leads a second in all. Each cycle kills the server with SIGKILL at a random
 * moment (now and then while it is still starting) and starts it again. After the last cycle the
 * server runs until every e-mail has gone out (its GET /metrics, read from the database, shows no
 * e-mail and no on-call job pending; at most --drain-seconds), then stops, and the script checks:
 *
 * - every lead answered 201 is in the database, which opens cleanly (amcheck on every table and
 *   index);
 * - every such lead's staff notification reached the SMTP server, and every other queued e-mail
 *   too; a message may arrive twice only because of a crash: each extra copy must be of a message
 *   that the SMTP server had accepted before a kill whose process had not yet recorded it as sent,
 *   and at most 4 such copies per kill: the worker records each message right after its acceptance
 *   and sends on 4 lanes, so one kill can catch at most 4 in between (chaos/accounting.mjs);
 * - the e-mails a killed process had claimed and not finished went out within 60 s of the
 *   restarted server's first answer (its `GET /healthz` 200). Which jobs those are: on
 *   PostgreSQL the script asks the database right after each kill (pending jobs with a lease);
 *   on PGlite the restarted server frees them at start and logs their ids, which the script
 *   reads from the server log. A job still claimed at a later kill counts from the first one.
 *
 * It prints cycles, leads acknowledged, lost, duplicate e-mails, restart time (median, max), the
 * delay from a lead's 201 to its staff e-mail (which includes the backlog and every restart in
 * between), and the delay from the restart to the delivery of the claimed jobs; it exits 1 when
 * a lead is lost, an e-mail is missing, an extra copy has no such kill to explain it, a claimed job
 * took more than 60 s after the restart, or the database fails its check.
 *
 * With --on-call, most leads are emergencies and the server pages a rota of two (set up in the
 * database before the first cycle) through a fake GatewayAPI on 127.0.0.1 (server/test/fake-sms.ts),
 * escalating 10 s after the SMS that carried a step (ONCALL_ESCALATE_AFTER_SECONDS), with the
 * server's paging budget (one page SMS per person per minute, else a digest linking the queue
 * page: docs/decisions/paging-at-volume.md). The script acknowledges about half of the emergencies
 * as they reach it: from a single page SMS (GET /vagt/…, then the button's POST) or from the queue
 * page a digest links to (that row's form). It checks in addition (scripts/chaos/oncall-accounting.mjs),
 * reading which emergencies each SMS carried from the notices (oncall_page_notices.sms_id): every
 * emergency answered 201 was carried by an SMS that reached the gateway (or taken from a queue page
 * before that, counted apart); every escalation ended acknowledged or exhausted after its last
 * step, each step written once per person and each notice of it carried to the gateway (a step due
 * while the server was down runs after the restart); no SMS left pending or failed, every SMS
 * marked sent at the gateway; an SMS reached the gateway twice only when a kill came between the
 * gateway's acceptance and the "sent" record, at most one per kill (the worker sends one SMS at a
 * time). It prints the page latency (201 → first SMS carrying it at the gateway) p50/p99 and how
 * late escalation steps ran (at most the budget slot plus 60 s for a restart).
 *
 * With --copies 2 (PostgreSQL only: PGlite is one process's database), two server copies run on
 * the one database, each with its own port and DATA_DIR, and take the load as behind a load
 * balancer: each lead and each staff tap goes to a live copy at random. Each cycle kills one copy
 * under load, the copies in turn and never both, and starts it again while the other goes on;
 * after the last cycle both run until everything is out. The load is half emergencies and half
 * the other forms, paged and acknowledged as with --on-call. Every check above holds for the two together: no acknowledged
 * lead lost, every staff e-mail and first page once (an extra copy only of one the killed copy had
 * handed over and not yet recorded: the jobs it held are those still claimed with the same lease
 * 2 s after the kill), every escalation ended, no step written twice.
 *
 * Database: PGlite by default; PostgreSQL with --postgres (a throwaway cluster from the installed
 * PostgreSQL 15 binaries, fsync on) or with DATABASE_URL (an empty database you can spare).
 * Everything started here is stopped here, by its PID; the run stops by itself after
 * --max-minutes (then goes on to the final checks).
 *
 * The pieces are in scripts/chaos/: run-services.mjs (what a run starts), server-lifecycle.mjs
 * (the kill cycles and the last start), copies-lifecycle.mjs (the same for two copies), load-generator.mjs, oncall-run.mjs (the --on-call
 * variant), database-checks.mjs, mail-report.mjs and the accounting they use.
 */
import './require-node.mjs';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { heldFromLog } from './chaos/accounting.mjs';
import { inspectDatabase } from './chaos/database-checks.mjs';
import { drainCopies, prepareCopies, runCopiesKillCycles } from './chaos/copies-lifecycle.mjs';
import { createLoadGenerator } from './chaos/load-generator.mjs';
import { mailResults } from './chaos/mail-report.mjs';
import { createStaffAcker, onCallResults } from './chaos/oncall-run.mjs';
import { startRunServices } from './chaos/run-services.mjs';
import { leaveWorkFolder, makeWorkFolder, runStoppingOnExit } from './chaos/run-folder.mjs';
import { seededRandom } from './chaos/seeded-random.mjs';
import { seconds } from './chaos/timing.mjs';
import { lastStartAndDrain, runKillCycles } from './chaos/server-lifecycle.mjs';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    clients: { type: 'string', default: '8' },
    rate: { type: 'string', default: '50' },
    seed: { type: 'string' },
    'max-minutes': { type: 'string', default: '20' },
    'drain-seconds': { type: 'string' },
    keep: { type: 'boolean', default: false },
    'on-call': { type: 'boolean', default: false },
    copies: { type: 'string', default: '1' },
  },
});
const cycles = Number(args.cycles);
const clients = Number(args.clients);
const rate = Number(args.rate);
const deadline = Date.now() + Number(args['max-minutes']) * 60_000;
const usePostgres = args.postgres || Boolean(process.env.DATABASE_URL);
const copies = Number(args.copies);
// Two copies are proven with the emergencies they page: the on-call checks always run then.
const onCall = args['on-call'] || copies > 1;
// On call, the last escalations need up to three budget slots (a minute each) after the last start.
const drainMs = Number(args['drain-seconds'] ?? (onCall ? 400 : 150)) * 1000;

const runSeed = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31));
const { random, between } = seededRandom(runSeed);

/** What this run started, so that a failure or Ctrl-C still stops it (by PID) and cleans up. */
const started = {
  /** @type {string | undefined} */ work: undefined,
  /** @type {{ crash(): Promise<unknown> } | undefined} */ server: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ cluster: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ smtp: undefined,
  /** @type {{ end(): Promise<void> } | undefined} */ heldClient: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ gateway: undefined,
};
async function stopEverything() {
  await started.server?.crash().catch(() => {});
  await started.heldClient?.end().catch(() => {});
  await started.cluster?.stop().catch(() => {});
  await started.smtp?.stop().catch(() => {});
  await started.gateway?.stop().catch(() => {});
  leaveWorkFolder(started.work, args.keep);
}

async function main() {
  if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles must be a whole number ≥ 1');
  if (copies !== 1 && copies !== 2) throw new Error('--copies must be 1 or 2');
  if (copies === 2 && !usePostgres)
    throw new Error(
      '--copies 2 needs PostgreSQL (--postgres or DATABASE_URL): PGlite is one process at a time',
    );
  const runStarted = Date.now();
  const { work, dataDir, logFile } = makeWorkFolder('chaos');
  started.work = work;
  console.log(
    `chaos: ${cycles} kill -9 cycles on ${copies === 2 ? 'two copies on ' : ''}${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${clients} clients at about ${rate} leads/s, seed ${runSeed}${onCall ? ', on-call paging by SMS' : ''}`,
  );
  console.log(`  work folder ${work} (server log: server.log)`);

  const services = await startRunServices({ work, dataDir, logFile, usePostgres, onCall, started });
  const { smtp, gateway, cluster, databaseUrl, heldClient } = services;

  /** What the run saw: the leads answered 201, kills, starts and the jobs killed processes held. */
  const record = {
    /** @type {{ reference: string; kind: string; email: string; ackAt: number; cycle: number }[]} */
    acknowledged: [],
    stats: {
      kills: 0,
      startupKills: 0,
      restartsMs: /** @type {number[]} */ ([]),
      firstStartMs: NaN,
      unanswered: 0,
      otherStatus: /** @type {Record<string, number>} */ ({}),
    },
    /** When each kill came, and when a server answered /healthz after a start. */
    killTimes: /** @type {number[]} */ ([]),
    readyTimes: /** @type {number[]} */ ([]),
    /** Job id → the kills at which it was found claimed by the killed process (PostgreSQL). */
    heldAtKill: /** @type {Map<string, number[]>} */ (new Map()),
  };
  const { acknowledged, stats, killTimes } = record;
  const load = createLoadGenerator({
    onCall,
    mix: copies === 2 ? 'copies' : undefined,
    clients,
    rate,
    random,
    between,
    leadBodies: services.leadBodies,
    acknowledged,
    stats,
  });
  const staffAcker = createStaffAcker({ gateway, random });

  const cycleArgs = { cycles, deadline, clients, services, record, between, load, staffAcker };
  if (copies === 2) {
    const { copies: servers, pickUrl } = await prepareCopies({ services, dataDir, work, started, random });
    await runCopiesKillCycles({ ...cycleArgs, copies: servers, pickUrl });
    await drainCopies({ drainMs, copies: servers, pickUrl, staffAcker });
  } else {
    const killedAt = await runKillCycles({ ...cycleArgs, onCall, logFile, started, random });
    await lastStartAndDrain({ onCall, drainMs, services, logFile, record, started, killedAt, staffAcker });
  }
  await heldClient?.end();
  started.heldClient = undefined;

  const check = await inspectDatabase({
    dataDir,
    databaseUrl,
    references: acknowledged.map((l) => l.reference),
    onCall,
  });

  const held = databaseUrl ? record.heldAtKill : heldFromLog(logFile, killTimes);
  const { rows, failures } = mailResults({ smtp, check, record, held, usePostgres });
  /** @type {string[]} */
  let onCallFailures = [];
  if (onCall && gateway) {
    const paging = onCallResults({
      gateway,
      check,
      acknowledged,
      killTimes,
      stats,
      ack: staffAcker.ack,
      copies,
    });
    rows.push(...paging.rows);
    onCallFailures = paging.failures;
  }
  if (copies === 2) rows.splice(1, 0, ['server copies', '2 (killed in turn, never both)']);
  rows.push(['duration (start to last stop)', seconds(Date.now() - runStarted)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nchaos result');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);

  await cluster?.stop();
  started.cluster = undefined;
  await smtp.stop();
  await gateway?.stop();
  started.gateway = undefined;
  started.work = undefined;
  if (!args.keep) rmSync(work, { recursive: true, force: true });

  failures.push(...onCallFailures);
  if (failures.length > 0) {
    console.log(`\n✗ ${failures.join('\n✗ ')}`);
    if (args.keep) console.log(`  kept: ${work}`);
    process.exitCode = 1;
  } else {
    console.log('\n✓ every acknowledged lead is stored and its staff e-mail was delivered');
    if (onCall) console.log('✓ every emergency was paged and every escalation ran to its end');
  }
}

runStoppingOnExit(main, stopEverything);
