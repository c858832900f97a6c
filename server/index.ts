/**
 * Starts the server: configuration, app, listen; graceful shutdown on SIGTERM/SIGINT
 * (stop accepting, finish in-flight requests, close the database; forced exit after 10 s).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { makeOwnerOnly, setOwnerOnlyUmask, type OwnerOnlyResult } from './db/owner-only.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

const SHUTDOWN_TIMEOUT_MS = 10_000;

// Before anything is written: DATA_DIR, the database files and the mail and SMS copies are the
// owner's only (server/db/owner-only.ts).
setOwnerOnlyUmask();

let config: Readonly<Config>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Invalid configuration:\n${error.problems.map((line) => `  ${line}`).join('\n')}\n`);
    process.exit(1);
  }
  // DATA_DIR not writable by this user (a root-owned mount, another UID): one line, no stack trace.
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    const dataDir = process.env.DATA_DIR?.trim() || './data';
    process.stderr.write(
      `DATA_DIR ${dataDir} is not writable by uid ${process.getuid?.() ?? '?'} gid ${process.getgid?.() ?? '?'} (${code}): give this user (or group 0) write access to it, or set SIGNING_SECRET, DATABASE_URL and the other settings that keep files there elsewhere.\n`,
    );
    process.exit(1);
  }
  throw error;
}

// What was written before (by an older version, or under another umask) is made owner-only too.
let ownerOnly: OwnerOnlyResult;
try {
  ownerOnly = makeOwnerOnly(config.dataDir);
} catch (error) {
  process.stderr.write(
    `Could not make DATA_DIR owner-only: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}

let app: FastifyInstance | undefined;
let shuttingDown = false;

async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const timer = setTimeout(() => {
    process.stderr.write('shutdown took longer than 10 s: exiting\n');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  // Still starting: the startup code below closes the app as soon as it exists.
  if (!app) return;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    await app.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
// Registered before the (possibly slow) start, so an early signal still closes the database.
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  // A person at a terminal reads lines; a host collecting stdout gets JSON, one object a line.
  const forPeople = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  app = await buildApp(config, {
    logger: forPeople
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel },
  });
} catch (error) {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
app.log[ownerOnly.refused > 0 ? 'warn' : 'info'](
  { dataDir: config.dataDir, ...ownerOnly },
  `DATA_DIR is owner-only: ${ownerOnly.changed} files and folders were readable by others and are no longer` +
    (ownerOnly.refused > 0 ? `; ${ownerOnly.refused} belong to another user and could not be changed` : ''),
);
if (shuttingDown) {
  await app.close();
  process.exit(0);
}

try {
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const local = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  app.log.info(`site ready at ${local} (public URL ${config.publicUrl}, database ${app.deps.database.kind})`);
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await app.close().catch(() => {});
  process.exit(1);
}
