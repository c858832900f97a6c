/**
 * What a chaos run starts before its first cycle: the server app and the test helpers (bundled),
 * the SMTP sink, the fake SMS gateway (--on-call), a throwaway PostgreSQL cluster (--postgres), a
 * database client for the jobs a killed process held, a port, and the server's environment. Each
 * goes into `started` as soon as it runs, so that a failure or Ctrl-C still stops it.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { gatewayEnv, startFakeGateway } from '../oncall-rig.mjs';
import { setUpRota } from './oncall-run.mjs';
import { metricsToken } from './pending-work.mjs';
import { escalateSeconds, MAIL_TO, PUBLIC_HOST } from './run-settings.mjs';
import { freePort, prepareServerApp, startServerProcess } from './server-process.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

/**
 * @param {{ work: string, dataDir: string, logFile: string, usePostgres: boolean, onCall: boolean, started: Record<string, unknown> }} options
 */
export async function startRunServices({ work, dataDir, logFile, usePostgres, onCall, started }) {
  const bundles = await prepareServerApp(join(work, 'app'));
  const leadBodies = await import(pathToFileURL(bundles.leadBodies).href);
  const smtp = await startSmtpSink();
  started.smtp = smtp;
  /** @type {import('../../server/test/fake-sms.ts').FakeSmsProvider | undefined} */
  let gateway;
  if (onCall) {
    gateway = await startFakeGateway(work);
    started.gateway = gateway;
  }

  /** @type {{ stop(): Promise<void> } | undefined} */
  let cluster;
  let databaseUrl = process.env.DATABASE_URL;
  if (usePostgres && !databaseUrl) {
    const { startPostgresCluster } = await import(pathToFileURL(bundles.postgresCluster).href);
    // PostgreSQL's default durability (fsync on), as on a real server.
    cluster = await startPostgresCluster({ durable: true });
    started.cluster = cluster;
    const admin = new pg.Client({ connectionString: `${cluster.baseUrl}/postgres` });
    await admin.connect();
    await admin.query('create database chaos');
    await admin.end();
    databaseUrl = `${cluster.baseUrl}/chaos`;
  }

  /**
   * Asks the database which jobs a process just killed had claimed (PostgreSQL only, see
   * noteHeldJobs in database-checks.mjs).
   */
  let heldClient;
  if (databaseUrl) {
    heldClient = new pg.Client({ connectionString: databaseUrl });
    await heldClient.connect();
    started.heldClient = heldClient;
  }

  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    MAIL_TO,
    MAIL_FROM: `"Chaos" <no-reply@${PUBLIC_HOST}>`,
    PUBLIC_URL: `http://${PUBLIC_HOST}`,
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
    // Every receipt at once: the hourly cap on visitor e-mail is not under test here.
    RECEIPT_MAIL_MAX_PER_HOUR: '100000',
    SPAM_CHECKS: 'off',
    SIGNING_SECRET: 'chaos-signing-secret-0123456789abcdef',
    CLIENT_DIR: join(work, 'no-pages'),
    LOG_LEVEL: 'warn',
    ADDRESS_API_KIND: 'off',
    // GET /metrics tells the drain when nothing is left to do (scripts/chaos/pending-work.mjs).
    METRICS_TOKEN: metricsToken,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(gateway ? gatewayEnv(gateway, escalateSeconds) : {}),
  };
  if (onCall) {
    // The server migrates the database at its first start; the rota goes in before any lead.
    const first = startServerProcess({ bundle: bundles.server, port: await freePort(), env, logFile });
    started.server = first;
    await first.ready;
    await first.stop();
    await setUpRota({ dataDir, databaseUrl });
  }

  return { bundles, leadBodies, smtp, gateway, cluster, databaseUrl, heldClient, port, env };
}
