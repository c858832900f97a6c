/**
 * The public side cannot be turned against anyone: mail to an address a visitor typed carries no
 * visitor text and keeps to the site's hourly cap; a lead with only weak spam signs still reaches
 * staff (marked) and its sender; the upload budget holds per IP and site-wide.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { uploadBudget } from '../../domain/constants.ts';
import type { LeadInput } from '../../domain/lead.ts';
import { buildResourcePdfs } from '../../scripts/build-pdfs.mjs';
import { makePng } from '../../tests/support/images.ts';
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import { leads, mailJobs, uploads } from '../db/schema.ts';
import { uploadRefusals } from '../uploads/uploads.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const MAIL_TO = 'leads@skade.test';
const minute = 60_000;
const relay = 'Din konto er spærret. Log ind på https://phish.example/login i dag';

describeEachDatabase('mail to visitor-typed addresses and weak spam signs', (target) => {
  let smtp: TestSmtp;
  let t: TestApp;
  let pdfDir: string;
  beforeAll(async () => {
    pdfDir = mkdtempSync(join(tmpdir(), 'abuse-pdfs-'));
    await buildResourcePdfs({ outDir: pdfDir });
    smtp = await startTestSmtp();
    t = await createTestApp({
      database: target,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        RECEIPT_MAIL_MAX_PER_HOUR: '3',
      },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    rmSync(pdfDir, { recursive: true, force: true });
  });
  beforeEach(() => smtp.clear());
  afterEach(() => {
    vi.useRealTimers();
  });

  // Each test moves well past the hourly window of the one before.
  let clock = Date.now() + 24 * 60 * minute;
  async function send(body: LeadInput & Record<string, unknown>, fillMs = 30_000): Promise<string> {
    clock += 10 * minute;
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    const token = await t.app.inject({ method: 'GET', url: '/api/leads/token' });
    clock += fillMs;
    vi.setSystemTime(clock);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ formToken: token.json<{ token: string }>().token, ...body }),
    });
    expect(response.statusCode).toBe(201);
    vi.useRealTimers();
    return response.json<{ id: string }>().id;
  }
  const runDueJobs = (at = clock + minute) => t.app.deps.mail.worker.runDueJobs(new Date(at));
  const to = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []);

  it('sends the receipt and the PDF to a bare address with our wording only; staff get every word', async () => {
    clock += 2 * 60 * minute;
    // Names that pass the spam checks (no link, no markup) but carry a message.
    await send({
      ...contactBody,
      name: 'Din konto er spærret. Ring 70 70 70 70',
      email: 'victim@example.dk',
      message: relay,
    });
    await send({ ...emergencyBody(), fuldeNavn: 'Per 12345678', email: 'victim2@example.dk', besked: relay });
    await send({ ...resourceRequestBody, fullName: 'Ring 70 70 70 70 nu', email: 'victim3@example.dk' });
    expect(await runDueJobs()).toEqual({ sent: 6, retried: 0, failed: 0 });
    const mails = await smtp.waitForCount(6);
    for (const address of ['victim@example.dk', 'victim2@example.dk', 'victim3@example.dk']) {
      const [mail] = mails.filter((item) => item.envelope.to.includes(address));
      expect(mail, address).toBeDefined();
      const parsed = mail!.parsed;
      expect(to(parsed)[0]!.value).toEqual([{ address, name: '' }]);
      for (const part of [parsed.subject ?? '', parsed.text ?? '', String(parsed.html)]) {
        expect(part).not.toContain('phish');
        expect(part).not.toContain('spærret');
        expect(part).not.toContain('12345678');
        expect(part).not.toContain('70 70 70 70');
      }
      expect(parsed.text).toMatch(/^Hej,\n/);
    }
    const staff = mails.filter((item) => item.envelope.to.includes(MAIL_TO));
    expect(staff).toHaveLength(3);
    expect(staff.some((item) => item.parsed.text?.includes(relay))).toBe(true);
  });

  it('greets a plain name by name, in To: and the greeting', async () => {
    clock += 2 * 60 * minute;
    await send({ ...contactBody, name: 'Søren Ærø-Østergård', email: 'soren@example.dk' });
    await runDueJobs();
    const [mail] = (await smtp.waitForCount(2)).filter((item) =>
      item.envelope.to.includes('soren@example.dk'),
    );
    expect(to(mail!.parsed)[0]!.value).toEqual([
      { address: 'soren@example.dk', name: 'Søren Ærø-Østergård' },
    ]);
    expect(mail!.parsed.text).toMatch(/^Hej Søren Ærø-Østergård,\n/);
  });

  it('keeps to RECEIPT_MAIL_MAX_PER_HOUR: later receipts wait for the hour, leads and staff e-mails do not', async () => {
    clock += 2 * 60 * minute;
    const start = clock;
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(await send({ ...contactBody, email: `cap-${index}@example.dk` }, 1_000 + 3_000));
    }
    expect(await t.app.deps.db.select().from(leads).where(inArray(leads.id, ids))).toHaveLength(5);
    const receipts = await t.app.deps.db
      .select({ leadId: mailJobs.leadId, runAt: mailJobs.runAt })
      .from(mailJobs)
      .where(and(inArray(mailJobs.leadId, ids), eq(mailJobs.kind, 'lead-receipt')));
    const waiting = receipts.filter((job) => job.runAt.getTime() > clock + minute);
    expect(waiting).toHaveLength(2);
    // Now: 5 staff e-mails and 3 receipts; the other 2 go an hour after the first ones.
    expect(await runDueJobs()).toEqual({ sent: 8, retried: 0, failed: 0 });
    expect(await runDueJobs(start + 30 * minute)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await runDueJobs(start + 2 * 60 * minute)).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect((await smtp.waitForCount(10)).filter((mail) => mail.envelope.to.includes(MAIL_TO))).toHaveLength(
      5,
    );
  });

  it('handles a lead with a weak sign (sent 2 s after the page opened): staff e-mail marked "Mulig spam", receipt sent', async () => {
    clock += 2 * 60 * minute;
    const id = await send({ ...resourceRequestBody, email: 'fast@example.dk' }, 2_000);
    const [row] = await t.app.deps.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ status: 'new', spamReasons: ['too-fast'] });
    expect(await runDueJobs()).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mails = await smtp.waitForCount(2);
    const staff = mails.find((mail) => mail.envelope.to.includes(MAIL_TO))!.parsed;
    expect(staff.subject).toMatch(/^\[Mulig spam\] /);
    expect(staff.text).toContain('Mulig spam: Sendt få sekunder efter, at siden blev åbnet.');
    const pdf = mails.find((mail) => mail.envelope.to.includes('fast@example.dk'))!.parsed;
    expect(pdf.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
  });
});

describeEachDatabase('the upload budget', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { UPLOAD_PENDING_MAX_MB: '60' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  const issue = (ip: string, size?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ contentType: 'image/png', ...(size === undefined ? {} : { size }) }),
    });
  const put = async (uploadURL: string, body: Buffer) => {
    const url = new URL(uploadURL);
    return t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: body });
  };

  it('refuses URLs past the site-wide bytes waiting to be attached with 503 and a Danish message', async () => {
    // 60 MB: six URLs of 10 MB each from six addresses, then none, from anyone.
    for (let index = 0; index < 6; index++) {
      expect((await issue(`10.9.0.${index}`)).statusCode).toBe(200);
    }
    const refused = await issue('10.9.0.99');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: uploadRefusals.siteFull.message });
    expect(refused.headers['retry-after']).toBeDefined();
    // A URL whose bytes arrived counts their real size: room again.
    const [row] = await t.app.deps.db.select().from(uploads).where(eq(uploads.clientIp, '10.9.0.0'));
    await t.app.deps.db.update(uploads).set({ status: 'attached' }).where(eq(uploads.id, row!.id));
    expect((await issue('10.9.0.99')).statusCode).toBe(200);
    await t.app.deps.db.delete(uploads);
  });

  it('gives each IP 200 MB an hour (429), corrected to the real size when the bytes arrive', async () => {
    const perUrl = 10 * 1024 * 1024;
    const fits = Math.floor(uploadBudget.perIpBytesPerHour / perUrl);
    const png = makePng(4, 4);
    let first = '';
    for (let index = 0; index < fits; index++) {
      const answer = await issue('10.8.0.1', perUrl);
      expect(answer.statusCode, `URL ${index + 1}`).toBe(200);
      first ||= answer.json<{ uploadURL: string }>().uploadURL;
      // Nothing waits at the site-wide cap for this test.
      await t.app.deps.db.update(uploads).set({ status: 'attached' });
    }
    const refused = await issue('10.8.0.1', perUrl);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: uploadRefusals.overBudget.message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await issue('10.8.0.2', perUrl)).statusCode).toBe(200);
    // The first photo turned out to be a few bytes: its declared 5 MB come back.
    const firstId = new URL(first).pathname.split('/').pop()!;
    await t.app.deps.db.update(uploads).set({ status: 'issued' }).where(eq(uploads.id, firstId));
    expect((await put(first, png)).statusCode).toBe(200);
    expect((await issue('10.8.0.1', perUrl - 1024)).statusCode).toBe(200);
    expect((await issue('10.8.0.1', perUrl)).statusCode).toBe(429);
    await t.app.deps.db.delete(uploads);
  });

  it('leaves what is attached to a lead alone', async () => {
    const answer = await issue('10.7.0.1');
    const uploadURL = answer.json<{ uploadURL: string }>().uploadURL;
    expect((await put(uploadURL, makePng(3, 3))).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      remoteAddress: '10.7.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(emergencyBody([uploadURL.replace(/\?.*$/, '')])),
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.app.deps.db.select().from(uploads).where(eq(uploads.clientIp, '10.7.0.1'));
    expect(rows.map((row) => row.status)).toEqual(['attached']);
  });
});
