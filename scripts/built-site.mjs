/**
 * The built site for the measuring scripts (Lighthouse, JavaScript size): its prerendered pages,
 * and the built server started on 127.0.0.1 with a temporary DATA_DIR and embedded defaults.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './node-tools.mjs';

export const root = path.resolve(import.meta.dirname, '..');
export const clientDir = path.join(root, 'build/client');
const serverEntry = path.join(root, 'dist/server/index.js');

/** Every prerendered page (build/client/**\/index.html), internal ones (`__…`) left out. */
export function prerenderedPaths() {
  const found = [];
  const walk = (dir, segments) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith('__') || (segments.length === 0 && entry.name === 'assets')) continue;
        walk(path.join(dir, entry.name), [...segments, entry.name]);
      } else if (entry.name === 'index.html') found.push(`/${segments.join('/')}`);
    }
  };
  walk(clientDir, []);
  return found.sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
}

/**
 * Starts the built server; resolves once /healthz answers, with its origin, its DATA_DIR, a stop()
 * and output() (what it has written to stdout and stderr so far).
 * `prepare(dataDir)`, when given, runs first (e.g. `npm run staff -- add`: the embedded database
 * opens in one process at a time). `logLevel` is its LOG_LEVEL (`info` logs every request).
 * `keepLinksInFiles` sets FILE_COPIES_KEEP_LINKS (on unless false: what a production server
 * writes is checked with it off).
 */
export async function startBuiltServer(
  dataDirPrefix,
  { prepare, logLevel = 'warn', keepLinksInFiles = true } = {},
) {
  if (!existsSync(serverEntry) || !existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error('The built site is missing: run `npm run build` first.');
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), dataDirPrefix));
  if (prepare) {
    try {
      await prepare(dataDir);
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
  };
  Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: logLevel, ADDRESS_API_KIND: 'off' });
  // The attacks and the measurements follow the links of the mails and SMS the server writes to
  // DATA_DIR (no SMTP or SMS provider here); a production server writes `[skjult]` in their place.
  if (keepLinksInFiles) env.FILE_COPIES_KEEP_LINKS = 'true';
  // Embedded defaults only: measuring must not touch a real database or mail server.
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'S3_ENDPOINT', 'S3_BUCKET']) delete env[key];
  const child = spawn(process.execPath, [serverEntry], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', () => resolve((exited = true))));
  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`The server exited while starting:\n${output}`);
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, dataDir, stop, output: () => output };
}
