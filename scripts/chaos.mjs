#!/usr/bin/env node
/**
 * npm run chaos: proves that an acknowledged lead is never lost, by killing the running server.
 *
 *   npm run chaos [-- --cycles 20] [--postgres] [--clients 8] [--rate 50] [--seed 1] [--max-minutes 20] [--keep]
 *
 * The server (server/index.ts bundled with esbuild, no build needed) runs as its own process on
 * 127.0.0.1 with a temporary DATA_DIR and a real SMTP server on loopback (scripts/chaos/smtp-sink.mjs).
 * Several clients send leads of every kind (POST /api/leads, each with its own e-mail address) at
 * about `--rate` leads a second in all. Each cycle kills the server with SIGKILL at a random
 * moment (now and then while it is still starting) and starts it again. After the last cycle the
 * server runs until every e-mail has gone out, then stops, and the script checks:
 *
 * - every lead answered 201 is in the database, which opens cleanly (amcheck on every table and
 *   index);
 * - every such lead's staff notification reached the SMTP server, and every other queued e-mail
 *   too; a message may arrive twice only because of a crash: each extra copy must be of a message
 *   that the SMTP server had accepted before a kill whose process had not yet recorded it as sent
 *   (the worker sends up to 4 at a time, so one kill can catch several);
 * - the e-mails a killed process had claimed and not finished went out within 60 s of the
 *   restarted server's first answer (its `GET /healthz` 200). Which jobs those are: on
 *   PostgreSQL the script asks the database right after each kill (pending jobs with a lease);
 *   on PGlite the restarted server frees them at start and logs their ids, which the script
 *   reads from the server log. A job still claimed at a later kill counts from the first one.
 *
 * It prints cycles, leads acknowledged, lost, duplicate e-mails, restart time (median, max), the
 * delay from a lead's 201 to its staff e-mail (which includes the backlog and every restart in
 * between), and the delay from the restart to the delivery of the claimed jobs; it exits 1 when
 * a lead is lost, an e-mail is missing, an extra copy has no such kill to explain it, a claimed job
 * took more than 60 s after the restart, or the database fails its check.
 *
 * With --on-call, most leads are emergencies and the server pages a rota of two (set up in the
 * database before the first cycle) through a fake GatewayAPI on 127.0.0.1 (server/test/fake-sms.ts),
 * escalating every 10 s (ONCALL_ESCALATE_AFTER_SECONDS). The script acknowledges about half of the
 * paged emergencies through the SMS link (GET /vagt/…, then the button's POST), and checks in
 * addition (scripts/chaos/oncall-accounting.mjs): every emergency answered 201 was paged; every
 * escalation ended acknowledged or exhausted after its last step, each step's SMS at the gateway
 * (a step due while the server was down runs after the restart); every SMS marked sent reached the
 * gateway; an SMS reached the gateway twice only when a kill came between the gateway's acceptance
 * and the "sent" record, at most one per kill (the worker sends one SMS at a time). It prints the page latency (201 → SMS accepted by
 * the gateway) p50/p99 and how late escalation steps ran.
 *
 * Database: PGlite by default; PostgreSQL with --postgres (a throwaway cluster from the installed
 * PostgreSQL 15 binaries, fsync on) or with DATABASE_URL (an empty database you can spare).
 * Everything started here is stopped here, by its PID; the run stops by itself after
 * --max-minutes (then goes on to the final checks).
 */
import './require-node.mjs';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, prepareServerApp, startServerProcess } from './chaos/server-process.mjs';
import { claimedDelays, heldFromLog, unexplainedCopies } from './chaos/accounting.mjs';
import { startSmtpSink } from './chaos/smtp-sink.mjs';
import { escalationProblems, nearestRank, pageLatencies, smsDuplicates } from './chaos/oncall-accounting.mjs';
import { bundleForNode } from './node-tools.mjs';

