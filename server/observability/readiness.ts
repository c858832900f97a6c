/**
 * GET /readyz: this copy can do its whole job, so a load balancer or HEALTHCHECK may send it
 * traffic: the database answers, every migration this copy ships is applied, and its workers run.
 * GET /healthz (server/app.ts) stays liveness: the process answers and reaches its database.
 */
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsFolder, type Db } from '../db/client.ts';

export interface ReadinessDeps {
  db: Db;
  /** Each worker of this copy by name, and whether its loop runs now. */
  workers: Record<string, () => boolean>;
  /** The PUBLIC_URL the pages were built for, when it differs from this copy's (build-info.json). */
  builtForOtherUrl?: string;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/** drizzle records each applied migration with its journal entry's "when" as created_at. */
async function missingMigrations(db: Db, journal: readonly number[]): Promise<number> {
  const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { created_at: unknown }[];
  };
  const applied = new Set(result.rows.map((row) => Number(row.created_at)));
  return journal.filter((when) => !applied.has(when)).length;
}

export async function checkReadiness(deps: ReadinessDeps, journal: readonly number[]): Promise<Readiness> {
  let missing: number;
  try {
    missing = await missingMigrations(deps.db, journal);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  if (missing > 0) return { ready: false, reason: `${missing} migration(s) not applied` };
  // Canonical links, sitemap and signed page links would name another site: not one to serve.
  if (deps.builtForOtherUrl)
    return { ready: false, reason: `pages built for ${deps.builtForOtherUrl}, not this PUBLIC_URL` };
  const stopped = Object.entries(deps.workers)
    .filter(([, running]) => !running())
    .map(([name]) => name);
  if (stopped.length > 0) return { ready: false, reason: `workers not running: ${stopped.join(', ')}` };
  return { ready: true };
}

export function registerReadiness(app: FastifyInstance, deps: ReadinessDeps): void {
  // The journal this copy was built with; read once, it does not change while the process runs.
  const journal = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const schema = {
    response: {
      200: z.object({ status: z.literal('ready') }),
      // Or the error handler's `{ message }` (server/plugins/errors.ts) while the server closes.
      503: z.union([
        z.object({ status: z.literal('unavailable'), reason: z.string() }),
        z.object({ message: z.string() }),
      ]),
    },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/readyz', { schema }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const readiness = await checkReadiness(deps, journal);
    if (readiness.ready) return { status: 'ready' as const };
    return reply.status(503).send({ status: 'unavailable', reason: readiness.reason });
  });
}
