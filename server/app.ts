/**
 * buildApp(config): the whole HTTP server without listening (tests use app.inject()).
 *
 * HOW TO ADD A FEATURE
 *  1. Dependencies: add a field to `AppDeps` below and create it in the marked block of
 *     buildApp (close it with `app.addHook('onClose', …)` if it holds resources). Tests may
 *     replace any dependency through `options.deps`.
 *  2. Routes: write a Fastify plugin `(app, deps: AppDeps) => …` in the feature's folder
 *     (server/<feature>/routes.ts; docs/decisions/server-layout.md says which folder may import
 *     which) and register it with ONE line in the marked block: `await app.register(leadRoutes, deps);`
 *     Every route declares zod schemas for what it takes and answers (params, querystring,
 *     body, response; fastify-type-provider-zod is set up here): use
 *     `app.withTypeProvider<ZodTypeProvider>()` in the plugin; pages, files and plain forms use
 *     server/plugins/edge-schemas.ts (its one URL-encoded parser too). server/route-schemas.test.ts
 *     fails on a route without them.
 *  3. Rate limit: opt in per route with `config: { rateLimit: { max: 10, timeWindow: '1 minute' } }`
 *     (server/plugins/rate-limit.ts). Body size: default 1 MiB; raise per route with `bodyLimit`.
 *  4. Errors: throw a refusal with a code and a Danish message: a feature's own class in its
 *     errors.ts, or `HttpError(code, danishMessage, errors?)` (server/plugins/errors.ts) from a
 *     route; server/plugins/error-codes.ts is the one table of codes and their statuses. zod
 *     validation failures become 400 `{ message, errors }` automatically.
 *     POST bodies on /api/* must be application/json (415 otherwise).
 *  5. Background work: write its rows in the request's transaction (an e-mail with `enqueueMail`,
 *     server/mail/outbox.ts; another feature's job with `deps.jobs.enqueue`, server/queue/jobs.ts):
 *     the write wakes the worker after the commit. A periodic job is one more entry in the list
 *     given to createPeriodicJobs below. An e-mail kind (`mailKind`, server/mail/compose.ts) is
 *     registered in server/mail-composers.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import {
  createDatabase,
  isDatabaseReachable,
  type Database,
  type Db,
  type DbOrTx,
  type SqlClient,
} from './db/client.ts';
import { httpServerOptions } from './http-timeouts.ts';
import {
  errorBodySchema,
  isApiPath,
  registerErrorHandling,
  registerJsonOnlyApi,
  sendJsonNotFound,
} from './plugins/errors.ts';
import { requestLogSerializers } from './plugins/log-redaction.ts';
import { badUrlAnswer } from './plugins/bad-url.ts';
import { fastifyTrustProxy } from './plugins/trust-proxy.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticPages, type StaticPages } from './static/routes.ts';
import { loadStaticSite } from './static/site.ts';
import { createAddressService, type AddressService } from './address/address-service.ts';
import { createAddressProvider } from './address/create-provider.ts';
import { uploadPurgeJob } from './uploads/purge.ts';
import { retentionJob } from './privacy/retention.ts';
import { spamDigestJob } from './leads/spam-digest.ts';
import { firstResponseBackfillJob } from './leads/first-response.ts';
import { createJobQueue, wakeOnCommit, type JobQueue } from './queue/jobs.ts';
import { createPeriodicJobs } from './queue/periodic.ts';
import { runWithApp } from './queue/worker-loop.ts';
import { registerMetrics } from './observability/metrics.ts';
import { registerReadiness } from './observability/readiness.ts';
import { addressRoutes } from './address/routes.ts';
import { objectRoutes } from './uploads/routes.ts';
import { createObjectStore } from './storage/create-store.ts';
import {
  createMailService,
  lazyStorage,
  type MailService,
  type MailServiceOptions,
} from './mail/mail-service.ts';
import { mailComposers } from './mail-composers.ts';
import { leadRoutes } from './leads/routes.ts';
import { formPostRoutes } from './forms/routes.ts';
import { createFormPages, loadFormRenderer } from './forms/form-pages.ts';
import { plainFormPageHooks } from './forms/page-hooks.ts';
import {
  createOncallService,
  writePage,
  type OncallService,
  type OncallServiceOptions,
} from './oncall/paging/service.ts';
import { createSmsTransport } from './sms/create-transport.ts';
import { writeCustomerNotice } from './messages/outgoing/customer-notice.ts';
import { customerSmsSettings } from './messages/outgoing/sms-budget.ts';
import type { SmsTransport } from './sms/transport.ts';
import {
  createMessageService,
  type MessageService,
  type MessageServiceOptions,
} from './messages/outgoing/service.ts';
import { inboundMailJob } from './messages/incoming/answer-mailbox.ts';
import { forwardedAnswersPurgeJob } from './messages/incoming/answer-store.ts';
import { incomingSmsRoutes } from './messages/incoming/answer-sms-routes.ts';
import { weeklyFiguresJob } from './oncall/figures/figures-mail.ts';
import { heartbeatJob } from './oncall/paging/heartbeat.ts';
import { smsAccountJob } from './oncall/paging/sms-account.ts';
import { testPageJob } from './oncall/paging/test-page.ts';
import { rotaGapJob } from './oncall/rota/rota-gaps.ts';
import { reportReminderJob } from './casework/clocks/report-reminder.ts';
import { oncallAckRoutes } from './oncall/phone-pages/ack-routes.ts';
import { oncallQueueRoutes } from './oncall/phone-pages/queue-routes.ts';
import { oncallShortLinkRoutes } from './oncall/phone-pages/short-link-routes.ts';
import { shortLinkPurgeJob } from './oncall/paging/short-link.ts';
import { deliveryReportRoutes } from './oncall/paging/delivery-routes.ts';
import { createSurgeService, type SurgeService } from './oncall/surge/surge.ts';
import { surgeRoutes } from './oncall/surge-routes.ts';
import { withSurgeNotice } from './oncall/surge/surge-notice.ts';
import { createClaimsService, type ClaimsService } from './claims/claims.ts';
import { claimsRoutes, withClaimedFigures } from './claims/routes.ts';
import { criticalCallbackNow } from './oncall/surge/critical-wait.ts';
import { casePageRoutes } from './case/routes.ts';
import { adjusterPageRoutes } from './casework/adjuster/page-routes.ts';
import { staffRoutes } from './staff-routes.ts';
import { insurerApiRoutes } from './insurer-api/routes.ts';
import { idempotencyPurgeJob } from './insurer-api/idempotency.ts';
import { apiV1Prefix } from '../domain/insurer-api.ts';
import type { AnyObjectStore } from './storage/object-store.ts';

const unavailable = z.object({ status: z.literal('unavailable') });

// Default zod messages (for rules a schema gives no message of its own) in Danish.
z.config(z.locales.da());

/** Everything services and routes need, created once per app. */
export interface AppDeps {
  config: Readonly<Config>;
  /** Drizzle database (PGlite or PostgreSQL); `db.transaction(async (tx) => …)` works on both. */
  db: Db;
  /** The same database without drizzle, for hand-written statements on hot paths (Database.sql). */
  sql: SqlClient;
  /** 'pglite' | 'postgres' and close(); closed by the app's onClose. */
  database: Database;
  /** Uploaded images: local disk or S3 (server/storage). */
  storage: AnyObjectStore;
  /** Address suggestions for GET /api/address (server/address). */
  address: AddressService;
  /** Outgoing e-mail: SMTP or .eml transport plus the outbox worker (server/mail). */
  mail: MailService;
  /** The SMS provider's transport, or text files without one (server/sms/create-transport.ts). */
  sms: SmsTransport;
  /** On-call paging: the paging worker (server/oncall). */
  oncall: OncallService;
  /** Named jobs (server/queue/jobs.ts): features wake each other's workers through it. */
  jobs: JobQueue;
  /** Surge mode (server/oncall/surge/surge.ts): the callback time promised now, kept a few seconds. */
  surge: SurgeService;
  /** Messages to customers: the SMS worker (server/messages); e-mails go through the outbox. */
  messages: MessageService;
  /** The figures the pages claim (server/claims), counted at most once an hour. */
  claims: ClaimsService;
  // A new dependency: one field here, one line where buildApp creates `deps`.
}