const { values: args } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
    clients: { type: 'string', default: '8' },
    rate: { type: 'string', default: '50' },
    seed: { type: 'string' },
    'max-minutes': { type: 'string', default: '20' },
    'drain-seconds': { type: 'string', default: '150' },
    keep: { type: 'boolean', default: false },
    'on-call': { type: 'boolean', default: false },
  },
});
const cycles = Number(args.cycles);
const clients = Number(args.clients);
const rate = Number(args.rate);
const deadline = Date.now() + Number(args['max-minutes']) * 60_000;
const drainMs = Number(args['drain-seconds']) * 1000;
const usePostgres = args.postgres || Boolean(process.env.DATABASE_URL);
const MAIL_TO = 'leads@chaos.test';
const PUBLIC_HOST = 'chaos.test';
/** The e-mails a killed process had claimed must be out this long after the restart. */
const claimedDeadlineMs = 60_000;
const onCall = args['on-call'];
const escalateSeconds = 10;
/** SMS the paging worker sends at once (server/oncall/worker.ts defaultOncallWorkerOptions). */
/** The rota of the on-call run: paged in this order. */
const rota = [
  { email: 'anna@chaos.test', name: 'Anna Vagt', phone: '+4511111111' },
  { email: 'bo@chaos.test', name: 'Bo Vagt', phone: '+4522222222' },
];

