#!/usr/bin/env node
/**
 * Load test of the write path, POST /api/leads: valid contact leads on loopback,
 * 10 connections for 10 s, on PGlite and on PostgreSQL. Prints requests/s and latency (p50, p99).
 *
 *   node scripts/bench-contact.mjs [--duration 10] [--connections 10] [--only pglite|postgres]
 *
 * The server is server/index.ts bundled with esbuild (as the build does) and started as its own
 * process on 127.0.0.1 with a temporary DATA_DIR, the submission rate limit and the spam checks
 * off (SPAM_CHECKS=off: every lead is stored as new and mailed, as a trusted client's would be),
 * LOG_LEVEL=warn and the mail worker on (.eml files). PostgreSQL: DATABASE_URL when given, otherwise a
 * throwaway cluster from the installed PostgreSQL 15 binaries (skipped if it cannot start).
 * Everything started here is stopped here.
 */
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchPostgres, bundleForNode, freePort } from './node-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.cache', 'bench-contact');

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);

const body = JSON.stringify({
  kind: 'kontakt',
  name: 'Anne Hansen',
  email: 'anne@example.dk',
  phone: '22 34 56 78',
  service: 'genhusning',
  message: 'Vi har brug for hjælp efter en vandskade i kælderen. Ring gerne i dag.',
});

async function bundle() {
  await bundleForNode(join(root, 'server', 'index.ts'), join(cacheDir, 'server.mjs'));
  await bundleForNode(
    join(root, 'server', 'test', 'postgres-cluster.ts'),
    join(cacheDir, 'postgres-cluster.mjs'),
  );
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(cacheDir, 'server.mjs')], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit(code ?? signal)),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function cannon(url, seconds) {
  return new Promise((resolveRun, reject) => {
    autocannon(
      {
        url: `${url}/api/leads`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        connections,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolveRun(result)),
    );
  });
}

async function measure(label, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-contact-'));
  const server = await startServer({
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: args['log-level'],
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
    // Every receipt at once: the hourly cap on visitor e-mail is not under test here.
    RECEIPT_MAIL_MAX_PER_HOUR: '100000',
    SPAM_CHECKS: 'off',
    SIGNING_SECRET: 'bench-signing-secret-0123456789abcdef',
    CLIENT_DIR: join(dataDir, 'no-pages'),
    ADDRESS_API_KIND: 'off',
  });
  try {
    await cannon(server.url, 2); // warm-up (JIT, connection pool)
    const cpuBefore = cpuSeconds(server.pid);
    const result = await cannon(server.url, duration);
    const cpuUsed = cpuSeconds(server.pid) - cpuBefore;
    const ok = result['2xx'];
    const rps = ok / (result.duration || duration);
    // Give the worker a moment, then count the e-mails written so far.
    await new Promise((r) => setTimeout(r, 2000));
    let mails = 0;
    try {
      mails = readdirSync(join(dataDir, 'mail')).filter((file) => file.endsWith('.eml')).length;
    } catch {
      mails = 0;
    }
    const row = {
      database: label,
      'req/s (2xx)': Math.round(rps),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      '2xx': ok,
      'non-2xx': result.non2xx,
      errors: result.errors + result.timeouts,
      'e-mails written (2 s after)': mails,
      // Independent of other load on the machine: server CPU time per answered request.
      'server CPU ms/req': Number(((cpuUsed * 1000) / Math.max(ok, 1)).toFixed(2)),
    };
    return row;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `bench: POST /api/leads, ${connections} connections × ${duration} s, LOG_LEVEL=${args['log-level']}`,
  );
  await bundle();
  const rows = [];
  if (!args.only || args.only === 'pglite') rows.push(await measure('PGlite', {}));
  if (!args.only || args.only === 'postgres') {
    let database;
    try {
      database = await benchPostgres('bench', join(cacheDir, 'postgres-cluster.mjs'));
      if (database.throwaway) console.log('PostgreSQL: throwaway cluster with default durability (fsync on)');
      rows.push(await measure('PostgreSQL', { DATABASE_URL: database.databaseUrl }));
    } catch (error) {
      console.warn(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await database?.stop();
    }
  }
  console.table(rows);
  console.log('targets: ≥ 1000 req/s PGlite, ≥ 2000 req/s PostgreSQL, p99 ≤ 30 ms');
}

await main();
