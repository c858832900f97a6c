/**
 * The company's mail server fails, and no lead's e-mail is lost or sent twice:
 *
 * - an outage in simulated time (the worker's clock is the test's): leads arrive while the SMTP
 *   server is down; the worker tries one connection per pause step, not one per job, so no
 *   simulated minute sees more attempts than the pauses allow, and once the server is back every
 *   e-mail (staff notification, receipt, resource delivery) arrives exactly once.
 *   MAIL_OUTAGE_MINUTES and MAIL_OUTAGE_LEADS set the outage and the leads sent during it
 *   (default 1 minute and 500 leads; `npm run mail-outage` runs 10 minutes with 500 leads).
 * - a server that breaks the connection at the worst moments: before the message (sent again,
 *   once), after the whole message without answering (counted as sent: the server may have
 *   accepted it, so it is not sent again), and silence after the message until the timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildResourcePdfs } from '../../scripts/build-pdfs.mjs';
import { startSmtpSink, type SinkFault, type SmtpSink } from '../../scripts/chaos/smtp-sink.mjs';
import { leads, mailJobs } from '../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { contactBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './transport.ts';
import { createMailWorker, defaultMailWorkerOptions } from './worker.ts';

const MAIL_TO = 'leads@skade.test';
const outageMinutes = wholeNumber('MAIL_OUTAGE_MINUTES', 1);
const leadCount = wholeNumber('MAIL_OUTAGE_LEADS', 500);
const silent = { info() {}, warn() {}, error() {} };

let pdfDir: string;
beforeAll(async () => {
  pdfDir = mkdtempSync(join(tmpdir(), 'outage-pdfs-'));
  await buildResourcePdfs({ outDir: pdfDir });
});
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

/** The pause the worker makes after its `attempt`-th failed connection attempt (0-based). */
function pauseAfter(attempt: number): number {
  const pauses = defaultMailWorkerOptions.serverDownPausesMs;
  return pauses[Math.min(attempt, pauses.length - 1)]!;
}

/**
 * The most attempts that fit in one minute when the first of them is attempt number `first`
 * (0-based): each later one comes at least its pause after the one before.
 */
function attemptsAllowedInAMinute(first: number): number {
  let allowed = 1;
  for (let at = pauseAfter(first); at < 60_000; at += pauseAfter(first + allowed - 1)) allowed++;
  return allowed;
}

/** The most connection attempts the worker may make in `seconds` of outage: one per pause step. */
function attemptsAllowed(seconds: number): number {
  const pauses = defaultMailWorkerOptions.serverDownPausesMs;
  let at = 0;
  let attempts = 0;
  for (let step = 0; at <= seconds * 1000; step++) {
    attempts++;
    at += pauses[Math.min(step, pauses.length - 1)]!;
  }
  return attempts;
}

