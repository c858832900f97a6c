#!/usr/bin/env node
// `npm test`: everything a fresh machine needs to prove the site works, in order, stopping at the
// first failure: Chromium present → typecheck → lint → build → JavaScript budget → HTML validity →
// vitest (PGlite and PostgreSQL) →
// kill -9 chaos (3 cycles, then 3 with on-call paging beside 2 with two copies on PostgreSQL and a
// short storm on the on-call path) → Playwright journeys in Chromium against the built server.
// Prints the test counts at the end.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const chromiumPath = '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
/** @type {{ name: string; seconds: number; summary?: string }[]} */
const done = [];
const counts = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const countLines = [];

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);

function banner(text) {
  process.stdout.write(`\n${paint(1, `━━ ${text}`)}\n`);
}

/** Steps still running (one may run beside another): stopped when another fails. */
const running = new Set();

function fail(step, code) {
  for (const child of running) child.kill('SIGTERM');
  process.stdout.write(`\n${paint(31, `✗ ${step} failed (exit code ${code}).`)}\n`);
  printSummary(false);
  process.exit(code || 1);
}

function printSummary(ok) {
  process.stdout.write('\n━━ Summary\n');
  for (const step of done)
    process.stdout.write(`  ✓ ${step.name.padEnd(46)} ${step.seconds.padStart(6)} s\n`);
  for (const line of countLines) process.stdout.write(`  ${line}\n`);
  if (countLines.length > 0) {
    const total = `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
    process.stdout.write(`${paint(ok ? 32 : 31, total)} (total ${seconds(started)} s)\n`);
  }
}

/**
 * Runs a command with its output streamed live, and also kept (without colour codes) so the
 * counts can be read from the tools' own summary lines. With `live: false` (a step running beside
 * another) its output is held back and printed in one piece when it ends.
 */
function run(name, command, args, { env = {}, live = true } = {}) {
  const title = `${name}: ${[command, ...args].join(' ')}`;
  if (live) banner(title);
  const stepStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Keep colours when a person watches; the tools themselves see a pipe.
      env: {
        ...process.env,
        ...(tty ? { FORCE_COLOR: '1' } : {}),
        ...env,
      },
    });
    running.add(child);
    let output = '';
    let held = '';
    const keep = (chunk, stream) => {
      if (live) stream.write(chunk);
      else held += chunk.toString('utf8');
      output += chunk.toString('utf8');
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (!live) {
        banner(`${title} (ran alongside; its output held until it ended)`);
        process.stdout.write(held);
      }
      // eslint-disable-next-line no-control-regex -- strips the tools' colour codes
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const result = { code: code ?? (signal ? 128 : 1), output: plain };
      if (result.code === 0) done.push({ name, seconds: seconds(stepStarted) });
      resolve(result);
    });
  });
}

function ensureChromium() {
  banner('Chromium');
  if (existsSync(chromiumPath)) {
    const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
    process.stdout.write(`${(version.stdout || '').trim() || 'Chromium'} at ${chromiumPath}\n`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    process.stderr.write(
      `Chromium is missing at ${chromiumPath}. The browser tests need Debian's chromium package:\n\n` +
        '    sudo apt-get update && sudo apt-get install -y chromium\n\n' +
        'then run `npm test` again (or run `npm test` as root and it installs it).\n',
    );
    process.exit(1);
  }
  process.stdout.write(`Chromium is missing at ${chromiumPath}; installing Debian's chromium package…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) fail(`apt-get ${args.join(' ')}`, result.status ?? 1);
  }
  if (!existsSync(chromiumPath)) fail('installing chromium', 1);
}

/** vitest's own summary: " Tests  57 passed | 2 skipped (59)" */
function readVitestCounts(output) {
  const line = [...output.matchAll(/^\s*Tests\s+(.+\(\d+\))\s*$/gm)].at(-1)?.[1];
  if (!line) return;
  const number = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  counts.passed += number('passed');
  counts.failed += number('failed');
  counts.skipped += number('skipped') + number('todo');
  countLines.push(`vitest:     ${line.trim()}`);
}

/** Playwright's list reporter: "  24 passed (31.2s)", "  1 failed", "  2 skipped", "  1 flaky" */
function readPlaywrightCounts(output) {
  const tail = output.slice(output.lastIndexOf('Running '));
  const number = (word) => Number(new RegExp(`^\\s+(\\d+) ${word}\\b`, 'm').exec(tail)?.[1] ?? 0);
  const passed = number('passed');
  const failed = number('failed') + number('flaky') + number('interrupted');
  const skipped = number('skipped') + number('did not run');
  if (passed + failed + skipped === 0) return;
  counts.passed += passed;
  counts.failed += failed;
  counts.skipped += skipped;
  countLines.push(
    `playwright: ${passed} passed${failed ? ` | ${failed} failed` : ''}${skipped ? ` | ${skipped} skipped` : ''}`,
  );
}

ensureChromium();

const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
  ['build', 'npm', ['run', '--silent', 'build']],
  // The JavaScript budget: at most 120 KiB gzip on the first load of every page, forms included.
  ['JavaScript budget', 'node', ['scripts/js-size.mjs', '--strict']],
  // Every built page valid HTML to the Nu HTML Checker (needs Java: Debian's default-jre-headless).
  ['HTML validity', 'npm', ['run', '--silent', 'validate']],
];
for (const [name, command, args] of steps) {
  const { code } = await run(name, command, args);
  if (code !== 0) fail(name, code);
}

const unit = await run('vitest (unit, API on PGlite and PostgreSQL)', 'npx', ['vitest', 'run']);
readVitestCounts(unit.output);
if (unit.code !== 0) fail('vitest', unit.code);

// kill -9 under load: no acknowledged lead lost, every staff e-mail delivered (the long form is
// `npm run chaos`, 20 cycles).
const chaos = await run('chaos (3 × kill -9 under load, PGlite)', 'node', [
  'scripts/chaos.mjs',
  '--cycles',
  '3',
]);
if (chaos.code !== 0) fail('chaos', chaos.code);

// The same with on-call paging: every emergency paged through a fake SMS gateway, no escalation
// step lost across the kills, extra SMS only where a kill explains them. Beside it, two server
// copies on one PostgreSQL, each killed once under load while the other goes on (the long form:
// --cycles 10; like the PostgreSQL database tests, skipped without PostgreSQL 15's binaries
// except in CI), and a short cloudburst evening against the on-call path (the long form is
// `npm run storm`, 1000 emergencies in 60 minutes): no accepted emergency lost, no 5xx. All three
// spend most of their time waiting for escalations to run out (one page SMS per person per
// minute), not on the processor, so they run at the same time.
const postgresBin = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const withPostgres = existsSync(path.join(postgresBin, 'postgres')) || process.env.CI === 'true';
const [chaosOnCall, chaosCopies, storm] = await Promise.all([
  run('chaos on-call (3 × kill -9, SMS paging, PGlite)', 'node', [
    'scripts/chaos.mjs',
    '--on-call',
    '--cycles',
    '3',
  ]),
  withPostgres
    ? run(
        'chaos two copies (2 × kill -9, PostgreSQL)',
        'node',
        ['scripts/chaos.mjs', '--copies', '2', '--postgres', '--cycles', '2'],
        { live: false },
      )
    : Promise.resolve(null),
  run(
    'storm (40 emergencies in 1 minute, 3 on call)',
    'node',
    [
      'scripts/storm.mjs',
      '--emergencies',
      '40',
      '--minutes',
      '1',
      '--staff',
      '3',
      '--escalate-seconds',
      '20',
      '--drain-seconds',
      '90',
      // 40 waiting is a surge: everybody on call must be woken (server/oncall/paging/all-hands.ts).
      '--require-everyone-woken',
    ],
    { live: false },
  ),
]);
if (chaosOnCall.code !== 0) fail('chaos on-call', chaosOnCall.code);
if (!chaosCopies)
  process.stdout.write(`\nchaos two copies skipped: no PostgreSQL binaries in ${postgresBin}\n`);
else if (chaosCopies.code !== 0) fail('chaos two copies', chaosCopies.code);
if (storm.code !== 0) fail('storm', storm.code);

const e2e = await run('playwright (browser journeys in Chromium)', 'npx', ['playwright', 'test']);
readPlaywrightCounts(e2e.output);
if (e2e.code !== 0) fail('playwright', e2e.code);

printSummary(true);
