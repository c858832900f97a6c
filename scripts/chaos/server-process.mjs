/**
 * The server as its own process, for tests that kill it (npm run chaos, the several-copies test):
 * server/index.ts bundled with esbuild as the build does (so no `npm run build` is needed) into a
 * folder of its own, started on 127.0.0.1, and stopped by its PID only: SIGTERM for a graceful
 * stop, SIGKILL for a crash.
 */
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildResourcePdfs } from '../build-pdfs.mjs';
import { bundleForNode, freePort } from '../node-tools.mjs';

export { freePort };

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Makes `appDir` a self-contained copy of what the running server reads: its bundle
 * (dist/server.mjs), package.json (the server finds its root by it), the migrations, the resource
 * PDFs (built here, so neither `npm run build` nor the repository's build folder is needed) and
 * node_modules as a link to the repository's. Also bundles the TypeScript helpers the chaos script
 * imports. Returns the paths.
 *
 * @param {string} appDir
 */
export async function prepareServerApp(appDir) {
  mkdirSync(join(appDir, 'dist'), { recursive: true });
  writeFileSync(join(appDir, 'package.json'), '{ "private": true, "type": "module" }\n');
  if (!existsSync(join(appDir, 'node_modules')))
    symlinkSync(join(root, 'node_modules'), join(appDir, 'node_modules'), 'dir');
  cpSync(join(root, 'server', 'db', 'migrations'), join(appDir, 'server', 'db', 'migrations'), {
    recursive: true,
  });
  await buildResourcePdfs({ outDir: join(appDir, 'build', 'resources') });

  const entries = {
    server: join(root, 'server', 'index.ts'),
    postgresCluster: join(root, 'server', 'test', 'postgres-cluster.ts'),
    leadBodies: join(root, 'server', 'test', 'lead-bodies.ts'),
  };
  const paths = /** @type {Record<keyof typeof entries, string>} */ ({});
  await Promise.all(
    Object.entries(entries).map(async ([name, entry]) => {
      const outfile = join(appDir, 'dist', `${name}.mjs`);
      await bundleForNode(entry, outfile);
      paths[/** @type {keyof typeof entries} */ (name)] = outfile;
    }),
  );
  return paths;
}

/**
 * Starts the bundled server with `env` (PATH and HOME are passed on; HOST is 127.0.0.1).
 * Its output goes to `logFile` (appended). `ready` resolves with the milliseconds until
 * GET /healthz answered 200, or rejects when the process exits first or after `readyTimeoutMs`.
 *
 * @param {{ bundle: string; port: number; env: Record<string, string>; logFile: string; readyTimeoutMs?: number }} options
 */
export function startServerProcess({ bundle, port, env, logFile, readyTimeoutMs = 60_000 }) {
  const started = Date.now();
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, [bundle], {
    cwd: dirname(dirname(bundle)),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  /** @type {Promise<{ code: number | null; signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      // Let the pipes drain before closing the log.
      setTimeout(() => log.end(), 50);
      resolveExit({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));

  const ready = (async () => {
    while (Date.now() - started < readyTimeoutMs) {
      if (exitedEarly) throw new Error(`server exited before it was ready (see ${logFile})`);
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolveWait) => setTimeout(resolveWait, 25));
    }
    throw new Error(`server not ready within ${readyTimeoutMs} ms (see ${logFile})`);
  })();
  // A caller that kills the process during start-up may never look at `ready`.
  ready.catch(() => {});

  return {
    pid: /** @type {number} */ (child.pid),
    url,
    ready,
    exited,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    /** kill -9: no shutdown code runs. Resolves once the process is gone. */
    async crash() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    /** Graceful stop (SIGTERM), then SIGKILL after `graceMs`. */
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}
