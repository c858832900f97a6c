/**
 * GET /metrics in Prometheus's text format (docs/decisions/observability.md), for a scraper that
 * holds METRICS_TOKEN. The job, lead and surge figures are read from the database at each scrape
 * (job-figures.ts); request counts and durations and the process figures are this copy's own.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { jobKinds, readJobFigures, readLeadFigures, readMailAges } from './job-figures.ts';

/** The surge state as the metrics need it (server/oncall/surge/surge.ts gives it). */
export interface SurgeReading {
  current(): Promise<{ mode: string; expectedCallbackMinutes: number }>;
}

export interface MetricsDeps {
  db: Db;
  /** Bearer token; null: the route answers 404, as if it did not exist. */
  token: string | null;
  surge: SurgeReading;
}

/** Requests that matched no route share one label: a raw URL would carry tokens (/sag/<token>). */
export const unmatchedRoute = 'unmatched';

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests by route pattern, method and status class, and how long they took.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    requests.observe(
      {
        route: request.routeOptions.url ?? unmatchedRoute,
        method: request.method,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers: [registry] });
  const pending = gauge('skadeservice_jobs_pending', 'Pending jobs per kind (capped at 10,000).', ['kind']);
  const failed = gauge('skadeservice_jobs_failed', 'Failed or failing jobs per kind (capped at 10,000).', [
    'kind',
  ]);
  const oldest = gauge(
    'skadeservice_jobs_oldest_due_seconds',
    'Seconds since the oldest pending job of the kind became due; 0 when none is due.',
    ['kind'],
  );
  const mailOldest = gauge(
    'skadeservice_mail_oldest_due_seconds',
    'Seconds since the oldest pending e-mail of the mail kind became due (only kinds with one due).',
    ['mail_kind'],
  );
  const leadsStored = gauge('skadeservice_leads_stored', 'Leads stored now, per kind.', ['kind']);
  const leadsLastHour = gauge('skadeservice_leads_last_hour', 'Leads received in the last hour, per kind.', [
    'kind',
  ]);
  const surgeMode = gauge('skadeservice_surge_mode', '1 for the surge mode the site is in now.', ['mode']);
  const callback = gauge(
    'skadeservice_expected_callback_minutes',
    'The callback time the site promises now.',
  );

  async function readDatabaseFigures(): Promise<void> {
    const [jobs, mail, leads, surge] = await Promise.all([
      readJobFigures(deps.db),
      readMailAges(deps.db),
      readLeadFigures(deps.db),
      deps.surge.current(),
    ]);
    for (const row of jobs) {
      pending.set({ kind: row.kind }, row.pending);
      failed.set({ kind: row.kind }, row.failed);
      oldest.set({ kind: row.kind }, row.oldestDueSeconds);
    }
    // Kinds and modes that vanished since the last scrape must not linger with old values.
    mailOldest.reset();
    for (const row of mail) mailOldest.set({ mail_kind: row.mailKind }, row.oldestDueSeconds);
    leadsStored.reset();
    leadsLastHour.reset();
    for (const row of leads) {
      leadsStored.set({ kind: row.kind }, row.stored);
      leadsLastHour.set({ kind: row.kind }, row.lastHour);
    }
    surgeMode.reset();
    surgeMode.set({ mode: surge.mode }, 1);
    callback.set(surge.expectedCallbackMinutes);
  }

  // The figures in Prometheus' text format, or 401 `{ message }` without the bearer token.
  const schema = { response: { 200: z.string(), 401: z.object({ message: z.string() }) } };
  app.get('/metrics', { schema }, async (request, reply) => {
    // Not set up: the route answers like any unknown URL.
    if (!deps.token) return reply.callNotFound();
    if (!bearerMatches(request, deps.token)) {
      return reply.status(401).header('WWW-Authenticate', 'Bearer').send({ message: 'Adgang nægtet' });
    }
    await readDatabaseFigures();
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** Compared as digests, so neither the length nor the first wrong byte shows in the time taken. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** The job kinds reported, for tests and the alert file. */
export const reportedJobKinds = Object.keys(jobKinds);