export interface BuildAppOptions {
  /** Fastify logger option; default: pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** Replace dependencies (tests): e.g. `{ database }` to reuse an open database. */
  deps?: Partial<AppDeps>;
  /** Mail options (tests: `{ startWorker: false, pdfDir, transport }`; see server/mail/mail-service.ts). */
  mail?: MailServiceOptions;
  /** On-call options (tests: `{ startWorker: false, clock }`; see server/oncall/paging/service.ts). */
  oncall?: OncallServiceOptions;
  /** Message SMS options (tests: `{ startWorker: false, clock }`; see server/messages/outgoing/service.ts). */
  messages?: MessageServiceOptions;
  /** Told of each route as it is registered (a test checks that every route declares its schemas). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(
  config: Readonly<Config>,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedUrls(options.logger ?? { level: config.logLevel }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A URL the router cannot decode gets our Danish 400, not Fastify's English JSON echoing it.
    frameworkErrors: badUrlAnswer(config),
    bodyLimit: 1024 * 1024,
    // Slow and idle clients (slowloris, stalled uploads, idle keep-alive): server/http-timeouts.ts.
    ...httpServerOptions(),
    // Keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  // During a graceful close, answers to requests still in flight end their keep-alive
  // connection, so close() does not wait for the client's idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.deps?.database ??
    (await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Registered first, so it runs after feature owners' onClose hooks (workers stop before the DB).
  app.addHook('onClose', async () => {
    await database.close();
  });

  try {
    // ── Dependencies: feature owners add one line each here. ──────────────────────────────
    const jobs = options.deps?.jobs ?? createJobQueue();
    // One transport for on-call pages and customer messages.
    const sms = options.deps?.sms ?? createSmsTransport(config, app.log);
    const deps: AppDeps = {
      config,
      db: database.db,
      sql: database.sql,
      database,
      storage: createObjectStore(config),
      address: createAddressService({ provider: createAddressProvider(config.address), log: app.log }),
      mail:
        options.deps?.mail ??
        createMailService(
          {
            config,
            db: database.db,
            storage: lazyStorage(() => deps.storage),
            composers: mailComposers,
            log: app.log,
          },
          options.mail,
        ),
      oncall:
        options.deps?.oncall ??
        createOncallService({ config, db: database.db, sms, log: app.log }, options.oncall),
      jobs,
      sms,
      surge:
        options.deps?.surge ??
        createSurgeService({
          db: database.db,
          handlingMinutes: config.surge.handlingMinutes,
          clock: () => deps.oncall.clock(),
        }),
      messages:
        options.deps?.messages ??
        createMessageService(
          { config, db: database.db, sms: () => deps.sms, log: app.log },
          options.messages,
        ),
      claims: createClaimsService({
        db: database.db,
        baseline: config.claimsBaseline,
        clock: () => deps.oncall.clock(),
        log: app.log,
      }),
      ...options.deps,
    };
    // The lead service promises what the on-call feature computes (leads may not import oncall).
    const callbackPromise = () => deps.surge.callbackPromise();
    const criticalCallback = (tx: DbOrTx) =>
      criticalCallbackNow({ handlingMinutes: config.surge.handlingMinutes, now: deps.oncall.clock() }, tx);
    app.decorate('deps', deps);
    // Each named job's owner runs its worker: the outbox sends mail, the on-call feature pages.
    jobs.register('mail', deps.mail);
    jobs.register('oncall.page', deps.oncall);
    jobs.register('oncall.sms', deps.oncall);
    jobs.register('messages.sms', deps.messages);
    jobs.define('oncall.page', writePage);
    const customerSms = customerSmsSettings(config);
    jobs.define('messages.sms', (tx, payload) => writeCustomerNotice(tx, payload, customerSms));
    // A job written through the app's database wakes these workers once it is committed.
    const stopWaking = wakeOnCommit(database.db, jobs);
    app.addHook('onClose', async () => {
      stopWaking();
    });

    registerSecurityHeaders(app, config);
    registerErrorHandling(app);
    registerJsonOnlyApi(app);
    await registerRateLimit(app);
    registerMetrics(app, { db: deps.db, token: config.metricsToken, surge: deps.surge });

    const healthSchema = {
      response: { 200: z.object({ status: z.literal('ok') }), 503: z.union([unavailable, errorBodySchema]) },
    };
    app
      .withTypeProvider<ZodTypeProvider>()
      .get('/healthz', { schema: healthSchema }, async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (await isDatabaseReachable(deps.db)) return { status: 'ok' as const };
        return reply.status(503).send({ status: 'unavailable' });
      });

    // ── API routes: feature owners add one line each here, e.g. ───────────────────────────
    //   await app.register(leadRoutes, deps);
    await app.register(objectRoutes, deps);
    await app.register(addressRoutes, deps);
    await app.register(leadRoutes, { ...deps, callbackPromise, criticalCallback });
    await app.register(surgeRoutes, deps);
    await app.register(claimsRoutes, deps);
    await app.register(staffRoutes, deps);
    await app.register(oncallAckRoutes, deps);
    await app.register(oncallQueueRoutes, deps);
    await app.register(oncallShortLinkRoutes, deps);
    await app.register(deliveryReportRoutes, { ...deps, log: app.log });
    await app.register(incomingSmsRoutes, deps);
    await app.register(casePageRoutes, deps);
    await app.register(adjusterPageRoutes, deps);
    await app.register(insurerApiRoutes, { ...deps, callbackPromise, criticalCallback, prefix: apiV1Prefix });

    // ── Workers: each stops (finishing its round) before the database closes. ──────────────
    runWithApp(app, { start: () => deps.mail.start(), stop: () => deps.mail.close() });
    runWithApp(app, { start: () => deps.oncall.start(), stop: () => deps.oncall.close() });
    runWithApp(app, { start: () => deps.messages.start(), stop: () => deps.messages.close() });
    const periodic = createPeriodicJobs(
      { db: deps.db, log: app.log },
      [
        uploadPurgeJob({ db: deps.db, storage: deps.storage, log: app.log }),
        retentionJob({
          db: deps.db,
          storage: deps.storage,
          mailDir: join(config.dataDir, 'mail'),
          smsDir: join(config.dataDir, 'sms'),
          log: app.log,
        }),
        spamDigestJob({ db: deps.db }),
        firstResponseBackfillJob({ db: deps.db }),
        weeklyFiguresJob({ db: deps.db, oncall: deps.oncall }),
        smsAccountJob({
          db: deps.db,
          sms: deps.sms,
          warnBelow: config.sms.creditWarnBelow,
          log: app.log,
        }),
        testPageJob({ db: deps.db }),
        rotaGapJob({ db: deps.db }),
        reportReminderJob({ db: deps.db }),
        ...(config.heartbeatUrl
          ? [heartbeatJob({ db: deps.db, url: config.heartbeatUrl, fetch, log: app.log })]
          : []),
        forwardedAnswersPurgeJob({ db: deps.db }),
        shortLinkPurgeJob({ db: deps.db }),
        idempotencyPurgeJob({ db: deps.db }),
        ...(config.inbound.imapUrl
          ? [
              inboundMailJob(
                {
                  db: deps.db,
                  storage: deps.storage,
                  signingSecret: config.signingSecret,
                  publicUrl: config.publicUrl,
                  clock: () => new Date(),
                  log: app.log,
                },
                { imapUrl: config.inbound.imapUrl, pollSeconds: config.inbound.pollSeconds },
              ),
            ]
          : []),
      ],
      // Without DATABASE_URL the database is this process's own PGlite: no other copy shares it.
      { exclusive: !config.databaseUrl },
    );
    runWithApp(app, periodic);
    const otherPublicUrl = builtForOtherPublicUrl(config);
    registerReadiness(app, {
      builtForOtherUrl: otherPublicUrl,
      db: deps.db,
      workers: {
        mail: () => deps.mail.worker.running(),
        oncall: () => deps.oncall.worker.running(),
        messages: () => deps.messages.worker.running(),
        periodic: periodic.running,
      },
    });

    const site = loadStaticSite(config.clientDir);
    // The plain HTML forms answer with pages rendered from the prerendered ones.
    const renderer = site ? await loadFormRenderer(config.clientDir) : null;
    const formPages = site && renderer ? createFormPages(site, renderer) : null;
    await app.register(formPostRoutes, { ...deps, formPages, callbackPromise, criticalCallback });
    let pages: StaticPages | null = null;
    if (site) {
      pages = registerStaticPages(
        app,
        site,
        config,
        withClaimedFigures(withSurgeNotice(plainFormPageHooks(config, formPages), deps.surge), deps.claims),
      );
      if (otherPublicUrl)
        app.log.warn(
          { builtFor: otherPublicUrl, publicUrl: config.publicUrl },
          'the pages were built for another PUBLIC_URL: canonical links are wrong; /readyz answers 503 until rebuilt (npm start does this)',
        );
    } else {
      app.log.warn(
        { clientDir: config.clientDir },
        'no built pages found: serving the API only (run npm run build)',
      );
    }
    app.setNotFoundHandler((request, reply) => {
      if (pages && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
        return pages.sendNotFoundPage(request, reply);
      }
      return sendJsonNotFound(request, reply);
    });

    // Not made ready here: callers (tests) may still register routes; inject()/listen() readies it.
    return app;
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

/** Any logger the app is given logs request URLs without their keys (server/plugins/log-redaction.ts). */
function withRedactedUrls(
  logger: NonNullable<FastifyServerOptions['logger']>,
): FastifyServerOptions['logger'] {
  return typeof logger === 'object' ? { serializers: requestLogSerializers, ...logger } : logger;
}

/** The build bakes PUBLIC_URL into canonical links; the build's URL when it is not this one's. */
function builtForOtherPublicUrl(config: Readonly<Config>): string | undefined {
  try {
    const info = JSON.parse(readFileSync(join(config.clientDir, '..', 'build-info.json'), 'utf8')) as {
      publicUrl?: string;
    };
    return info.publicUrl && info.publicUrl !== config.publicUrl ? info.publicUrl : undefined;
  } catch {
    // No build-info.json (fixture or hand-made build): nothing to compare.
    return undefined;
  }
}
