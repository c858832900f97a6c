import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const serverEntry = path.join(repoRoot, 'dist/server/index.js');
export const clientDir = path.join(repoRoot, 'build/client');

export interface BuiltServer {
  /** Origin of the running server, e.g. http://127.0.0.1:41234 (also its PUBLIC_URL). */
  readonly url: string;
  readonly port: number;
  /** The temporary DATA_DIR (database, objects, mail files), removed on stop. */
  readonly dataDir: string;
  readonly pid: number;
  /** Everything the server printed so far (stdout and stderr interleaved). */
  logs(): string;
  /** SIGTERM, then SIGKILL after 10 s; removes the DATA_DIR unless keepDataDir. */
  stop(options?: { keepDataDir?: boolean }): Promise<void>;
}

export interface StartBuiltServerOptions {
  /** Extra or overriding environment variables (undefined removes one). */
  env?: Record<string, string | undefined>;
  /** Use this DATA_DIR instead of a fresh temporary one (it is then never removed). */
  dataDir?: string;
  /** Milliseconds to wait for /healthz; default 120 000. */
  startTimeout?: number;
}

// Variables that would make the server under test talk to something other than what the test set
// up (a developer's shell may have them set).
const inheritedVariablesToDrop = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'PUBLIC_URL',
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_TO',
  'ADDRESS_API_KIND',
  'ADDRESS_API_URL',
  'ADDRESS_API_TOKEN',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

export function assertBuilt(): void {
  const missing = [serverEntry, path.join(clientDir, 'index.html')].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The built site is missing (${missing.map((file) => path.relative(repoRoot, file)).join(', ')}). ` +
        'Run `npm run build` first (`npm test` does it for you).',
    );
  }
}

/** Starts `node dist/server/index.js` on 127.0.0.1 and a free port, and waits for GET /healthz → 200. */
export async function startBuiltServer(options: StartBuiltServerOptions = {}): Promise<BuiltServer> {
  assertBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'e2e-data-')));

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !inheritedVariablesToDrop.includes(key)) env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Never the live address service; the fixtures point ADDRESS_API_URL at a local fake.
    ADDRESS_API_KIND: 'off',
    // The journeys follow the links of the SMS the server writes to DATA_DIR/sms (no SMS
    // provider), as a person follows them on a phone; a production server writes `[skjult]`.
    FILE_COPIES_KEEP_LINKS: 'true',
  });
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }

  let output = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const echo = process.env.E2E_SERVER_LOG === '1';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    // Keep memory bounded in long runs; the tail is what explains a failure.
    if (output.length > 200_000) output = output.slice(-100_000);
    if (echo) process.stderr.write(`[server ${port}] ${text}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async ({ keepDataDir = false } = {}) => {
    if (!hasExited && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!hasExited) child.kill('SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDataDir && !keepDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.startTimeout ?? 120_000);
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`The server exited before it was healthy. Its output:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer GET /healthz with 200 in time. Its output:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    dataDir,
    pid: child.pid ?? -1,
    logs: () => output,
    stop,
  };
}