describeEachDatabase(`a mail server outage of ${outageMinutes} simulated minutes`, (target) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let simulated = Date.now();
  let attempts = 0;
  /** When each connection attempt came, in simulated ms since the start of the outage. */
  let attemptTimes: number[] = [];
  let outageStart = 0;
  let smtpTransport: MailTransport;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    smtpTransport = createSmtpTransport(smtp.url);
    // Every send opens its own connection: counting sends counts connection attempts.
    const transport: MailTransport = {
      kind: 'smtp',
      send: (mail) => {
        attempts++;
        attemptTimes.push(simulated - outageStart);
        return smtpTransport.send(mail);
      },
      close: () => smtpTransport.close(),
    };
    t = await createTestApp({
      database: target,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        SPAM_CHECKS: 'off',
        // The outage is the subject here, not the hourly cap on receipts (500 leads at once).
        RECEIPT_MAIL_MAX_PER_HOUR: '100000',
        PUBLIC_URL: 'http://127.0.0.1:3999',
      },
      mail: { startWorker: false, pdfDir, transport, now: () => new Date(simulated) },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  it(`delivers every e-mail of ${leadCount} leads exactly once, with one connection attempt per pause step`, async () => {
    const worker = t.app.deps.mail.worker;
    await smtp.stop();
    const start = Date.now();
    simulated = start;
    outageStart = start;
    attempts = 0;
    attemptTimes = [];
    const outageSeconds = outageMinutes * 60;
    const references = new Map<string, string>();
    const postLead = async (index: number) => {
      // Every tenth lead asks for a checklist: it gets a resource delivery besides the notification.
      const body =
        index % 10 === 0
          ? { ...resourceRequestBody, fullName: `Kunde ${index}`, email: `kunde-${index}@example.dk` }
          : { ...contactBody, name: `Kunde ${index}`, email: `kunde-${index}@example.dk` };
      const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: body });
      expect(response.statusCode, response.body).toBe(201);
      references.set(response.json<{ reference: string }>().reference, body.email);
    };

    // The leads arrive over the outage; the worker runs every simulated second.
    let posted = 0;
    for (let second = 0; second < outageSeconds; second++) {
      simulated = start + second * 1000;
      const due = Math.ceil(((second + 1) * leadCount) / outageSeconds);
      while (posted < due) await postLead(posted++);
      await worker.runDueJobs(new Date(simulated));
    }
    const outageAttempts = attempts;
    expect(smtp.messages).toHaveLength(0);
    console.log(
      `${target.label} outage of ${outageMinutes} min with ${leadCount} leads: ${outageAttempts} connection attempts (at most ${attemptsAllowed(outageSeconds)} allowed)`,
    );
    expect(outageAttempts).toBeGreaterThan(0);
    expect(outageAttempts).toBeLessThanOrEqual(attemptsAllowed(outageSeconds));
    // Minute by minute: never more attempts than the pauses allow in a minute (4 in the first
    // minute, 5 s + 15 s + 30 s apart, then one a minute), however long the outage lasts.
    const perMinute = Array.from({ length: outageMinutes }, (_, minute) => {
      const inMinute = attemptTimes.filter((at) => Math.floor(at / 60_000) === minute);
      const first = attemptTimes.findIndex((at) => Math.floor(at / 60_000) === minute);
      return {
        minute,
        attempts: inMinute.length,
        allowed: first === -1 ? 0 : attemptsAllowedInAMinute(first),
      };
    });
    console.log(
      `${target.label} connection attempts per simulated minute of the outage: ${perMinute.map((m) => m.attempts).join(', ')}`,
    );
    expect(perMinute.filter((m) => m.attempts > m.allowed)).toEqual([]);
    expect(Math.max(...perMinute.map((m) => m.attempts))).toBeLessThanOrEqual(attemptsAllowedInAMinute(0));

    await smtp.start();
    const backAt = start + outageSeconds * 1000;
    simulated = backAt;
    const jobs = await t.app.deps.db.select({ id: mailJobs.id, kind: mailJobs.kind }).from(mailJobs);
    let lastSent = backAt;
    for (let rounds = 0; rounds < 10_000; rounds++) {
      const result = await worker.runDueJobs(new Date(simulated));
      if (result.sent > 0) lastSent = simulated;
      const pending = await t.app.deps.db
        .select({ id: mailJobs.id })
        .from(mailJobs)
        .where(eq(mailJobs.status, 'pending'));
      if (pending.length === 0) break;
      if (result.sent + result.retried + result.failed === 0) simulated += 1000;
    }
    const rows = await t.app.deps.db.select().from(mailJobs);
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    // Within a minute of the server's return (the longest pause), every e-mail is out.
    console.log(
      `${target.label} all ${rows.length} e-mails sent ${(lastSent - backAt) / 1000} simulated s after the server came back`,
    );
    expect(lastSent - backAt).toBeLessThanOrEqual(61_000);

    const received = smtp.messages;
    expect(received).toHaveLength(jobs.length);
    const messageIds = received.map((mail) => mail.messageId);
    expect(new Set(messageIds).size).toBe(jobs.length);
    expect(new Set(messageIds)).toEqual(new Set(jobs.map((job) => `<${job.id}@127.0.0.1>`)));
    // Each lead's staff notification, once (its Message-ID names its job, the job its lead).
    const stored = await t.app.deps.db.select({ id: leads.id }).from(leads);
    expect(stored).toHaveLength(leadCount);
    const notificationLeads = new Map(
      (
        await t.app.deps.db
          .select({ id: mailJobs.id, kind: mailJobs.kind, leadId: mailJobs.leadId })
          .from(mailJobs)
      )
        .filter((job) => job.kind === 'lead-notification')
        .map((job) => [`<${job.id}@127.0.0.1>`, job.leadId]),
    );
    const toStaff = new Map<string, number>();
    for (const mail of received) {
      if (!mail.envelope.to.includes(MAIL_TO)) continue;
      const leadId = notificationLeads.get(mail.messageId);
      if (leadId) toStaff.set(leadId, (toStaff.get(leadId) ?? 0) + 1);
    }
    expect(stored.filter((lead) => toStaff.get(lead.id) !== 1)).toEqual([]);
    // And each sender's own e-mail, once: the receipt of a contact lead, the checklist of a
    // resource request.
    const toSender = new Map<string, number>();
    for (const mail of received) {
      for (const to of mail.envelope.to) toSender.set(to, (toSender.get(to) ?? 0) + 1);
    }
    expect([...references.values()].filter((email) => toSender.get(email) !== 1)).toEqual([]);
    const checklists = jobs.filter((job) => job.kind === 'resource-delivery');
    expect(checklists).toHaveLength(Math.ceil(leadCount / 10));
    expect(jobs.filter((job) => job.kind === 'lead-receipt')).toHaveLength(
      leadCount - Math.ceil(leadCount / 10),
    );
  }, 300_000);
});

