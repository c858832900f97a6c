import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { company } from '../../app/content/company.ts';
import { buildResourcePdfs } from '../../scripts/build-pdfs.mjs';
import { mailJobs } from '../db/schema.ts';
import {
  contactFormBody,
  emergencyBody,
  reportBody,
  resourceRequestBody,
} from '../routes/contact-fixtures.ts';
import { makePng } from '../storage/test-images.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startTestSmtp, type TestSmtp } from './test-smtp.ts';

const MAIL_TO = 'leads@skade.test';
const MAIL_FROM = '"Skadekompagniet" <no-reply@skade.test>';

let pdfDir: string;
beforeAll(async () => {
  pdfDir = mkdtempSync(join(tmpdir(), 'resource-pdfs-'));
  await buildResourcePdfs({ outDir: pdfDir });
});
afterAll(() => rmSync(pdfDir, { recursive: true, force: true }));

function text(mail: ParsedMail): string {
  return mail.text ?? '';
}
function html(mail: ParsedMail): string {
  return typeof mail.html === 'string' ? mail.html : '';
}
function addresses(field: ParsedMail['to'] | ParsedMail['replyTo']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}

async function submit(t: TestApp, url: string, body: unknown) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; reference: string }>();
}

describeEachDatabase('mail delivery over SMTP', (target) => {
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      database: target,
      env: {
        SMTP_URL: smtp.url,
        MAIL_TO,
        MAIL_FROM,
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        PUBLIC_URL: 'http://127.0.0.1:3999',
      },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const worker = () => t.app.deps.mail.worker;

  it('sends the staff a notification with every field of a contact form, user text escaped', async () => {
    const { reference } = await submit(t, '/api/contact', {
      ...contactFormBody,
      name: 'Anne <script>alert("x")</script> Hansen',
      message: 'Linje 1\nLinje 2 & <b>fed</b>',
    });
    expect(await worker().runDueJobs()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Kontaktformular: Genhusning – ${reference}`);
    expect(addresses(mail!.to)).toEqual([MAIL_TO]);
    expect(addresses(mail!.replyTo)).toEqual(['anne@example.dk']);
    expect(mail!.from?.text).toContain('no-reply@skade.test');
    for (const part of [reference, 'anne@example.dk', '12 34 56 78', 'Genhusning', 'Linje 2 & <b>fed</b>']) {
      expect(text(mail!)).toContain(part);
    }
    expect(text(mail!)).toContain('Anne <script>alert("x")</script> Hansen');
    expect(html(mail!)).not.toContain('<script>');
    expect(html(mail!)).toContain('Anne &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Hansen');
    expect(html(mail!)).toContain('Linje 1<br>Linje 2 &amp; &lt;b&gt;fed&lt;/b&gt;');
    expect(html(mail!)).toContain('href="tel:+4512345678"');
  });

  it('attaches the damage report images ("Klar til email") and lists every field', async () => {
    const red = makePng(6, 6, [255, 0, 0]);
    const blue = makePng(5, 5, [0, 0, 255]);
    const { reference } = await submit(
      t,
      '/api/contact',
      reportBody([
        `data:image/png;base64,${red.toString('base64')}`,
        `data:image/png;base64,${blue.toString('base64')}`,
      ]),
    );
    await worker().runDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Skadeanmeldelse: Brandskade – ${reference}`);
    expect(addresses(mail!.replyTo)).toEqual(['karen@holm.dk']);
    const body = text(mail!);
    for (const part of [
      'Karen Holm',
      '87 65 43 21',
      'Forsikringsselskab: Codan',
      'Skadetype: Brandskade',
      'Adresse: Algade 3, 4000 Roskilde',
      'Policenummer: POL-778',
      'Skadenummer: Ikke angivet',
      'Hvem er du: Virksomhed',
      'Virksomhedsnavn: Holm ApS',
      'CVR: 12345674',
      'Sod på lofterne.',
      'billede-1.png – Klar til email',
    ]) {
      expect(body).toContain(part);
    }
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['billede-1.png', 'image/png'],
      ['billede-2.png', 'image/png'],
    ]);
    expect(Buffer.compare(mail!.attachments[0]!.content, red)).toBe(0);
    expect(Buffer.compare(mail!.attachments[1]!.content, blue)).toBe(0);
  });

  it('links the emergency images with signed, time-limited URLs that download the same bytes', async () => {
    const image = makePng(7, 7, [10, 200, 10]);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
    });
    const { uploadURL } = issued.json<{ uploadURL: string }>();
    const put = new URL(uploadURL);
    await t.app.inject({
      method: 'PUT',
      url: put.pathname + put.search,
      payload: image,
      headers: { 'content-type': 'image/png' },
    });
    const { reference } = await submit(t, '/api/contact', emergencyBody([uploadURL]));
    await worker().runDueJobs();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Akut skade: Vandskade – ${reference}`);
    expect(text(mail!)).toContain('ring til kunden inden for 15 minutter');
    expect(text(mail!)).toContain('Skadenummer: S-1');
    expect(mail!.attachments).toHaveLength(0);
    const link = /- Billede 1: (\S+)/.exec(text(mail!))?.[1];
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3999\/api\/objects\/uploads\//);
    const url = new URL(link!);
    expect(url.searchParams.get('signature')).toBeTruthy();
    const download = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, image)).toBe(0);
    const unsigned = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('e-mails the requested checklist as a valid PDF and notifies the staff', async () => {
    const { reference } = await submit(t, '/api/send-resource-request', resourceRequestBody);
    expect(await worker().runDueJobs()).toMatchObject({ sent: 2 });
    const mails = await smtp.waitFor(2);
    const delivery = mails.find((mail) => addresses(mail.to).includes('lars@example.dk'))!;
    const staff = mails.find((mail) => addresses(mail.to).includes(MAIL_TO))!;

    expect(delivery.subject).toBe('Din tjekliste: Er du klar til skybrud?');
    expect(text(delivery)).toContain('Hej Lars Berg');
    expect(text(delivery)).toContain(company.phoneDisplay);
    expect(delivery.attachments).toHaveLength(1);
    const pdf = delivery.attachments[0]!;
    expect(pdf.filename).toBe('skybrud-tjekliste.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf.content);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(document.getTitle()).toBe('Er du klar til skybrud?');

    expect(staff.subject).toBe(`Ressource anmodet: Er du klar til skybrud? – ${reference}`);
    expect(addresses(staff.replyTo)).toEqual(['lars@example.dk']);
    for (const part of ['Lars Berg', 'lars@example.dk', '12 34 56 78', 'Berg Ejendomme', 'Tjekliste']) {
      expect(text(staff)).toContain(part);
    }
  });

  it('delivers every e-mail exactly once after an SMTP outage', async () => {
    await smtp.stop();
    const references: string[] = [];
    for (let i = 0; i < 3; i++) {
      references.push(
        (await submit(t, '/api/contact', { ...contactFormBody, name: `Kunde ${i}` })).reference,
      );
    }
    const down = await worker().runDueJobs();
    expect(down).toEqual({ sent: 0, retried: 3, failed: 0 });
    const pending = await t.app.deps.db.select().from(mailJobs).where(eq(mailJobs.status, 'pending'));
    expect(pending).toHaveLength(3);
    expect(
      pending.every((job) => job.attempts === 1 && job.lastError && job.runAt.getTime() > Date.now()),
    ).toBe(true);
    // Still down a little later: tried again, still kept.
    expect(await worker().runDueJobs(new Date(Date.now() + 10_000))).toEqual({
      sent: 0,
      retried: 3,
      failed: 0,
    });

    await smtp.start();
    // Not due yet: nothing is sent before the back-off has passed.
    expect(await worker().runDueJobs()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await worker().runDueJobs(new Date(Date.now() + 60_000))).toEqual({
      sent: 3,
      retried: 0,
      failed: 0,
    });
    expect(await worker().runDueJobs(new Date(Date.now() + 3_600_000))).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });

    const mails = await smtp.waitFor(3);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(3);
    expect(mails.map((mail) => /SK-\w{6}/.exec(mail.subject ?? '')?.[0]).sort()).toEqual(
      [...references].sort(),
    );
  });
});

describe('the mail worker in the background', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_TO, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { pdfDir },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends a new submission within seconds without being asked', async () => {
    const started = Date.now();
    const { reference } = await submit(t, '/api/contact', contactFormBody);
    const [mail] = await smtp.waitFor(1, 5_000);
    expect(mail!.subject).toContain(reference);
    // Woken by the submission, not by the 5-second poll.
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { MAIL_TO, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false, pdfDir },
    });
  });
  afterAll(() => t.close());

  it('writes each e-mail as an .eml file in DATA_DIR/mail', async () => {
    const { reference } = await submit(t, '/api/send-resource-request', resourceRequestBody);
    expect(await t.app.deps.mail.worker.runDueJobs()).toMatchObject({ sent: 2 });
    const dir = join(t.dataDir, 'mail');
    const files = (await readdir(dir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(join(dir, file)))),
    );
    const staff = parsed.find((mail) => mail.subject?.includes(reference));
    expect(staff && addresses(staff.to)).toEqual([MAIL_TO]);
    const delivery = parsed.find((mail) => mail.attachments.length === 1);
    expect(delivery?.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
