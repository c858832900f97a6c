/**
 * createTestApp: the real app (buildApp) on a temp DATA_DIR and a fresh database of the chosen
 * kind, for app.inject() tests. Close it in afterAll (closes the DB and removes the temp dir).
 *
 *   const t = await createTestApp({ database: target, env: { MAIL_TO: 'x@example.dk' } });
 *   const res = await t.app.inject({ method: 'GET', url: '/healthz' });
 *   await t.close();
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps, type BuildAppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createTestDatabaseLocation, type DatabaseKind, type TestDatabaseTarget } from './databases.ts';

export interface TestAppOptions {
  /** Which engine (a target from describeEachDatabase, or its kind); default PGlite. */
  database?: TestDatabaseTarget | DatabaseKind;
  /** Extra environment variables for loadConfig (DATA_DIR, DATABASE_URL are set for you). */
  env?: Record<string, string>;
  /** Last-minute changes to the loaded config. */
  config?: (config: Config) => Config;
  /** Built pages to serve; default: none (API only). */
  clientDir?: string;
  /** Dependencies to replace (e.g. a fake mail transport). */
  deps?: Partial<AppDeps>;
  /** Mail options, e.g. `{ startWorker: false, pdfDir }` to drive the worker by hand. */
  mail?: BuildAppOptions['mail'];
  /** On-call options, e.g. `{ startWorker: false, clock }` (a fake SMS transport: `deps: { sms }`). */
  oncall?: BuildAppOptions['oncall'];
  /** Message SMS options, e.g. `{ startWorker: false, clock }`. */
  messages?: BuildAppOptions['messages'];
  /**
   * Registered before the app is readied, e.g. a test-only route. Receives the app and its deps.
   */
  setup?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Readonly<Config>;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_SIGNING_SECRET = 'test-signing-secret-0123456789abcdef';

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const kind = typeof options.database === 'object' ? options.database.kind : (options.database ?? 'pglite');
  const location = await createTestDatabaseLocation(kind);
  const loaded = loadConfig({
    LOG_LEVEL: 'silent',
    SIGNING_SECRET: TEST_SIGNING_SECRET,
    // Tests never reach the live address service; a test that needs suggestions sets a local fake.
    ADDRESS_API_KIND: 'off',
    CLIENT_DIR: options.clientDir ?? join(location.dataDir, 'no-client-build'),
    ...options.env,
    DATA_DIR: location.dataDir,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  });
  const config = Object.freeze(options.config ? options.config({ ...loaded }) : loaded);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(config, {
      deps: options.deps,
      mail: options.mail,
      oncall: options.oncall,
      messages: options.messages,
    });
    await options.setup?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => {});
    await location.cleanup();
    throw error;
  }
  const ready = app;
  return {
    app: ready,
    config,
    dataDir: location.dataDir,
    close: async () => {
      await ready.close();
      await location.cleanup();
    },
  };
}
