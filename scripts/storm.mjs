#!/usr/bin/env node
/**
 * npm run storm: a cloudburst evening against the on-call path, measured from the outside.
 *
 *   npm run storm [-- --emergencies 1000 --minutes 60 --staff 5] [--handle-minutes 10]
 *     [--escalate-seconds 600] [--max-sms-per-person-hour 60] [--max-wait-seconds 60]
 *     [--postgres] [--seed 1] [--drain-seconds 180] [--keep] [--port 8787] [--gateway-port 8788]
 *     [--require-everyone-woken]
 *
 * The server (server/index.ts bundled as the chaos run does, scripts/chaos/server-process.mjs)
 * runs on 127.0.0.1 with a throwaway DATA_DIR (PGlite; PostgreSQL 15 with --postgres or
 * DATABASE_URL), pages through a fake GatewayAPI on 127.0.0.1 that records each SMS with its
 * recipient and arrival time (scripts/oncall-rig.mjs), and has `--staff` people on call in a
 * chain (ONCALL_ESCALATE_AFTER_SECONDS = --escalate-seconds). The server believes X-Forwarded-For
 * from 127.0.0.1 only (TRUST_PROXY=127.0.0.1), so each visitor and each person on call comes
 * from an address of their own and the server's own per-address limits and spam checks stay as
 * in production.
 *
 * `--emergencies` emergencies arrive over `--minutes` minutes (scripts/storm/evening.mjs: a
 * steady Poisson stream plus bursts; ~10 % danger to people, ~25 % another "ja"; a few twice from
 * the same sender, a few sent within a second). The evening is 60 minutes: a shorter run compresses
 * it (the staff's handling time with it: 10 minutes of work take 50 s of a 5-minute run), never the
 * server's clock. Staff (scripts/storm/staff.mjs) open every link of each SMS, keep the latest queue
 * page open and read it again every 30 s as its meta refresh does, and, when free, take the most
 * urgent emergency they have a page for. After the last emergency the run waits up to
 * --drain-seconds for every one to reach a phone, stops the server and looks in the database.
 *
 * It prints SMS per person (the most in any hour and minute), the wait from an emergency's 201 to
 * its first appearance on a phone (its reference in an SMS, on a page opened from an SMS link, or
 * on the queue page left open when it reloads),
 * what customers were told (GET /api/beredskab, the POST answer, or the standing 15 minutes)
 * against their wait until taken, 5xx answers, the POST /api/leads latency and lost leads. Exit 1
 * when a lead answered 201 is not in the database, any 5xx came, or an optional bound is passed.
 * Everything it starts it stops by its PID; it ends by itself (at the latest 10 minutes past the
 * evening and its drain).
 */
import './require-node.mjs';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from './chaos/database-checks.mjs';
import { leaveWorkFolder, makeWorkFolder, runStoppingOnExit } from './chaos/run-folder.mjs';
import { seededRandom } from './chaos/seeded-random.mjs';
import { freePort, prepareServerApp, startServerProcess } from './chaos/server-process.mjs';
import { benchPostgres } from './node-tools.mjs';
import { gatewayEnv, setUpRota, startFakeGateway } from './oncall-rig.mjs';
import { report } from './storm/report.mjs';
import { arrivalTimes, senders as drawSenders } from './storm/evening.mjs';
import { createTally } from './storm/http-tally.mjs';
import { createStaff } from './storm/staff.mjs';
import { createVisitors } from './storm/visitors.mjs';

const { values: args } = parseArgs({
  options: {
    emergencies: { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '60' },
    staff: { type: 'string', default: '5' },
    'handle-minutes': { type: 'string', default: '10' },
    'escalate-seconds': { type: 'string', default: '600' },
    'max-sms-per-person-hour': { type: 'string' },
    'max-wait-seconds': { type: 'string' },
    'drain-seconds': { type: 'string', default: '180' },
    postgres: { type: 'boolean', default: false },
    seed: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // Beside other servers: the server's and the fake gateway's ports (free ones without).
    port: { type: 'string' },
    'gateway-port': { type: 'string' },
    // Fail when someone on call got no SMS although the site went into surge.
    'require-everyone-woken': { type: 'boolean', default: false },
  },
});

