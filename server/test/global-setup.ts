/**
 * Vitest global setup (node project): starts one throwaway PostgreSQL cluster for the whole run
 * and hands its URL to the tests as `inject('postgresBaseUrl')`. Without PostgreSQL the
 * PostgreSQL variants skip with a warning — except on CI (CI=true), where the run must fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `postgres://postgres@127.0.0.1:<port>`, or null when PostgreSQL could not start. */
    postgresBaseUrl: string | null;
    /**
     * A migrated, closed PGlite data directory. Creating PGlite from scratch runs initdb in
     * WebAssembly (seconds); tests copy this instead (databases.ts).
     */
    pgliteTemplateDir: string | null;
  }
}

let cluster: PostgresCluster | undefined;
let templateRoot: string | undefined;

async function createPgliteTemplate(): Promise<string> {
  templateRoot = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const database = await createDatabase({ dataDir: templateRoot });
  await database.close();
  return join(templateRoot, 'db');
}

export async function setup(project: TestProject) {
  // Both start together; PGlite's initdb in WebAssembly takes seconds.
  const template = createPgliteTemplate().catch((error: unknown) => {
    console.warn(`PGlite template could not be made (tests create PGlite from scratch): ${String(error)}`);
    return null;
  });
  try {
    cluster = await startPostgresCluster();
    project.provide('postgresBaseUrl', cluster.baseUrl);
  } catch (error) {
    if (process.env.CI === 'true') {
      await template;
      if (templateRoot) rmSync(templateRoot, { recursive: true, force: true });
      throw new Error(`PostgreSQL could not be started for the database tests (CI=true): ${String(error)}`, {
        cause: error,
      });
    }
    console.warn(
      `\n⚠ PostgreSQL could not be started; the [PostgreSQL] test variants are SKIPPED.\n  ${String(error)}\n`,
    );
    project.provide('postgresBaseUrl', null);
  }
  project.provide('pgliteTemplateDir', await template);
}

export async function teardown() {
  await cluster?.stop();
  cluster = undefined;
  if (templateRoot) rmSync(templateRoot, { recursive: true, force: true });
}
