import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForNode } from '../scripts/node-tools.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from './app-root.ts';
import { createClientFixture, type ClientFixture } from './test/client-fixture.ts';

// The real entry point, bundled the way scripts/build.mjs does, run as its own process.
let bundleDir: string;
let entry: string;
let fixture: ClientFixture;
let dataDir: string;

beforeAll(async () => {
  // Inside the repository (dist/ is ignored) so the bundle finds the app root like the real one.
  mkdirSync(join(appRoot, 'dist'), { recursive: true });
  bundleDir = mkdtempSync(join(appRoot, 'dist', 'index-test-'));
  entry = join(bundleDir, 'index.js');
  await bundleForNode(join(appRoot, 'server', 'index.ts'), entry, { logLevel: 'silent' });
  fixture = createClientFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'index-test-'));
}, 120_000);

afterAll(() => {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  fixture.remove();
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(dataDir, 'data'),
      CLIENT_DIR: fixture.dir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitFor(run: Run, pattern: RegExp, ms = 60_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const match = run.output().match(pattern);
    if (match) return match;
    if (Date.now() > until || run.child.exitCode !== null)
      throw new Error(`no ${pattern} in:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('server/index.ts', () => {
  it('serves pages and health, then shuts down cleanly on SIGTERM with the database under DATA_DIR/db', async () => {
    const run = start({});
    try {
      const [, url] = await waitFor(run, /site ready at (http:\/\/127\.0\.0\.1:\d+)/);
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect((await fetch(`${url}/services`)).status).toBe(200);
      expect((await fetch(`${url}/ukendt-side`)).status).toBe(404);
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
      expect(run.output()).toContain('stopped');
      await expect(
        import('node:fs').then((fs) => fs.existsSync(join(dataDir, 'data', 'db', 'PG_VERSION'))),
      ).resolves.toBe(true);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 90_000);

  it('finishes on SIGINT too', async () => {
    const run = start({});
    try {
      await waitFor(run, /site ready at/);
      run.child.kill('SIGINT');
      expect(await run.exit).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 90_000);

  it('refuses a bad configuration with one line per variable and no stack trace', async () => {
    const run = start({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await run.exit).toBe(1);
    expect(run.output()).toContain('Invalid configuration:');
    expect(run.output()).toMatch(/^ {2}PORT: must be a whole number from 0 to 65535 \(got "abc"\)$/m);
    expect(run.output()).toMatch(/^ {2}LOG_LEVEL: must be one of .* \(got "loud"\)$/m);
    expect(run.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('warns when the pages were built for another PUBLIC_URL', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(fixture.dir, '..', 'build-info.json'),
      JSON.stringify({ publicUrl: 'https://andet.example.dk' }),
    );
    const run = start({ PUBLIC_URL: 'https://skade.example.dk' });
    try {
      await waitFor(run, /site ready at/);
      expect(run.output()).toContain('the pages were built for another PUBLIC_URL');
      run.child.kill('SIGTERM');
      expect(await run.exit).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 90_000);
});