function number(name, { min = 0, whole = false } = {}) {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
    throw new Error(`--${name} must be ${whole ? 'a whole number' : 'a number'} of at least ${min}`);
  return value;
}
const optional = (name) => (args[name] === undefined ? undefined : number(name));

const PUBLIC_ORIGIN = 'http://storm.test';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const names = ['Anna', 'Bo', 'Carl', 'Dorte', 'Emil', 'Frida', 'Gustav', 'Hanne', 'Ib', 'Jette'];

/** What this run started, so that a failure or Ctrl-C still stops it (by PID) and cleans up. */
const started = {
  /** @type {string | undefined} */ work: undefined,
  /** @type {{ stop(): Promise<unknown> } | undefined} */ server: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ gateway: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ database: undefined,
};
async function stopEverything() {
  await started.server?.stop().catch(() => {});
  await started.gateway?.stop().catch(() => {});
  await started.database?.stop().catch(() => {});
  leaveWorkFolder(started.work, args.keep);
}

async function main() {
  const count = number('emergencies', { min: 1, whole: true });
  const minutes = number('minutes', { min: 0.1 });
  const staffCount = number('staff', { min: 1, whole: true });
  const handleMinutes = number('handle-minutes', { min: 0.1 });
  const escalateSeconds = number('escalate-seconds', { min: 10, whole: true });
  const drainMs = number('drain-seconds') * 1000;
  const bounds = {
    maxSmsPerPersonHour: optional('max-sms-per-person-hour'),
    maxWaitSeconds: optional('max-wait-seconds'),
    everyoneWoken: args['require-everyone-woken'],
  };
  const port = args.port === undefined ? undefined : number('port', { min: 1, whole: true });
  const gatewayPort =
    args['gateway-port'] === undefined ? undefined : number('gateway-port', { min: 1, whole: true });
  const compression = 60 / minutes;
  const durationMs = minutes * 60_000;
  const handleMs = (handleMinutes * 60_000) / compression;
  const hardDeadline = Date.now() + durationMs + drainMs + 10 * 60_000;
  const runSeed = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31));
  const { random, between } = seededRandom(runSeed);
  const usePostgres = args.postgres || Boolean(process.env.DATABASE_URL);

  const { work, dataDir, logFile } = makeWorkFolder('storm');
  started.work = work;
  console.log(
    `storm: ${count} emergencies over ${minutes} min (the 60-minute evening ×${compression.toFixed(1)}), ${staffCount} on call, ` +
      `${handleMinutes} evening minutes per emergency (${(handleMs / 1000).toFixed(0)} s), escalation after ${escalateSeconds} s, ` +
      `${usePostgres ? 'PostgreSQL' : 'PGlite'}, seed ${runSeed}`,
  );
  console.log(`  work folder ${work} (server log: server.log)`);

  const bundles = await prepareServerApp(join(work, 'app'));
  const gateway = await startFakeGateway(work, { port: gatewayPort });
  started.gateway = gateway;
  let databaseUrl;
  if (usePostgres) {
    const database = await benchPostgres('storm', bundles.postgresCluster);
    started.database = database;
    databaseUrl = database.databaseUrl;
  }
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: PUBLIC_ORIGIN,
    MAIL_TO: 'leads@storm.test',
    SIGNING_SECRET: 'storm-signing-secret-0123456789abcdef',
    CLIENT_DIR: join(work, 'no-pages'),
    LOG_LEVEL: 'warn',
    ADDRESS_API_KIND: 'off',
    // Visitors and staff each come from an address of their own, through "the proxy" on loopback.
    TRUST_PROXY: '127.0.0.1',
    // The time one call takes, where the server estimates waits from it (surge mode).
    ...(Number.isInteger(handleMinutes) && handleMinutes <= 240
      ? { SURGE_HANDLING_MINUTES: String(handleMinutes) }
      : {}),
    ...gatewayEnv(gateway, escalateSeconds),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const people = Array.from({ length: staffCount }, (_, i) => ({
    name: `${names[i % names.length]} Vagt${i >= names.length ? ` ${Math.floor(i / names.length) + 1}` : ''}`,
    email: `vagt-${i + 1}@storm.test`,
    phone: `+45${String(60_000_000 + i + 1)}`,
    ip: `198.19.0.${i + 1}`,
  }));

  // The first start migrates the database; the chain goes in before any lead (PGlite: one process).
  const first = startServerProcess({ bundle: bundles.server, port: await freePort(), env, logFile });
  started.server = first;
  await first.ready;
  await first.stop();
  await setUpRota({ dataDir, databaseUrl, people, createdBy: 'storm' });
  const server = startServerProcess({
    bundle: bundles.server,
    port: port ?? (await freePort()),
    env,
    logFile,
  });
  started.server = server;
  await server.ready;

  const times = arrivalTimes({ count, durationMs, random });
  const senders = drawSenders({ count, random });
  const tally = createTally(server.url);
  const byReference = new Map();
  const visitors = createVisitors({
    tally,
    senders,
    times,
    between,
    onAccepted: (reference, sender, acceptedAt) =>
      byReference.set(reference, { priority: sender.priority, acceptedAt }),
  });
  const staff = createStaff({
    tally,
    gateway,
    people,
    serverUrl: server.url,
    publicOrigin: PUBLIC_ORIGIN,
    handleMs,
    emergencyOf: (reference) => byReference.get(reference),
  });
  const state = { stop: false };
  const startAt = Date.now();
  const ticker = setInterval(
    () => {
      const accepted = visitors.sent.filter((entry) => entry.reference).length;
      console.log(
        `  ${((Date.now() - startAt) / 60_000).toFixed(1)} min: ${visitors.sent.length} sent, ${accepted} accepted, ` +
          `${gateway.received.length} SMS, ${staff.taken.size} taken`,
      );
    },
    Math.max(10_000, Math.min(60_000, durationMs / 6)),
  );
  const working = staff.run(state);
  await visitors.run(startAt);
  const eveningEnded = Date.now();
  // Every emergency reaches a phone, or the drain runs out.
  const firsts = () =>
    visitors.sent.filter((entry) => entry.reference && entry.sender.duplicateOf === undefined);
  while (
    Date.now() - eveningEnded < drainMs &&
    Date.now() < hardDeadline &&
    !firsts().every((entry) => staff.seen.has(entry.reference))
  )
    await sleep(250);
  await sleep(1_000);
  state.stop = true;
  await working;
  clearInterval(ticker);
  const endedAt = Date.now();
  const stopped = await server.stop();
  if (stopped.code !== 0) console.log(`  note: the server exited with ${stopped.code ?? stopped.signal}`);
  started.server = undefined;

  const references = visitors.sent.flatMap((entry) => (entry.reference ? [entry.reference] : []));
  const { query, close } = await openDatabase({ dataDir, databaseUrl });
  let stored;
  try {
    stored = await query(
      `select reference, status, acknowledged_at as "acknowledgedAt" from leads where reference = any($1)`,
      [references],
    );
  } finally {
    await close();
  }

  const failures = report({
    visitors,
    staff,
    gateway,
    people,
    tally,
    stored,
    references,
    bounds,
    evening: { endedAt, compression, startAt, eveningEnded },
  });
  await gateway.stop();
  started.gateway = undefined;
  await started.database?.stop();
  started.database = undefined;
  if (!args.keep) rmSync(work, { recursive: true, force: true });
  started.work = undefined;
  if (failures.length > 0) {
    console.log(`\n✗ ${failures.join('\n✗ ')}`);
    if (args.keep) console.log(`  kept: ${work}`);
    process.exitCode = 1;
  } else console.log('\n✓ every accepted emergency is stored, no 5xx, every bound held');
}

runStoppingOnExit(main, stopEverything);
