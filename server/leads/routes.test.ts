import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { controlCharacterMessage } from '../../domain/fields.ts';
import { leadSchema } from '../../domain/lead.ts';
import { leadImages, leads, mailJobs, uploads } from '../db/schema.ts';
import { createLead } from './create-lead.ts';
import { makePng, svgImage } from '../../tests/support/images.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { leadBodyLimitBytes } from './submission-limits.ts';

interface ErrorAnswer {
  message: string;
  errors: Record<string, string[]>;
}

describeEachDatabase('POST /api/leads', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    // The spam checks and the submission limits: leads-spam.test.ts, submission-limits.test.ts.
    t = await createTestApp({
      database: target,
      env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0', SPAM_CHECKS: 'off' },
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
      headers: { 'content-type': 'application/json', 'user-agent': 'Testbrowser/1.0', ...headers },
      payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  const counts = async () => ({
    leads: (await db().select({ n: count() }).from(leads))[0]!.n,
    images: (await db().select({ n: count() }).from(leadImages))[0]!.n,
    jobs: (await db().select({ n: count() }).from(mailJobs))[0]!.n,
  });
  const leadRow = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
  /** Posts a lead to `url`, expects it stored (201) and answers its row. */
  const storedRow = async (url: string, body: unknown) => {
    const response = await post(url, body);
    expect(response.statusCode).toBe(201);
    return leadRow(response.json<{ id: string }>().id);
  };
  const jobsOf = async (id: string) =>
    (await db().select().from(mailJobs)).filter((job) => (job.payload as { leadId?: string }).leadId === id);

  /** Asks for an upload URL and PUTs an image there, as the browser does. */
  async function upload(bytes: Buffer, name?: string): Promise<string> {
    const issued = await post('/api/objects/upload', { contentType: 'image/png', ...(name ? { name } : {}) });
    const { uploadURL } = issued.json<{ uploadURL: string }>();
    const url = new URL(uploadURL);
    const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: bytes });
    expect(put.statusCode).toBe(200);
    return `${url.origin}${url.pathname}`;
  }

  let before: Awaited<ReturnType<typeof counts>>;
  beforeEach(async () => {
    before = await counts();
  });
  const expectNothingStored = async () => expect(await counts()).toEqual(before);

  it('stores a contact lead with its fields, answers 201 with a reference and queues its notification and receipt', async () => {
    const response = await post('/api/leads', contactBody);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { id, reference } = response.json<{ id: string; reference: string }>();
    expect(reference).toMatch(/^SK-[2-9A-HJKMNP-Z]{6}$/);
    expect(await leadRow(id)).toMatchObject({
      kind: 'kontakt',
      reference,
      name: 'Anne Hansen',
      email: 'anne@example.dk',
      phone: '+4522345678',
      status: 'new',
      details: { service: 'genhusning', message: contactBody.message },
      userAgent: 'Testbrowser/1.0',
      clientIp: '127.0.0.1',
      spamReasons: null,
    });
    const jobs = await jobsOf(id);
    expect(jobs.map((job) => job.kind).sort()).toEqual(['lead-notification', 'lead-receipt']);
    for (const job of jobs) {
      expect(job).toMatchObject({ status: 'pending', attempts: 0, leadId: id });
    }
    // Queued by the statement that stored the lead.
    expect(jobs[0]!.createdAt).toEqual(jobs[1]!.createdAt);
  });

  it('queues exactly one staff notification and one receipt for a damage report and an emergency', async () => {
    for (const body of [reportBody(), emergencyBody()]) {
      const response = await post('/api/leads', body);
      const jobs = await jobsOf(response.json<{ id: string }>().id);
      expect(jobs.map((job) => job.kind).sort()).toEqual(['lead-notification', 'lead-receipt']);
    }
  });

  it('keeps POST /api/contact for clients that send the contact form without a kind', async () => {
    const { kind: _kind, ...withoutKind } = contactBody;
    const row = await storedRow('/api/contact', { ...withoutKind, phone: '', message: '' });
    expect(row).toMatchObject({ kind: 'kontakt', phone: null, details: { service: 'genhusning' } });
  });

  it('stores an emergency with each field in its own place, not in a text', async () => {
    const row = await storedRow('/api/leads', emergencyBody());
    expect(row).toMatchObject({ kind: 'akut-skade', name: 'Per Jensen', phone: '+4522345678' });
    expect(row.details).toEqual({
      // A private person unless the business is chosen, who did not ask us to start at once.
      personType: 'privatperson',
      adresse: 'Strandvejen 1, 2900 Hellerup',
      forsikringsselskab: 'Tryg',
      skadeNr: 'S-1',
      skadetype: 'vandskade',
      besked: 'Vand i kælderen',
      udtrykkeligAnmodning: 'nej',
      udtrykkeligAnmodningTekst: 'akut-1',
      udtrykkeligAnmodningTid: expect.any(String),
    });
  });

  it('stores a report with the conditional fields of its person type only, CVR and phones normalised', async () => {
    const row = await storedRow('/api/leads', {
      ...reportBody(),
      cvr: '12 34 56 74',
      rekvirentNavn: 'Left over from another choice',
    });
    expect(row).toMatchObject({ kind: 'anmeldelse', name: 'Karen Holm', phone: '+4587654321' });
    expect(row.details).toEqual({
      personType: 'virksomhed',
      adresse: 'Algade 3, 4000 Roskilde',
      virksomhedsnavn: 'Holm ApS',
      cvr: '12345674',
      forsikringsselskab: 'Codan',
      policeNr: 'POL-778',
      skadetype: 'brandskade',
      besked: 'Røgskade i køkken og stue.\nSod på lofterne.',
    });
  });

  it.each([
    ['8 digits failing the check digit', '12345678', 'CVR-nummeret findes ikke – tjek cifrene'],
    ['7 digits', '1234567', 'Indtast et gyldigt CVR-nummer (8 cifre)'],
  ])('refuses a CVR of %s with the message the form shows, storing nothing', async (_what, cvr, message) => {
    const response = await post('/api/leads', { ...reportBody(), cvr });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().errors).toEqual({ cvr: [message] });
    await expectNothingStored();
  });

  it('accepts an international number in E.164 form and stores it normalised', async () => {
    const response = await post('/api/leads', { ...emergencyBody(), telefon: '+46 70 123 45 67' });
    expect(response.statusCode).toBe(201);
    expect((await leadRow(response.json<{ id: string }>().id)).phone).toBe('+46701234567');
  });

  it('refuses an emergency from a number no series holds, storing nothing', async () => {
    const response = await post('/api/leads', { ...emergencyBody(), telefon: '+4500000000' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().errors).toEqual({
      telefon: ['Telefonnummeret findes ikke – tjek cifrene'],
    });
    await expectNothingStored();
    const landline = await post('/api/leads', { ...emergencyBody(), telefon: '+44 20 7946 0958' });
    expect(landline.statusCode).toBe(201);
    expect((await leadRow(landline.json<{ id: string }>().id)).phone).toBe('+442079460958');
  });

  it.each([
    ['name', { name: '' }, 'Navn er påkrævet'],
    ['email', { email: 'ikke-en-mail' }, 'Indtast en gyldig e-mail'],
    ['phone', { phone: '123' }, 'Indtast et gyldigt dansk telefonnummer (8 cifre)'],
    ['phone', { phone: '+4500000000' }, 'Telefonnummeret findes ikke – tjek cifrene'],
    ['phone', { phone: '12 34 56 78' }, 'Telefonnummeret findes ikke – tjek cifrene'],
    ['phone', { phone: '+44 0000 000000' }, 'Telefonnummeret findes ikke – tjek cifrene'],
    [
      'phone',
      { phone: '+46 70' },
      'Indtast et gyldigt udenlandsk nummer: + og landekode, f.eks. +46 70 123 45 67',
    ],
    ['service', { service: 'maling' }, 'Vælg en ydelse'],
    ['message', { message: 'x'.repeat(5001) }, 'Beskeden er for lang (højst 5000 tegn)'],
  ])(
    'refuses an invalid %s with 400 naming the field in Danish, storing nothing',
    async (field, change, message) => {
      const response = await post('/api/leads', { ...contactBody, ...change });
      expect(response.statusCode).toBe(400);
      const body = response.json<ErrorAnswer>();
      expect(body.message).toMatch(/ugyldige/);
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.errors[field]).toContain(message);
      await expectNothingStored();
    },
  );

  it.each([
    ['a NUL byte in a name', { name: 'Anne\u0000Hansen' }, 'name'],
    ['only a NUL byte as name', { name: '\u0000' }, 'name'],
    ['an escape character in a name', { name: 'Anne \u001b[31m' }, 'name'],
    ['a NUL byte in a message', { message: 'Hej\u0000' }, 'message'],
    ['a NUL byte in a phone', { phone: '22345678\u0000' }, 'phone'],
    ['a NUL byte in an e-mail', { email: 'anne\u0000@example.dk' }, 'email'],
  ])('refuses %s with 400, never 500', async (_what, change, field) => {
    const response = await post('/api/leads', { ...contactBody, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual([field]);
    await expectNothingStored();
  });

  it('refuses control characters in a report field and the emergency address with the Danish message', async () => {
    const report = await post('/api/leads', { ...reportBody(), virksomhedsnavn: 'Holm\u0007 ApS' });
    expect(report.json<ErrorAnswer>().errors).toEqual({ virksomhedsnavn: [controlCharacterMessage] });
    const emergency = await post('/api/leads', { ...emergencyBody(), adresse: 'Strandvejen\u00001' });
    expect(emergency.json<ErrorAnswer>().errors).toEqual({ adresse: [controlCharacterMessage] });
    await expectNothingStored();
  });

  it('keeps tab and line breaks in a description', async () => {
    const response = await post('/api/leads', { ...emergencyBody(), besked: 'Kælder:\tvand\r\nStue: tør' });
    expect(response.statusCode).toBe(201);
    expect((await leadRow(response.json<{ id: string }>().id)).details.besked).toBe(
      'Kælder:\tvand\r\nStue: tør',
    );
  });

  it('refuses an unknown kind, a missing field, and a body that is not an object', async () => {
    expect((await post('/api/leads', { ...contactBody, kind: 'spam' })).json<ErrorAnswer>().errors).toEqual({
      kind: ['Ukendt henvendelsestype'],
    });
    const { email: _email, ...noEmail } = contactBody;
    expect((await post('/api/leads', noEmail)).json<ErrorAnswer>().errors).toHaveProperty('email');
    for (const body of ['[]', '"text"', '42', 'null']) {
      expect((await post('/api/leads', body)).statusCode).toBe(400);
    }
    await expectNothingStored();
  });

  it('refuses a body over 64 KiB with 413 on every lead path', async () => {
    for (const url of ['/api/leads', '/api/contact', '/api/send-resource-request']) {
      const response = await post(url, { ...contactBody, message: 'x'.repeat(leadBodyLimitBytes) });
      expect(response.statusCode).toBe(413);
      expect(response.json<ErrorAnswer>().message).toBe('Forespørgslen er for stor.');
    }
    await expectNothingStored();
  });

  it('accepts the largest lead a form can send: every field full, ten photo URLs', async () => {
    const urls = [];
    for (let index = 0; index < 10; index++) urls.push(await upload(makePng(2, 2, [index, 0, 0])));
    const body = {
      ...reportBody(urls),
      personType: 'forsikringsmagler',
      fuldeNavn: 'Æ'.repeat(200),
      adresse: 'Ø'.repeat(300),
      rekvirentNavn: 'Å'.repeat(200),
      rekvirentTelefon: '+45 22 33 44 55',
      rekvirentEmail: 'mette@maegler.dk',
      policeNr: 'P'.repeat(100),
      skadeNr: 'S'.repeat(100),
      besked: 'å'.repeat(5000),
    };
    const size = Buffer.byteLength(JSON.stringify(body));
    expect(size).toBeLessThan(leadBodyLimitBytes);
    const response = await post('/api/leads', body);
    expect(response.statusCode).toBe(201);
  });

  it('refuses anything but JSON with 415, and broken JSON with 400', async () => {
    for (const url of ['/api/leads', '/api/contact', '/api/send-resource-request']) {
      const form = await post(url, 'name=Anne', { 'content-type': 'application/x-www-form-urlencoded' });
      expect(form.statusCode).toBe(415);
      expect(form.json<ErrorAnswer>().message).toMatch(/JSON/);
      expect((await t.app.inject({ method: 'POST', url, payload: 'x' })).statusCode).toBe(415);
      expect((await post(url, '{"name": ')).statusCode).toBe(400);
    }
    await expectNothingStored();
  });

  it('stores a report whose photos are uploads we issued, in order, with type, size and original name', async () => {
    const first = makePng(8, 8, [200, 30, 30]);
    const second = makePng(4, 4, [0, 0, 255]);
    const urls = [await upload(first, 'C:\\Billeder\\køkken.png'), await upload(second)];
    const response = await post('/api/leads', reportBody(urls));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const images = await db()
      .select()
      .from(leadImages)
      .where(eq(leadImages.leadId, id))
      .orderBy(asc(leadImages.position));
    expect(
      images.map(({ position, contentType, bytes, originalName }) => ({
        position,
        contentType,
        bytes,
        originalName,
      })),
    ).toEqual([
      { position: 0, contentType: 'image/png', bytes: first.length, originalName: 'køkken.png' },
      { position: 1, contentType: 'image/png', bytes: second.length, originalName: null },
    ]);
    const stored = await t.app.deps.storage.get(images[0]!.objectKey);
    expect(Buffer.compare(stored!.body, first)).toBe(0);
    expect(JSON.stringify(await leadRow(id))).not.toContain('base64');
    const attached = await db().select().from(uploads).where(eq(uploads.leadId, id));
    expect(attached.map((row) => row.status)).toEqual(['attached', 'attached']);

    // The same upload cannot be sent twice.
    const again = await post('/api/leads', emergencyBody([urls[0]!]));
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorAnswer>().errors).toHaveProperty('images');
  });

  it('refuses an upload that is not an image when it is PUT, so a lead cannot name it', async () => {
    const issued = await post('/api/objects/upload', { contentType: 'image/png' });
    const url = new URL(issued.json<{ uploadURL: string }>().uploadURL);
    const put = await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: svgImage });
    expect(put.statusCode).toBe(415);
    const response = await post('/api/leads', reportBody([`${url.origin}${url.pathname}`]));
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('refuses a forged upload URL, eleven report photos or four emergency photos, storing nothing', async () => {
    const forged = await post(
      '/api/leads',
      emergencyBody(['http://127.0.0.1/api/objects/upload/00000000-0000-4000-8000-000000000000']),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorAnswer>().errors).toHaveProperty('images');
    const eleven = await post('/api/leads', reportBody(Array.from({ length: 11 }, (_, i) => `u${i}`)));
    expect(eleven.json<ErrorAnswer>().errors.images).toEqual(['Du kan højst vedhæfte 10 billeder']);
    const four = await post('/api/leads', emergencyBody(['a', 'b', 'c', 'd']));
    expect(four.json<ErrorAnswer>().errors.images).toEqual(['Du kan højst vedhæfte 3 billeder']);
    await expectNothingStored();
  });

  it('draws a new reference when one is already taken, writing nothing for the collision', async () => {
    const deps = { db: db(), storage: t.app.deps.storage, jobs: t.app.deps.jobs };
    const lead = leadSchema.parse(contactBody);
    const first = await createLead({ ...deps, generateReference: () => 'SK-222222' }, lead);
    const drawn = ['SK-222222', 'SK-222222', 'SK-333333'];
    const second = await createLead({ ...deps, generateReference: () => drawn.shift()! }, lead);
    expect([first.reference, second.reference]).toEqual(['SK-222222', 'SK-333333']);
    expect(await counts()).toEqual({ ...before, leads: before.leads + 2, jobs: before.jobs + 4 });
  });

  it('stores a resource request and queues the PDF e-mail and the staff notification, no receipt', async () => {
    const response = await post('/api/leads', resourceRequestBody);
    expect(response.statusCode).toBe(201);
    const { id, reference } = response.json<{ id: string; reference: string }>();
    expect(reference).toMatch(/^RS-/);
    expect(await leadRow(id)).toMatchObject({
      kind: 'ressource',
      name: 'Lars Berg',
      phone: '+4522345678',
      details: {
        companyName: 'Berg Ejendomme',
        resourceTitle: 'Er du klar til skybrud?',
        resourceType: 'Tjekliste',
      },
    });
    expect((await jobsOf(id)).map((job) => job.kind).sort()).toEqual([
      'lead-notification',
      'resource-delivery',
    ]);
  });

  it('keeps POST /api/send-resource-request for clients that send no kind', async () => {
    const { kind: _kind, ...withoutKind } = resourceRequestBody;
    const response = await post('/api/send-resource-request', withoutKind);
    expect(response.statusCode).toBe(201);
    expect((await leadRow(response.json<{ id: string }>().id)).kind).toBe('ressource');
  });

  it.each([
    ['fullName', { fullName: '  ' }],
    ['email', { email: 'lars' }],
    ['phone', { phone: '' }],
    ['resourceTitle', { resourceTitle: 'Hemmelig bog' }],
    ['resourceType', { resourceType: 'Video' }],
  ])('refuses a resource request with an invalid %s', async (field, change) => {
    const response = await post('/api/leads', { ...resourceRequestBody, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorAnswer>().errors)).toEqual([field]);
    await expectNothingStored();
  });
});
