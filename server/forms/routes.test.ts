/**
 * The forms as plain HTML against the built pages (build/client, build/form-render: `npm test`
 * builds before it runs these): what a browser without scripts posts, and what it gets back.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limits } from '../../domain/constants.ts';
import { imageMessages } from '../../domain/images.ts';
import { plainFormMessages } from '../../domain/plain-forms.ts';
import { tooManySubmissionsMessage } from '../../domain/spam.ts';
import { makePng, makePngHeader } from '../../tests/support/images.ts';
import { leadImages, leads, mailJobs, uploads } from '../db/schema.ts';
import { uploadBudgetMessages } from '../uploads/errors.ts';
import { formCookieName } from './form-cookie.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { formCookieFrom, formFieldsOf, multipartForm, plainFormTestApp } from '../test/plain-forms.ts';
import type { TestApp } from '../test/test-app.ts';

/** Text fields as a browser posts them (URL-encoded). */
const urlEncoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describeEachDatabase('the forms as plain HTML', (target) => {
  let t: TestApp;
  let limited: TestApp;
  let small: TestApp;
  beforeAll(async () => {
    [t, limited, small] = await Promise.all([
      plainFormTestApp(target),
      plainFormTestApp(target, { env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2' } }),
      // The smallest upload budget: one photo's 10 MB.
      plainFormTestApp(target, { env: { UPLOAD_PENDING_MAX_MB: '10' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), limited.close(), small.close()]);
  });

  const post = (url: string, fields: Record<string, string>, cookie = formCookieFrom(), app = t) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: urlEncoded(fields),
    });

  const leadCount = async (app = t) => (await app.app.deps.db.select({ n: count() }).from(leads))[0]!.n;

  async function storedLead(location: string | undefined, kind: string) {
    expect(location).toMatch(new RegExp(`^/tak\\?ref=[A-Z]{2}-[A-Z0-9]{6}&type=${kind}#tak-besked$`));
    const reference = new URL(location!, 'http://x').searchParams.get('ref')!;
    const [row] = await t.app.deps.db.select().from(leads).where(eq(leads.reference, reference));
    expect(row).toBeDefined();
    const jobs = await t.app.deps.db.select().from(mailJobs).where(eq(mailJobs.leadId, row!.id));
    return { row: row!, reference, jobs: jobs.map((job) => job.kind) };
  }

  it('serves each form page with a form token in a cookie of its own, kept by no shared cache', async () => {
    for (const path of ['/contact', '/akut-skade', '/anmeldelse', '/resources']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie, path).toMatch(new RegExp(`^${formCookieName}=\\d+\\.\\d+\\.`));
      expect(cookie, path).toContain('HttpOnly');
      expect(cookie, path).toContain('SameSite=Lax');
      expect(response.headers['cache-control'], path).toBe('private, no-cache');
    }
    const other = await t.app.inject({ method: 'GET', url: '/about' });
    expect(other.headers['set-cookie']).toBeUndefined();
  });

  it('answers an empty contact form with the page again: Danish messages, what was typed, nothing stored', async () => {
    const before = await leadCount();
    const response = await post('/contact', {
      name: '',
      email: 'ikke-en-adresse',
      message: 'Hjælp <med> "vand"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('Navn er påkrævet');
    expect(html).toContain('Vælg en ydelse');
    expect(html).toContain('value="ikke-en-adresse"');
    // Typed text comes back escaped, never as markup.
    expect(html).toContain('Hjælp &lt;med&gt; &quot;vand&quot;');
    expect(html).toContain('data-answered=""');
    expect(html.match(/<form\b/g)).toHaveLength(1);
    expect(await leadCount()).toBe(before);
  });

  it('answers an emergency from a number no series holds with the page again and the Danish message', async () => {
    const before = await leadCount();
    const response = await post(
      '/akut-skade',
      formFieldsOf({ ...emergencyBody(), telefon: '+45 00 00 00 00' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Telefonnummeret findes ikke – tjek cifrene');
    expect(response.body).toContain('value="+45 00 00 00 00"');
    expect(await leadCount()).toBe(before);
  });

  it('stores a complete contact form like the API does and sends the browser to /tak with the reference', async () => {
    const response = await post('/contact', formFieldsOf(contactBody));
    expect(response.statusCode).toBe(303);
    const lead = await storedLead(response.headers.location, 'kontakt');
    expect(lead.row.spamReasons ?? []).toEqual([]);
    expect(lead.jobs).toContain('lead-notification');

    const thanks = await t.app.inject({ method: 'GET', url: response.headers.location! });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.headers['cache-control']).toBe('no-store');
    expect(thanks.body).toContain(lead.reference);
    expect(thanks.body.match(/id="tak-besked"/g)).toHaveLength(1);
  });

  it('stores the ticked express request of a private person on the emergency form and the damage report', async () => {
    // Other people than the other tests' emergencies: not taken for repeats of theirs.
    const person = (n: number) => ({
      fuldeNavn: `Ida Holm ${n}`,
      telefon: `2299887${n}`,
      email: `ida${n}@example.dk`,
      adresse: `Bakkevej ${n}, 4000 Roskilde`,
    });
    const ticked = [
      ['/akut-skade', { ...emergencyBody(), ...person(1) }],
      ['/anmeldelse', { ...reportBody(), ...person(2) }],
    ] as const;
    for (const [url, body] of ticked) {
      // A ticked checkbox posts 'on'; an unticked one is not posted at all.
      const fields = { ...formFieldsOf(body), personType: 'privatperson', udtrykkeligAnmodning: 'on' };
      const response = await post(url, fields);
      expect(response.statusCode, response.body).toBe(303);
      const lead = await storedLead(response.headers.location, body.kind);
      expect(lead.row.details, url).toMatchObject({
        udtrykkeligAnmodning: 'ja',
        udtrykkeligAnmodningTekst: 'akut-1',
      });
    }
    const unticked = await post('/akut-skade', formFieldsOf({ ...emergencyBody(), ...person(3) }));
    const lead = await storedLead(unticked.headers.location, 'akut-skade');
    expect(lead.row.details).toMatchObject({ personType: 'privatperson', udtrykkeligAnmodning: 'nej' });
  });

  it('shows /tak as prerendered for a reference we never make', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/tak?ref=<script>&type=kontakt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>&');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('takes an emergency with photos as multipart, stored and attached to the lead', async () => {
    const body = await multipartForm(formFieldsOf(emergencyBody()), [makePng(8, 8), makePng(9, 9)]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/akut-skade',
      headers: { 'content-type': body.contentType, cookie: formCookieFrom() },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(303);
    const lead = await storedLead(response.headers.location, 'akut-skade');
    const images = await t.app.deps.db.select().from(leadImages).where(eq(leadImages.leadId, lead.row.id));
    expect(images).toHaveLength(2);
  });

  it('refuses more photos than the form takes, and one that is not an image, keeping the typed values', async () => {
    const before = await leadCount();
    const tooMany = await multipartForm(
      formFieldsOf(emergencyBody()),
      Array.from({ length: limits.emergencyMaxImages + 1 }, () => makePng()),
    );
    const many = await t.app.inject({
      method: 'POST',
      url: '/akut-skade',
      headers: { 'content-type': tooMany.contentType, cookie: formCookieFrom() },
      payload: tooMany.payload,
    });
    expect(many.statusCode).toBe(400);
    expect(many.body).toContain(imageMessages.tooMany(limits.emergencyMaxImages));
    expect(many.body).toContain('value="Per Jensen"');

    const notImage = await multipartForm(formFieldsOf(reportBody()), [Buffer.from('%PDF-1.7 a document')]);
    const document = await t.app.inject({
      method: 'POST',
      url: '/anmeldelse',
      headers: { 'content-type': notImage.contentType, cookie: formCookieFrom() },
      payload: notImage.payload,
    });
    expect(document.statusCode).toBe(400);
    expect(document.body).toContain(imageMessages.notImage);
    expect(await leadCount()).toBe(before);
  });

  /** Every file under the app's object store (photos, their type files, temporary files). */
  async function storedObjects(app = t): Promise<string[]> {
    try {
      return (await readdir(join(app.dataDir, 'objects'), { recursive: true })).map(String).sort();
    } catch {
      return [];
    }
  }
  const unsentUploads = async (app = t) =>
    (await app.app.deps.db.select({ n: count() }).from(uploads).where(ne(uploads.status, 'attached')))[0]!.n;
  const postMultipart = async (
    url: string,
    body: Awaited<ReturnType<typeof multipartForm>>,
    app = t,
    cookie = formCookieFrom(),
  ) =>
    app.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': body.contentType, cookie },
      payload: body.payload,
    });

  it("refuses photos with the upload API's 503 and message when the site is full, and stores none", async () => {
    // Another visitor's upload URL takes the whole 10 MB budget.
    const reserved = await small.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      remoteAddress: '10.30.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ size: limits.maxImageBytes }),
    });
    expect(reserved.statusCode).toBe(200);
    const objects = await storedObjects(small);
    const before = await leadCount(small);
    const report = await multipartForm(formFieldsOf(reportBody()), [
      makePng(8, 8),
      makePng(9, 9),
      makePng(10, 10),
    ]);
    const response = await postMultipart('/anmeldelse', report, small);
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain(uploadBudgetMessages.siteFull.split(',')[0]);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await leadCount(small)).toBe(before);
    expect(await storedObjects(small)).toEqual(objects);
    expect(await unsentUploads(small)).toBe(1);
  });

  it('deletes the photos of a form it answers instead of taking: a missing field, the time trap', async () => {
    const objects = await storedObjects();
    const unsent = await unsentUploads();
    const { fuldeNavn: _name, ...withoutName } = formFieldsOf(reportBody());
    const incomplete = await multipartForm(withoutName, [makePng(8, 8), makePng(9, 9)]);
    const missing = await postMultipart('/anmeldelse', incomplete);
    expect(missing.statusCode).toBe(400);
    expect(await storedObjects()).toEqual(objects);
    expect(await unsentUploads()).toBe(unsent);

    const quick = await multipartForm(formFieldsOf(emergencyBody()), [makePng(8, 8)]);
    const trapped = await postMultipart('/akut-skade', quick, t, formCookieFrom(1));
    expect(trapped.statusCode).toBe(400);
    expect(trapped.body).toContain(plainFormMessages.tooFast);
    expect(await storedObjects()).toEqual(objects);
    expect(await unsentUploads()).toBe(unsent);
  });

  it('refuses a photo whose header claims 30000 × 30000 pixels, with a Danish message', async () => {
    const before = await leadCount();
    const objects = await storedObjects();
    const bomb = await multipartForm(formFieldsOf(emergencyBody()), [makePngHeader(30000, 30000)]);
    const response = await postMultipart('/akut-skade', bomb);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(imageMessages.tooManyPixels.split(' (')[0]);
    expect(response.body).toContain('megapixel');
    expect(await leadCount()).toBe(before);
    expect(await storedObjects()).toEqual(objects);
  });

  it('takes a damage report from a company without photos, and a resource request', async () => {
    const report = await multipartForm(formFieldsOf(reportBody()), []);
    const response = await t.app.inject({
      method: 'POST',
      url: '/anmeldelse',
      headers: { 'content-type': report.contentType, cookie: formCookieFrom() },
      payload: report.payload,
    });
    expect(response.statusCode).toBe(303);
    const lead = await storedLead(response.headers.location, 'anmeldelse');
    expect(lead.row.kind).toBe('anmeldelse');

    const resource = await post('/resources', {
      fullName: 'Bo Berg',
      email: 'bo@example.dk',
      phone: '22 34 56 78',
      companyName: '',
      resourceTitle: 'Er du klar til skybrud?',
      resourceType: 'Tjekliste',
    });
    expect(resource.statusCode).toBe(303);
    await storedLead(resource.headers.location, 'ressource');
  });

  it('answers a resource request for no resource of ours with a 400, not an error page', async () => {
    const response = await post('/resources', { fullName: 'X', resourceTitle: 'Gratis penge' });
    expect(response.statusCode).toBe(400);
  });

  it('sends back a form posted within seconds of its page, and files one posted without the page as spam', async () => {
    const before = await leadCount();
    const fast = await post('/contact', formFieldsOf(contactBody), formCookieFrom(1));
    expect(fast.statusCode).toBe(400);
    expect(fast.body).toContain(plainFormMessages.tooFast);
    expect(fast.body).toContain(`value="${contactBody.name}"`);
    expect(await leadCount()).toBe(before);

    const blind = await post('/contact', formFieldsOf(contactBody), '');
    expect(blind.statusCode).toBe(303);
    const lead = await storedLead(blind.headers.location, 'kontakt');
    expect(lead.row.status).toBe('spam');
    expect(lead.jobs).toEqual([]);

    const trapped = await post('/contact', { ...formFieldsOf(contactBody), website: 'http://spam.example' });
    expect(trapped.statusCode).toBe(303);
    expect((await storedLead(trapped.headers.location, 'kontakt')).row.status).toBe('spam');
  });

  it('spends the cookie token with the lead: the same token a second time is spam', async () => {
    const cookie = formCookieFrom();
    const first = await post('/contact', formFieldsOf(contactBody), cookie);
    expect((await storedLead(first.headers.location, 'kontakt')).row.status).not.toBe('spam');
    const second = await post('/contact', formFieldsOf(contactBody), cookie);
    expect((await storedLead(second.headers.location, 'kontakt')).row.status).toBe('spam');
  });

  it('answers over the submission limit with the form kept and the Danish message (429)', async () => {
    let response = await post('/contact', formFieldsOf(contactBody), formCookieFrom(), limited);
    for (let attempt = 0; attempt < 3 && response.statusCode !== 429; attempt++)
      response = await post('/contact', formFieldsOf(contactBody), formCookieFrom(), limited);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).toContain(tooManySubmissionsMessage.split(' –')[0]);
    expect(response.body).toContain(`value="${contactBody.name}"`);
  });

  it('takes only form bodies: JSON to a page is refused with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(contactBody),
    });
    expect(response.statusCode).toBe(415);
  });
});
