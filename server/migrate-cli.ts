/**
 * `npm run migrate`: applies the migrations this version ships with DATABASE_URL's role, then exits.
 * A deployment whose site connects as a least-privilege role (no right to change the schema) runs
 * this first as the owner role (compose.yaml's `migrate` job); the site then finds every migration
 * applied and leaves the schema alone (server/db/client.ts). Exit 1 with one line when it fails.
 */
import { createDatabase } from './db/client.ts';
import { ConfigError, loadConfig } from './config.ts';

try {
  const config = loadConfig(process.env);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lock: { what: 'npm run migrate', waitMs: 0 },
  });
  await database.close();
  process.stdout.write(`Databasen er opdateret (${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}).\n`);
} catch (error) {
  const message = error instanceof ConfigError ? error.problems.join('\n') : (error as Error).message;
  process.stderr.write(`Migreringen mislykkedes: ${message}\n`);
  process.exitCode = 1;
}