// A small seeded generator, so a run can be repeated with --seed.
let seed = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31));
const runSeed = seed;
function random() {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const between = (min, max) => min + random() * (max - min);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
const seconds = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–');

/** What this run started, so that a failure or Ctrl-C still stops it (by PID) and cleans up. */
const started = {
  /** @type {string | undefined} */ work: undefined,
  /** @type {{ crash(): Promise<unknown> } | undefined} */ server: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ cluster: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ smtp: undefined,
  /** @type {{ end(): Promise<void> } | undefined} */ heldClient: undefined,
  /** @type {{ stop(): Promise<void> } | undefined} */ gateway: undefined,
};
async function stopEverything() {
  await started.server?.crash().catch(() => {});
  await started.heldClient?.end().catch(() => {});
  await started.cluster?.stop().catch(() => {});
  await started.smtp?.stop().catch(() => {});
  await started.gateway?.stop().catch(() => {});
  if (started.work && !args.keep) rmSync(started.work, { recursive: true, force: true });
  else if (started.work) console.log(`  kept: ${started.work}`);
}

async function main() {
  if (!Number.isInteger(cycles) || cycles < 1) throw new Error('--cycles must be a whole number ≥ 1');
  const work = mkdtempSync(join(tmpdir(), 'chaos-'));
  started.work = work;
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const logFile = join(work, 'server.log');
  console.log(
    `chaos: ${cycles} kill -9 cycles on ${usePostgres ? 'PostgreSQL' : 'PGlite'}, ${clients} clients at about ${rate} leads/s, seed ${runSeed}${onCall ? ', on-call paging by SMS' : ''}`,
  );
  console.log(`  work folder ${work} (server log: server.log)`);

  const bundles = await prepareServerApp(join(work, 'app'));
  const { contactBody, emergencyBody, reportBody, resourceRequestBody } = await import(
    pathToFileURL(bundles.leadBodies).href
  );
  const smtp = await startSmtpSink();
  started.smtp = smtp;
  /** @type {import('../server/test/fake-sms.ts').FakeSmsProvider | undefined} */
  let gateway;
  if (onCall) {
    const fakeSmsBundle = join(work, 'app', 'dist', 'fake-sms.mjs');
    await bundleForNode(join(import.meta.dirname, '..', 'server', 'test', 'fake-sms.ts'), fakeSmsBundle);
    const { startFakeSmsProvider } = await import(pathToFileURL(fakeSmsBundle).href);
    gateway = await startFakeSmsProvider('gatewayapi');
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

  /** Asks the database which jobs a process just killed had claimed (PostgreSQL only, see below). */
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
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(gateway
      ? {
          SMS_PROVIDER: 'gatewayapi',
          SMS_API_URL: gateway.url,
          SMS_API_TOKEN: gateway.token,
          ONCALL_ESCALATE_AFTER_SECONDS: String(escalateSeconds),
        }
      : {}),
  };
  if (onCall) {
    // The server migrates the database at its first start; the rota goes in before any lead.
    const first = startServerProcess({ bundle: bundles.server, port: await freePort(), env, logFile });
    started.server = first;
    await first.ready;
    await first.stop();
    await setUpRota({ dataDir, databaseUrl });
  }

  /** @type {{ reference: string; kind: string; email: string; ackAt: number; cycle: number }[]} */
  const acknowledged = [];
  const stats = {
    kills: 0,
    startupKills: 0,
    restartsMs: /** @type {number[]} */ ([]),
    firstStartMs: NaN,
    unanswered: 0,
    otherStatus: /** @type {Record<string, number>} */ ({}),
  };
  /** When each kill came, and when a server answered /healthz after a start. */
  const killTimes = /** @type {number[]} */ ([]);
  const readyTimes = /** @type {number[]} */ ([]);
  /** Job id → the kills at which it was found claimed by the killed process (PostgreSQL). */
  const heldAtKill = /** @type {Map<string, number[]>} */ (new Map());

  /**
   * Right after a kill, on PostgreSQL: pending jobs with a lease are claimed by a process, and the
   * only one was just killed. (On PGlite the database cannot be opened beside the next start
   * without changing what that start finds; the server logs them instead.)
   */
  async function noteHeldJobs() {
    const killIndex = killTimes.length - 1;
    if (!heldClient) return;
    const { rows } = await heldClient.query(
      `select id::text as id from mail_jobs where status = 'pending' and locked_until is not null`,
    );
    for (const { id } of rows) heldAtKill.set(id, [...(heldAtKill.get(id) ?? []), killIndex]);
  }

  let leadNumber = 0;
  const kinds = onCall
    ? [
        ['akut-skade', 0.7],
        ['kontakt', 0.3],
      ]
    : [
        ['kontakt', 0.55],
        ['akut-skade', 0.2],
        ['anmeldelse', 0.15],
        ['ressource', 0.1],
      ];

  function makeLead(cycle) {
    const n = ++leadNumber;
    const email = `lead-${n}-c${cycle}@chaos.test`;
    let pick = random();
    const kind = kinds.find(([, share]) => (pick -= share) < 0)?.[0] ?? 'kontakt';
    const name = `Chaos Kunde ${n}`;
    const body =
      kind === 'kontakt'
        ? { ...contactBody, name, email }
        : kind === 'akut-skade'
          ? { ...emergencyBody([]), fuldeNavn: name, email }
          : kind === 'anmeldelse'
            ? { ...reportBody([]), fuldeNavn: name, email }
            : { ...resourceRequestBody, fullName: name, email };
    return { kind, email, body };
  }

  /** Sends leads until `state.stop`; a client whose server died waits for the cycle to end. */
  async function runClient(url, cycle, state) {
    const interval = (clients / rate) * 1000;
    while (!state.stop) {
      const lead = makeLead(cycle);
      const sentAt = Date.now();
      try {
        const response = await fetch(`${url}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(lead.body),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await response.text();
        if (response.status === 201) {
          acknowledged.push({
            reference: JSON.parse(text).reference,
            kind: lead.kind,
            email: lead.email,
            ackAt: Date.now(),
            cycle,
          });
        } else {
          stats.otherStatus[response.status] = (stats.otherStatus[response.status] ?? 0) + 1;
        }
      } catch {
        // Killed under it: no answer, so nothing was promised (it may or may not be stored).
        stats.unanswered++;
        while (!state.stop) await sleep(20);
        return;
      }
      const wait = interval * between(0.5, 1.5) - (Date.now() - sentAt);
      if (wait > 0) await sleep(wait);
    }
  }

  /**
   * Staff tapping "Jeg tager den": about half of the emergencies, from the first page SMS each
   * gets, through the link in it (the button's POST with the page's form token). Unanswered
   * attempts (the server was killed) are tried again with the next server.
   */
  const ack = { decided: new Map(), taken: 0, conflicts: 0, tries: 0 };
  let seenSms = 0;
  async function acknowledgeSome(url) {
    const pending = [];
    for (; gateway && seenSms < gateway.received.length; seenSms++) {
      const sms = gateway.received[seenSms];
      const reference = /^AKUT ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1];
      const link = /\/vagt\/([^\s]+)/.exec(sms.text)?.[1];
      if (!reference || !link || ack.decided.has(reference)) continue;
      ack.decided.set(reference, random() < 0.5 ? { link, done: false } : null);
    }
    for (const [reference, plan] of ack.decided) if (plan && !plan.done) pending.push([reference, plan]);
    for (const [, plan] of pending) {
      ack.tries++;
      try {
        const page = await fetch(`${url}/vagt/${plan.link}`, { signal: AbortSignal.timeout(5_000) });
        const html = await page.text();
        const formToken = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
        if (!formToken) {
          plan.done = true;
          continue;
        }
        const answer = await fetch(`${url}/vagt/${plan.link}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${PUBLIC_HOST}` },
          body: new URLSearchParams({ formToken }).toString(),
          signal: AbortSignal.timeout(5_000),
        });
        await answer.arrayBuffer();
        if (answer.status === 200) ack.taken++;
        else if (answer.status === 409) ack.conflicts++;
        plan.done = true;
      } catch {
        return;
      }
    }
  }
  async function runAcker(url, state) {
    while (!state.stop) {
      await acknowledgeSome(url);
      await sleep(200);
    }
  }

  let server;
  let lastStartupMs = 5_000;
  let killedAt = NaN;
  for (let cycle = 1; cycle <= cycles && Date.now() < deadline; cycle++) {
    server = startServerProcess({ bundle: bundles.server, port, env, logFile, readyTimeoutMs: 180_000 });
    started.server = server;
    // Now and then the kill comes while the server is still starting (first start included).
    const duringStartup = random() < 0.15;
    const state = { stop: false };
    let ready = false;
    let killTimer;
    const killed = new Promise((resolve) => {
      if (duringStartup) killTimer = setTimeout(resolve, between(0, lastStartupMs));
    });
    const startup = server.ready.then(
      (ms) => {
        ready = true;
        readyTimes.push(Date.now());
        return ms;
      },
      (error) => {
        throw error;
      },
    );
    const first = await Promise.race([startup.then(() => 'ready'), killed.then(() => 'kill')]).catch(
      (error) => {
        throw new Error(`cycle ${cycle}: the server did not start: ${error.message}`);
      },
    );
    clearTimeout(killTimer);
    if (first === 'ready' || ready) {
      const readyMs = await startup;
      lastStartupMs = readyMs;
      if (cycle === 1) stats.firstStartMs = readyMs;
      else if (!Number.isNaN(killedAt)) stats.restartsMs.push(Date.now() - killedAt);
      const loadMs = between(1_500, 5_000);
      const running = Array.from({ length: clients }, () => runClient(server.url, cycle, state));
      if (onCall) running.push(runAcker(server.url, state));
      await sleep(loadMs);
      killedAt = Date.now();
      await server.crash();
      killTimes.push(killedAt);
      await noteHeldJobs();
      state.stop = true;
      await Promise.all(running);
    } else {
      killedAt = Date.now();
      await server.crash();
      killTimes.push(killedAt);
      await noteHeldJobs();
      stats.startupKills++;
    }
    stats.kills++;
    process.stdout.write(
      `  cycle ${cycle}: ${first === 'ready' ? 'killed under load' : 'killed while starting'}; ${acknowledged.length} leads acknowledged so far, ${smtp.messages.length} e-mails received\n`,
    );
  }

  // The last start: no kill. Wait for every acknowledged lead's staff e-mail, then for quiet.
  server = startServerProcess({ bundle: bundles.server, port, env, logFile, readyTimeoutMs: 180_000 });
  started.server = server;
  const finalReadyMs = await server.ready;
  readyTimes.push(Date.now());
  if (!Number.isNaN(killedAt)) stats.restartsMs.push(Date.now() - killedAt);
  if (Number.isNaN(stats.firstStartMs)) stats.firstStartMs = finalReadyMs;
  const drainStarted = Date.now();
  if (onCall) {
    // Acknowledge what is left to acknowledge, then let every escalation run to its end (two
    // people: three steps, 10 s apart).
    const ackState = { stop: false };
    const acker = runAcker(server.url, ackState);
    const emergencies = acknowledged
      .filter((lead) => lead.kind === 'akut-skade')
      .map((lead) => lead.reference);
    // The last step pages everybody: it is over when each person in the rota has had its SMS.
    const settled = () => {
      const lastStep = new Map();
      for (const sms of gateway?.received ?? []) {
        const reference = /^AKUT \(ingen har svaret\) ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1];
        if (reference) lastStep.set(reference, (lastStep.get(reference) ?? new Set()).add(sms.to));
      }
      return emergencies.every((reference) => {
        const plan = ack.decided.get(reference);
        return (plan && plan.done) || (lastStep.get(reference)?.size ?? 0) >= rota.length;
      });
    };
    while (!settled() && Date.now() - drainStarted < drainMs) await sleep(250);
    ackState.stop = true;
    await acker;
    // The "Ikke kvitteret" e-mail of every escalation that ran to its end (queued with the last
    // step, sent by the mail worker).
    const exhaustedCount = new Set(
      (gateway?.received ?? []).flatMap(
        (sms) => /^AKUT \(ingen har svaret\) ([A-Z]{2}-[0-9A-Z]{6}):/.exec(sms.text)?.[1] ?? [],
      ),
    ).size;
    await smtp.waitUntil(
      () =>
        smtp.messages.filter((mail) => mail.subject?.startsWith('Ikke kvitteret:')).length >= exhaustedCount,
      Math.max(drainMs - (Date.now() - drainStarted), 1_000),
    );
  }
  const notifiedEmails = () => {
    const seen = new Set();
    for (const mail of smtp.messages) {
      if (!mail.envelope.to.includes(MAIL_TO)) continue;
      const address = /<([^>]+)>/.exec(mail.replyTo)?.[1] ?? mail.replyTo;
      seen.add(address.toLowerCase());
    }
    return seen;
  };
  await smtp.waitUntil(() => {
    const seen = notifiedEmails();
    return acknowledged.every((lead) => seen.has(lead.email));
  }, drainMs);
  // Receipts and checklists after the notifications: until nothing has arrived for 3 s.
  while (Date.now() - drainStarted < drainMs) {
    const last = smtp.messages.at(-1)?.receivedAt ?? 0;
    if (Date.now() - last > 3_000) break;
    await sleep(250);
  }
  const stopped = await server.stop();
  if (stopped.code !== 0)
    console.log(`  note: the last server exited with ${stopped.code ?? stopped.signal}`);
  await heldClient?.end();
  started.heldClient = undefined;

  const check = await inspectDatabase({
    dataDir,
    databaseUrl,
    references: acknowledged.map((l) => l.reference),
    onCall,
  });

  // E-mails by Message-ID <job id@host>: each job once, plus the copies crashes explain.
  const copies = new Map();
  for (const mail of smtp.messages)
    copies.set(mail.messageId, (copies.get(mail.messageId) ?? []).concat(mail));
  const duplicates = [...copies.values()].reduce((sum, list) => sum + list.length - 1, 0);
  const held = databaseUrl ? heldAtKill : heldFromLog(logFile, killTimes);
  const unexplained = unexplainedCopies({ copies, held, killTimes, readyTimes });
  const lost = acknowledged.filter((lead) => !check.leads.has(lead.reference));
  let missing = 0;
  let longestDelay = 0;
  let longestLead;
  const delays = [];
  for (const lead of acknowledged) {
    const stored = check.leads.get(lead.reference);
    if (!stored) continue;
    const notification = stored.jobs.find((job) => job.kind === 'lead-notification');
    const received = notification && copies.get(`<${notification.id}@${PUBLIC_HOST}>`);
    const toStaff = received?.filter((mail) => mail.envelope.to.includes(MAIL_TO));
    if (!toStaff || toStaff.length === 0) {
      missing++;
      continue;
    }
    const delay = Math.min(...toStaff.map((mail) => mail.receivedAt)) - lead.ackAt;
    delays.push(delay);
    if (delay > longestDelay) {
      longestDelay = delay;
      longestLead = lead;
    }
  }
  const claimed = claimedDelays({
    held,
    killTimes,
    readyTimes,
    firstReceipt: (id) => copies.get(`<${id}@${PUBLIC_HOST}>`)?.[0]?.receivedAt,
    kindOf: new Map(check.jobs.map((job) => [job.id, job.kind])),
  });
  const otherJobsMissing = check.jobs.filter((job) => !copies.has(`<${job.id}@${PUBLIC_HOST}>`)).length;
  const unsent = check.jobs.filter((job) => job.status !== 'sent');

  const rows = [
    ['database', usePostgres ? 'PostgreSQL' : 'PGlite'],
    ['cycles (kill -9)', `${stats.kills} (${stats.startupKills} while starting)`],
    ['leads acknowledged (201)', acknowledged.length],
    ['lost (acknowledged, not in the database)', lost.length],
    ['leads stored in all', check.totalLeads],
    ['requests without an answer (killed under them)', stats.unanswered],
    ['other answers', JSON.stringify(stats.otherStatus)],
    ['staff e-mails missing (acknowledged leads)', missing],
    ['e-mails received', smtp.messages.length],
    ['e-mail jobs without any message / not marked sent', `${otherJobsMissing} / ${unsent.length}`],
    [
      'duplicate e-mails (same Message-ID)',
      `${duplicates}; ${unexplained} not explained by a kill between the SMTP server's acceptance and the "sent" record (0 allowed)`,
    ],
    ['first start', seconds(stats.firstStartMs)],
    [
      'restart after kill (median / max)',
      `${seconds(median(stats.restartsMs))} / ${seconds(Math.max(...stats.restartsMs, 0))}`,
    ],
    [
      '201 → staff e-mail (median / max)',
      `${seconds(median(delays))} / ${seconds(longestDelay)}${longestLead ? ` (${longestLead.reference}, cycle ${longestLead.cycle})` : ''}`,
    ],
    [
      'claimed by a killed process (staff e-mails)',
      `${claimed.count} (${claimed.notifications}) at ${claimed.kills} kills; ${claimed.beforeKill} had reached the SMTP server before the kill`,
    ],
    [
      'restart → their delivery (median / max)',
      `${seconds(median(claimed.fromReady))} / ${seconds(Math.max(...claimed.fromReady, 0))} (kill → delivery max ${seconds(Math.max(...claimed.fromKill, 0))}; at most ${seconds(claimedDeadlineMs)} allowed after the restart)`,
    ],
    ['database check', check.summary],
  ];
  /** @type {string[]} */
  const onCallFailures = [];
  if (onCall && gateway) {
    const received = gateway.received.map((sms) => ({
      userref: String(sms.body.userref ?? ''),
      text: sms.text,
      at: sms.at,
    }));
    const emergencies = acknowledged.filter((lead) => lead.kind === 'akut-skade');
    const latency = pageLatencies({ emergencies, received });
    const receivedAt = new Map();
    for (const sms of received)
      if (!(receivedAt.get(sms.userref) <= sms.at)) receivedAt.set(sms.userref, sms.at);
    const escalation = escalationProblems({
      pages: check.pages,
      sms: check.sms,
      receivedAt,
      escalateMs: escalateSeconds * 1000,
    });
    // The paging worker sends one SMS at a time, so a kill can catch at most one accepted by the
    // gateway and not yet recorded as sent.
    const duplicates = smsDuplicates({ received, killTimes, perKill: 1 });
    const stepLateMax = Math.max(...escalation.lateness, 0);
    rows.push(
      ['emergencies acknowledged (201)', emergencies.length],
      ['emergencies never paged', latency.unpaged.length],
      [
        'escalations',
        `${escalation.acknowledged} acknowledged ("Jeg tager den": ${ack.taken} taken, ${ack.conflicts} already taken), ${escalation.exhausted} ran every step; ${escalation.problems.length} problems`,
      ],
      ['SMS accepted by the gateway', received.length],
      [
        'duplicate SMS (same id)',
        `${duplicates.duplicates} at ${stats.kills} kills (at most ${duplicates.maxPerKill} at one); ${duplicates.unexplained} not explained by a kill between the gateway's acceptance and the "sent" record, ${duplicates.overPerKill} over one per kill (0 allowed)`,
      ],
      [
        '201 → page SMS at the gateway (p50 / p99 / max)',
        `${seconds(nearestRank(latency.latencies, 0.5))} / ${seconds(nearestRank(latency.latencies, 0.99))} / ${seconds(Math.max(...latency.latencies, 0))}`,
      ],
      [
        'escalation step later than due (p50 / max)',
        `${seconds(nearestRank(escalation.lateness, 0.5))} / ${seconds(stepLateMax)} (at most ${seconds(claimedDeadlineMs)} allowed)`,
      ],
    );
    if (emergencies.length === 0) onCallFailures.push('no emergency was acknowledged');
    if (latency.unpaged.length > 0)
      onCallFailures.push(
        `${latency.unpaged.length} emergencies never paged: ${latency.unpaged.slice(0, 5).join(', ')}`,
      );
    for (const problem of escalation.problems.slice(0, 10)) onCallFailures.push(problem);
    if (escalation.problems.length > 10)
      onCallFailures.push(`… and ${escalation.problems.length - 10} more escalation problems`);
    if (duplicates.unexplained > 0 || duplicates.overPerKill > 0)
      onCallFailures.push(
        `${duplicates.duplicates} duplicate SMS: ${duplicates.unexplained} not explained by a kill, ${duplicates.overPerKill} over one per kill`,
      );
    if (stepLateMax > claimedDeadlineMs)
      onCallFailures.push(
        `an escalation step ran ${seconds(stepLateMax)} late (at most ${seconds(claimedDeadlineMs)})`,
      );
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nchaos result');
  for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);

  await cluster?.stop();
  started.cluster = undefined;
  await smtp.stop();
  await gateway?.stop();
  started.gateway = undefined;
  started.work = undefined;
  if (!args.keep) rmSync(work, { recursive: true, force: true });

  const failures = [];
  if (lost.length > 0)
    failures.push(
      `${lost.length} acknowledged leads lost: ${lost
        .slice(0, 5)
        .map((l) => l.reference)
        .join(', ')}`,
    );
  if (missing > 0) failures.push(`${missing} staff e-mails missing`);
  if (otherJobsMissing > 0) failures.push(`${otherJobsMissing} queued e-mails never arrived`);
  if (claimed.undelivered > 0)
    failures.push(`${claimed.undelivered} e-mails claimed by a killed process never arrived`);
  const slowest = Math.max(...claimed.fromReady, 0);
  if (slowest > claimedDeadlineMs)
    failures.push(
      `an e-mail claimed by a killed process went out ${seconds(slowest)} after the restart (at most ${seconds(claimedDeadlineMs)})`,
    );
  if (unexplained > 0)
    failures.push(`${unexplained} duplicate e-mails that no kill explains (of ${duplicates} in all)`);
  if (!check.ok) failures.push(`database check failed: ${check.summary}`);
  if (acknowledged.length === 0) failures.push('no lead was acknowledged');
  failures.push(...onCallFailures);
  if (failures.length > 0) {
    console.log(`\n✗ ${failures.join('\n✗ ')}`);
    if (args.keep) console.log(`  kept: ${work}`);
    process.exitCode = 1;
  } else {
    console.log('\n✓ every acknowledged lead is stored and its staff e-mail was delivered');
    if (onCall) console.log('✓ every emergency was paged and every escalation ran to its end');
  }
}

/**
 * The rota of the on-call run, written while no server runs: two staff members with phones and a
 * chain in force from a minute ago (the weekly handover far from now does not matter here).
 */
async function setUpRota({ dataDir, databaseUrl }) {
  /** @type {(text: string, values?: unknown[]) => Promise<any[]>} */
  let query;
  let close;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(join(dataDir, 'db'));
    await client.waitReady;
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.close();
  }
  try {
    const ids = [];
    for (const person of rota) {
      const [row] = await query(
        `insert into users (email, name, phone, password_hash) values ($1, $2, $3, 'not-used') returning id::text as id`,
        [person.email, person.name, person.phone],
      );
      ids.push(row.id);
    }
    await query(
      `insert into oncall_chains (effective_from, member_ids, handover_weekday, handover_hour, created_by)
       values (now() - interval '1 minute', $1::uuid[], 0, 8, 'chaos')`,
      [ids],
    );
  } finally {
    await close();
  }
}

/**
 * Opens the database after the server stopped: the acknowledged leads and their mail jobs, and
 * amcheck over every table and B-tree index (the database is consistent, not only readable).
 */
async function inspectDatabase({ dataDir, databaseUrl, references, onCall: withPages = false }) {
  /** @type {(text: string, values?: unknown[]) => Promise<any[]>} */
  let query;
  let close;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { amcheck } = await import('@electric-sql/pglite/contrib/amcheck');
    const client = new PGlite(join(dataDir, 'db'), { extensions: { amcheck } });
    await client.waitReady;
    query = async (text, values) => (await client.query(text, values)).rows;
    close = () => client.close();
  }
  try {
    const leads = new Map();
    for (let i = 0; i < references.length; i += 1000) {
      const rows = await query(
        `select l.reference, j.id::text as job_id, j.kind, j.status
           from leads l left join mail_jobs j on j.lead_id = l.id
          where l.reference = any($1)`,
        [references.slice(i, i + 1000)],
      );
      for (const row of rows) {
        const lead = leads.get(row.reference) ?? { jobs: [] };
        if (row.job_id) lead.jobs.push({ id: row.job_id, kind: row.kind, status: row.status });
        leads.set(row.reference, lead);
      }
    }
    const [{ count }] = await query('select count(*)::int as count from leads');
    const jobs = await query('select id::text as id, kind, status from mail_jobs');
    const pages = withPages
      ? await query(
          `select l.reference, p.status, p.step, coalesce(array_length(p.chain, 1), 0)::int as "chainLength"
             from oncall_pages p join leads l on l.id = p.lead_id`,
        )
      : [];
    const sms = withPages
      ? await query(
          `select s.id::text as id, l.reference, s.purpose, s.step, s.status
             from oncall_sms s join leads l on l.id = s.lead_id`,
        )
      : [];

    let summary;
    let ok = true;
    try {
      await query('create extension if not exists amcheck');
      const tables = await query(
        `select c.oid::int as oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
      );
      const indexes = await query(
        `select c.oid::int as oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_am a on a.oid = c.relam
          where n.nspname = 'public' and c.relkind = 'i' and a.amname = 'btree'`,
      );
      let corrupt = 0;
      for (const table of tables) {
        const problems = await query('select * from verify_heapam($1)', [table.oid]);
        corrupt += problems.length;
      }
      for (const index of indexes) {
        try {
          await query('select bt_index_check($1, true)', [index.oid]);
        } catch (error) {
          corrupt++;
          console.log(`  amcheck: index ${index.relname}: ${error?.message ?? error}`);
        }
      }
      ok = corrupt === 0;
      summary = `opened; amcheck: ${tables.length} tables, ${indexes.length} indexes, ${corrupt} problems`;
    } catch (error) {
      ok = !/corrupt|invalid|could not|mismatch/i.test(String(error?.message));
      summary = `opened; amcheck not run (${String(error?.message ?? error).slice(0, 120)})`;
    }
    return { leads, totalLeads: count, jobs, pages, sms, ok, summary };
  } finally {
    await close();
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopEverything().then(() => process.exit(130));
  });
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.stack : error);
  await stopEverything();
  process.exit(1);
});