describe('a mail server that breaks the connection', () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  let leadId: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    smtp = await startSmtpSink();
    const [lead] = await database.db
      .insert(leads)
      .values({ kind: 'kontakt', reference: 'SK-FAULTY', name: 'A', email: 'a@example.dk' })
      .returning({ id: leads.id });
    leadId = lead!.id;
  });
  afterAll(async () => {
    await smtp?.stop();
    await database?.dispose();
  });

  async function deliverWith(fault: SinkFault, transport: MailTransport) {
    await database.db.delete(mailJobs);
    smtp.messages.length = 0;
    const [job] = await database.db
      .insert(mailJobs)
      .values({ kind: 'lead-notification', payload: { leadId }, leadId })
      .returning({ id: mailJobs.id });
    const messageId = `<${job!.id}@skade.test>`;
    const warnings: string[] = [];
    const worker = createMailWorker({
      db: database.db,
      prepareRound: async () => async (): Promise<OutgoingMail> => ({
        messageId,
        from: 'no-reply@skade.test',
        to: MAIL_TO,
        subject: 'Kontaktformular: Genhusning – SK-FAULTY',
        text: 'Ring til kunden.',
        html: '<p>Ring til kunden.</p>',
      }),
      send: (mail) => transport.send(mail),
      log: { ...silent, warn: (_obj, msg) => warnings.push(msg) },
    });
    smtp.setFault(fault);
    const now = Date.now();
    const first = await worker.runDueJobs(new Date(now));
    // The server behaves again; an hour later everything due has been sent.
    smtp.setFault('none');
    for (let minute = 1; minute <= 60; minute++) await worker.runDueJobs(new Date(now + minute * 60_000));
    const [row] = await database.db.select().from(mailJobs);
    // The sink keeps every message it received in full, answered or not.
    const copies = smtp.messages.filter((mail) => mail.messageId === messageId).length;
    return { first, row: row!, copies, warnings };
  }

  it('sends the message again, once, when the connection broke before the message was sent', async () => {
    const { first, row, copies } = await deliverWith('drop-before-message', createSmtpTransport(smtp.url));
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(row.status).toBe('sent');
    expect(copies).toBe(1);
  });

  it('does not send it again when the connection broke after the whole message, without an answer', async () => {
    const { first, row, copies, warnings } = await deliverWith(
      'drop-after-message',
      createSmtpTransport(smtp.url),
    );
    expect(first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.lastError).toMatch(/^unconfirmed: /);
    expect(warnings.join('\n')).toMatch(/after the whole message was sent/);
    expect(copies).toBe(1);
  });

  it('does not send it again when the server went silent after the whole message', async () => {
    const { first, row, copies } = await deliverWith(
      'silent-after-message',
      createSmtpTransport(`${smtp.url}?socketTimeout=500`),
    );
    expect(first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row.lastError).toMatch(/^unconfirmed: /);
    expect(copies).toBe(1);
  });

  it('sends normally through the same server when it answers', async () => {
    const { first, row, copies } = await deliverWith('none', createSmtpTransport(smtp.url));
    expect(first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row).toMatchObject({ status: 'sent', lastError: null });
    expect(copies).toBe(1);
  });
});
