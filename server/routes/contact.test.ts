import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { contactSubmissions, mailJobs, resourceRequests, uploads } from '../db/schema.ts';
import { makePng, svgImage } from '../storage/test-images.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { contactApiPayloadSchema } from '../../domain/contact-api.ts';
import { createContactSubmission } from '../services/contact-submissions.ts';
import { contactFormBody, emergencyBody, reportBody, resourceRequestBody } from './contact-fixtures.ts';
import { contactBodyLimit } from './submission-limits.ts';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describeEachDatabase('POST /api/contact and /api/send-resource-request', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.app.deps.db;
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  const counts = async () => ({
    submissions: (await db().select({ n: count() }).from(contactSubmissions))[0]!.n,
    requests: (await db().select({ n: count() }).from(resourceRequests))[0]!.n,
    jobs: (await db().select({ n: count() }).from(mailJobs))[0]!.n,
  });
  const objectFiles = async () => {
    const dir = join(t.dataDir, 'objects');
    return existsSync(dir)
      ? (await readdir(dir, { recursive: true })).map(String).filter((f) => f.includes('.'))
      : [];
  };

  let before: Awaited<ReturnType<typeof counts>>;
  beforeEach(async () => {
    before = await counts();
  });
  const expectNothingStored = async () => expect(await counts()).toEqual(before);

  it('stores a contact form submission, answers 201 with a reference and enqueues its notification', async () => {
    const response = await post('/api/contact', contactFormBody);
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json<{ id: string; reference: string }>();
    expect(reference).toMatch(/^SK-[2-9A-HJKMNP-Z]{6}$/);
    const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      reference,
      type: 'general',
      name: 'Anne Hansen',
      email: 'anne@example.dk',
      phone: '+4512345678',
      service: 'genhusning',
      message: contactFormBody.message,
      images: null,
    });
    const jobs = await db().select().from(mailJobs);
    expect(jobs.filter((job) => (job.payload as { submissionId?: string }).submissionId === id)).toEqual([
      expect.objectContaining({ kind: 'submission-notification', status: 'pending', attempts: 0 }),
    ]);
  });

  it('accepts the contact form with only name, e-mail and service', async () => {
    const response = await post('/api/contact', { name: 'Bo', email: 'bo@example.dk', service: 'andet' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['name', { name: '' }, 'Navn er påkrævet'],
    ['email', { email: 'ikke-en-mail' }, 'Indtast en gyldig e-mail'],
    ['phone', { phone: '123' }, 'Indtast et gyldigt dansk telefonnummer (8 cifre)'],
    ['service', { service: 'maling' }, 'Vælg en ydelse'],
    ['message', { message: 'x'.repeat(5001) }, 'Beskeden er for lang (højst 5000 tegn)'],
  ])('refuses an invalid %s with 400 naming the field, storing nothing', async (field, change, message) => {
    const response = await post('/api/contact', { ...contactFormBody, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.message).toMatch(/ugyldige/);
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toContain(message);
    await expectNothingStored();
  });

  it('refuses a missing required field and an unknown type', async () => {
    const { email: _email, ...noEmail } = contactFormBody;
    expect((await post('/api/contact', noEmail)).json().errors).toHaveProperty('email');
    expect((await post('/api/contact', { ...contactFormBody, type: 'spam' })).json().errors).toHaveProperty(
      'type',
    );
    await expectNothingStored();
  });

  it('stores a damage report with its images as objects, references in the row, never base64', async () => {
    const png = makePng(8, 8, [200, 30, 30]);
    const response = await post(
      '/api/contact',
      reportBody([dataUrl('image/png', png), dataUrl('image/gif', gif)]),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row!.type).toBe('anmeldelse');
    expect(row!.service).toBe('Codan - Brandskade');
    expect(row!.message).toContain('Virksomhedsnavn: Holm ApS\nCVR: 12345674');
    expect(row!.images).toEqual([`object:reports/${id}/billede-1.png`, `object:reports/${id}/billede-2.gif`]);
    expect(JSON.stringify(row)).not.toContain('base64');
    const stored = await t.app.deps.storage.get(`reports/${id}/billede-1.png`);
    expect(stored?.contentType).toBe('image/png');
    expect(Buffer.compare(stored!.body, png)).toBe(0);
  });

  it.each([
    ['text dressed as a PNG', dataUrl('image/png', Buffer.from('Dette er ikke et billede, bare tekst.'))],
    ['an SVG', dataUrl('image/svg+xml', svgImage)],
    ['an SVG declared as PNG', dataUrl('image/png', svgImage)],
    [
      'a PDF declared as JPEG',
      dataUrl('image/jpeg', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')),
    ],
  ])('refuses a report image that is %s with 400 naming the image, storing nothing', async (_what, image) => {
    const filesBefore = await objectFiles();
    const response = await post('/api/contact', reportBody([dataUrl('image/png', makePng()), image]));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors)).toEqual(['images.1']);
    expect(body.message).toMatch(/Billede 2/);
    await expectNothingStored();
    expect(await objectFiles()).toEqual(filesBefore);
  });

  it('refuses more than 10 report images and an image over 10 MB with 400', async () => {
    const png = dataUrl('image/png', makePng());
    const many = await post('/api/contact', reportBody(Array.from({ length: 11 }, () => png)));
    expect(many.statusCode).toBe(400);
    expect(many.json().errors).toHaveProperty('images');
    const big = Buffer.concat([makePng(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await post('/api/contact', reportBody([dataUrl('image/png', big)]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().errors['images.0']).toEqual(['Billedet er større end 10 MB']);
    await expectNothingStored();
  });

  it('accepts ten report images of (almost) 10 MB each in one request', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(10 * 1024 * 1024 - makePng().length)]);
    const response = await post(
      '/api/contact',
      reportBody(Array.from({ length: 10 }, () => dataUrl('image/png', big))),
    );
    expect(response.statusCode).toBe(201);
  }, 60_000);

  it('refuses a body over the limit with 413', async () => {
    const response = await post('/api/contact', Buffer.alloc(contactBodyLimit + 1, 0x20));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBeTruthy();
    const resource = await post('/api/send-resource-request', {
      ...resourceRequestBody,
      companyName: 'x'.repeat(20_000),
    });
    expect(resource.statusCode).toBe(413);
    await expectNothingStored();
  });

  it('refuses anything but JSON with 415', async () => {
    for (const url of ['/api/contact', '/api/send-resource-request']) {
      const text = await post(url, 'name=Anne', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toMatch(/JSON/);
      const none = await t.app.inject({ method: 'POST', url, payload: 'x' });
      expect(none.statusCode).toBe(415);
    }
    await expectNothingStored();
  });

  it('refuses broken JSON with 400', async () => {
    const response = await post('/api/contact', '{"name": ');
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('stores an emergency whose images are uploads we issued, and attaches them', async () => {
    const urls: string[] = [];
    for (const colour of [
      [0, 0, 255],
      [0, 255, 0],
    ] as const) {
      const issued = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: { 'content-type': 'application/json' },
      });
      const { uploadURL } = issued.json<{ uploadURL: string }>();
      const url = new URL(uploadURL);
      const put = await t.app.inject({
        method: 'PUT',
        url: url.pathname + url.search,
        payload: makePng(4, 4, [...colour]),
        headers: { 'content-type': 'image/png' },
      });
      expect(put.statusCode).toBeLessThan(300);
      urls.push(uploadURL);
    }
    const response = await post('/api/contact', emergencyBody(urls));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row!.type).toBe('akut-skade');
    expect(row!.service).toBe('Tryg - Vandskade');
    expect(row!.images).toHaveLength(2);
    expect(row!.images!.every((image) => image.startsWith('object:uploads/'))).toBe(true);
    const attached = await db().select().from(uploads).where(eq(uploads.submissionId, id));
    expect(attached.map((upload) => upload.status)).toEqual(['attached', 'attached']);

    // The same upload cannot be sent twice.
    const again = await post('/api/contact', emergencyBody([urls[0]!]));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveProperty('images');
  });

  it('refuses an emergency with a forged upload URL or four images, storing nothing', async () => {
    const forged = await post(
      '/api/contact',
      emergencyBody(['http://127.0.0.1/api/objects/upload/00000000-0000-4000-8000-000000000000']),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors).toHaveProperty('images');
    const four = await post('/api/contact', emergencyBody(['a', 'b', 'c', 'd']));
    expect(four.statusCode).toBe(400);
    expect(four.json().errors).toHaveProperty('images');
    await expectNothingStored();
  });

  it('refuses an emergency without phone or with a malformed service', async () => {
    const response = await post('/api/contact', { ...emergencyBody(), phone: '', service: 'Tryg' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['phone', 'service']);
    await expectNothingStored();
  });

  it('draws a new reference when one is already taken, writing nothing for the collision', async () => {
    const deps = { db: db(), sql: t.app.deps.sql, storage: t.app.deps.storage, mail: { notify() {} } };
    const payload = contactApiPayloadSchema.parse(contactFormBody);
    const first = await createContactSubmission({ ...deps, generateReference: () => 'SK-222222' }, payload);
    const drawn = ['SK-222222', 'SK-222222', 'SK-333333'];
    const second = await createContactSubmission(
      { ...deps, generateReference: () => drawn.shift()! },
      payload,
    );
    expect([first.reference, second.reference]).toEqual(['SK-222222', 'SK-333333']);
    expect(await counts()).toEqual({ ...before, submissions: before.submissions + 2, jobs: before.jobs + 2 });
  });

  it('stores a resource request and enqueues the PDF e-mail and the staff notification', async () => {
    const response = await post('/api/send-resource-request', resourceRequestBody);
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json<{ id: string; reference: string }>();
    expect(reference).toMatch(/^RS-/);
    const [row] = await db().select().from(resourceRequests).where(eq(resourceRequests.id, id));
    expect(row).toMatchObject({ fullName: 'Lars Berg', phone: '+4512345678', companyName: 'Berg Ejendomme' });
    const jobs = (await db().select().from(mailJobs)).filter(
      (job) => (job.payload as { requestId?: string }).requestId === id,
    );
    expect(jobs.map((job) => job.kind).sort()).toEqual(['resource-delivery', 'resource-notification']);
  });

  it.each([
    ['fullName', { fullName: '  ' }],
    ['email', { email: 'lars' }],
    ['phone', { phone: '' }],
    ['resourceTitle', { resourceTitle: 'Hemmelig bog' }],
    ['resourceType', { resourceType: 'Video' }],
  ])('refuses a resource request with an invalid %s', async (field, change) => {
    const response = await post('/api/send-resource-request', { ...resourceRequestBody, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
    await expectNothingStored();
  });
});

describeEachDatabase('submission rate limit', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2' },
      mail: { startWorker: false },
    });
  });
  afterAll(() => t.close());

  it('answers 429 in Danish after the configured number of submissions per minute', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: contactFormBody,
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/For mange/);
  });
});
