import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseProgress, caseStepLabels } from '../../domain/case-steps.ts';
import { company } from '../../domain/company.ts';
import { casePage, limits } from '../../domain/constants.ts';
import { leadStatuses } from '../../domain/lead.ts';
import { imageMessages } from '../../domain/images.ts';
import { makePng, makePngHeader } from '../../tests/support/images.ts';
import { caseLinks, casePhotos, leadImages, leadMessages, leads, uploads } from '../db/schema.ts';
import { runRetention, yearsBefore } from '../privacy/retention.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { describeEachDatabase, createTestDatabaseLocation } from '../test/databases.ts';
import { contactBody, emergencyBody, reportBody, resourceRequestBody } from '../test/lead-bodies.ts';
import { caseLinkPattern, companyInbox, postLead, postLeadWithCaseToken } from '../test/post-lead.ts';
import { loggedInNewStaff, publicUrl, StaffClient, testStaff } from '../test/staff-client.ts';
import { staffTestAppOfBlock } from '../test/staff-test-app.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../test/test-app.ts';
import { redactUrl } from '../plugins/log-redaction.ts';
import { keptMail } from '../test/kept-mail.ts';
import { multipartBody } from '../test/multipart-body.ts';

const multipart = (files: Parameters<typeof multipartBody>[1]) => multipartBody('billeder', files);
const png = (name = 'foto.png') => ({ name, type: 'image/png', body: makePng(8, 8) });

describeEachDatabase('the customer case page', (target) => {
  const t = staffTestAppOfBlock(target, { keepMail: true });
  const db = () => t.app.deps.db;
  let anna: StaffClient;

  beforeAll(async () => {
    // Erasure, the personal-data export and the audit log are a koordinator's.
    anna = await loggedInNewStaff(t.app, testStaff.anna);
  });

  const deliver = () => t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));

  /** Sends a lead and delivers its e-mails; answers the lead's id, reference and case link token. */
  async function lead(body: object): Promise<{ id: string; reference: string; token: string }> {
    const created = await postLeadWithCaseToken(t.app, t.sent, body);
    t.sent.length = 0;
    return created;
  }

  const page = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/sag/${token}${query}` });
  const postPhotos = (token: string, files: { name: string; type: string; body: Buffer }[]) =>
    t.app.inject({ method: 'POST', url: `/sag/${token}/billeder`, ...multipart(files) });
  const postMessage = (token: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/sag/${token}/besked`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('puts a "Følg din sag" link in every receipt, and keeps only the hash of its token', async () => {
    for (const body of [contactBody, reportBody(), emergencyBody()]) {
      const { id, reference } = await postLead(t.app, body);
      await deliver();
      const receipt = t.sent.find((mail) => mail.subject.includes(reference) && mail.to !== companyInbox)!;
      expect(receipt.text).toContain(`Følg din sag: ${publicUrl}/sag/`);
      expect(receipt.html).toContain('Følg din sag</a>');
      const token = receipt.text.match(caseLinkPattern)![1]!;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const links = await db().select().from(caseLinks).where(eq(caseLinks.leadId, id));
      expect(links.map((link) => link.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
      // The raw token is nowhere in the database.
      const dump = await db().execute(
        sql`select (select coalesce(string_agg(payload::text, ''), '') from mail_jobs) || (select coalesce(string_agg(token_hash, ''), '') from case_links) as text`,
      );
      const text = JSON.stringify(dump);
      expect(text).not.toContain(token);
      // The staff notification does not carry the customer's link.
      const staff = t.sent.find((mail) => mail.subject.includes(reference) && mail.to === companyInbox)!;
      expect(staff.text).not.toContain('/sag/');
      t.sent.length = 0;
    }
  });

  it('sends no link with a resource request', async () => {
    const { id } = await lead(resourceRequestBody);
    expect(await db().select().from(caseLinks).where(eq(caseLinks.leadId, id))).toEqual([]);
  });

  it('shows the reference, kind, time and step, privately and without the personal details', async () => {
    const { reference, token } = await lead(reportBody());
    const response = await page(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toMatch(/noindex/);
    expect(response.headers['cache-control']).toBe('no-store, private');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'; style-src 'sha256-/);
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(reference);
    expect(html).toContain('Skadeanmeldelse');
    expect(html).toContain('Brandskade');
    expect(html).toContain('Algade 3, 4000 Roskilde');
    expect(html).toMatch(/Modtaget<\/dt><dd>\d+\. \p{L}+ \d{4} kl\. \d{2}\.\d{2}/u);
    expect(html).toContain('aria-current="step">Modtaget');
    expect(html).toContain(`href="tel:${company.phoneE164}"`);
    expect(html).toContain('<form method="post" action="/sag/');
    expect(html).toContain('enctype="multipart/form-data"');
    expect(html).toContain('<input type="file" id="billeder" name="billeder" multiple accept="image/*"');
    for (const secret of [
      'Karen Holm',
      'karen@holm.dk',
      '87 65 43 21',
      '+4587654321',
      'Røgskade',
      'POL-778',
      'Codan',
    ])
      expect(html, secret).not.toContain(secret);
  });

  it('answers a wrong, malformed or closed link with a plain 404', async () => {
    const { id, token } = await lead(contactBody);
    for (const wrong of [
      'A'.repeat(43),
      'kort',
      `${token}x`,
      token.slice(0, 42) + (token[42] === 'A' ? 'B' : 'A'),
    ]) {
      const response = await page(wrong);
      expect(response.statusCode, wrong).toBe(404);
      expect(response.body).toContain('Siden findes ikke');
      expect(response.headers['cache-control']).toBe('no-store, private');
    }
    await db().update(caseLinks).set({ revokedAt: new Date() }).where(eq(caseLinks.leadId, id));
    expect((await page(token)).statusCode).toBe(404);
    expect((await postMessage(token, { besked: 'Hej' })).statusCode).toBe(404);
  });

  it('shows the steps recorded for every internal status, and never the spam state', async () => {
    const { id, token } = await lead(emergencyBody());
    for (const status of leadStatuses) {
      for (const facts of [
        { calledBackAt: null, visitAt: null, workStartedAt: null },
        { calledBackAt: new Date(), visitAt: new Date(), workStartedAt: new Date() },
      ]) {
        await db()
          .update(leads)
          .set({ status, ...facts })
          .where(eq(leads.id, id));
        const html = (await page(token)).body;
        const { current } = caseProgress({ status, ...facts });
        expect(html, `${status} ${JSON.stringify(facts)}`).toContain(
          `aria-current="step">${caseStepLabels[current]}`,
        );
        expect(html).not.toMatch(/spam/i);
      }
    }
  });

  it('tells an emergency the promise was kept by the stamped call, with the first name only', async () => {
    const { id, token } = await lead(emergencyBody());
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    const staff = await anna.request('GET', '/api/staff/me');
    await db()
      .update(leads)
      .set({
        status: 'new',
        calledBackAt: new Date(row!.createdAt.getTime() + 7 * 60_000),
        assignedTo: staff.json().id,
      })
      .where(eq(leads.id, id));
    const html = (await page(token)).body;
    expect(html).toContain('Vores løfte: et opkald inden for 15 minutter');
    expect(html).toContain('Løftet er holdt: vi ringede 7 minutter efter');
    expect(html).toContain('Din kontaktperson hos os er Anna.');
    expect(html).not.toContain('Holm');
  });

  it('closes the link on erasure and on retention', async () => {
    const erased = await lead({ ...contactBody, email: 'slet.mig@example.dk' });
    expect((await page(erased.token)).statusCode).toBe(200);
    const erasure = await anna.request('POST', '/api/staff/personal-data/erase', {
      email: 'slet.mig@example.dk',
      confirm: 'slet.mig@example.dk',
    });
    expect(erasure.statusCode).toBe(200);
    expect((await page(erased.token)).statusCode).toBe(404);
    expect(await db().select().from(caseLinks).where(eq(caseLinks.leadId, erased.id))).toEqual([]);

    const old = await lead({ ...reportBody(), email: 'gammel@example.dk' });
    await postPhotos(old.token, [png()]);
    await postMessage(old.token, { besked: 'Der er kommet mere vand.' });
    const later = new Date(yearsBefore(new Date(), -3).getTime());
    await runRetention({ db: db(), storage: t.app.deps.storage, mailDir: join(t.dataDir, 'mail') }, later);
    expect((await page(old.token)).statusCode).toBe(404);
    for (const table of [caseLinks, leadMessages, casePhotos, leadImages])
      expect(await db().select().from(table).where(eq(table.leadId, old.id))).toEqual([]);
  });

  it('sends the receipt without a link when staff closed the links before it went', async () => {
    const row = await postLead(t.app, { ...reportBody(), besked: 'Lukket før kvitteringen' });
    const { reference } = row;
    expect((await anna.request('GET', `/api/staff/leads/${row.id}`)).json().lead.caseLink.open).toBe(true);
    const closed = await anna.request('DELETE', `/api/staff/leads/${row.id}/case-link`);
    expect(closed.json().caseLink).toEqual({ open: false, lastSentAt: null });
    await deliver();
    const receipt = t.sent.find((mail) => mail.subject.includes(reference) && mail.to !== companyInbox)!;
    expect(receipt.text).not.toContain('/sag/');
    expect(receipt.html).not.toContain('Følg din sag');
    const links = await db().select().from(caseLinks).where(eq(caseLinks.leadId, row.id));
    expect(links.every((link) => link.revokedAt !== null)).toBe(true);
  });

  it('shows what the sender typed as text, never as markup', async () => {
    const { token } = await lead({ ...reportBody(), adresse: 'Algade 3 <script>alert(1)</script> & "x"' });
    const html = (await page(token)).body;
    expect(html).toContain('Algade 3 &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(html).not.toMatch(/<script/i);
  });

  it('lets staff close the link and send a new one, audited', async () => {
    const { id, reference, token } = await lead(reportBody());
    const detail = (await anna.request('GET', `/api/staff/leads/${id}`)).json().lead;
    expect(detail.caseLink).toMatchObject({ open: true });
    const closed = await anna.request('DELETE', `/api/staff/leads/${id}/case-link`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().caseLink.open).toBe(false);
    expect((await page(token)).statusCode).toBe(404);

    const resent = await anna.request('POST', `/api/staff/leads/${id}/case-link`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().caseLink.open).toBe(true);
    await deliver();
    const mail = t.sent.find((entry) => entry.subject === `Nyt link til din sag – ${reference}`)!;
    expect(mail.to).toMatchObject({ address: 'karen@holm.dk' });
    const fresh = mail.text.match(caseLinkPattern)![1]!;
    expect(fresh).not.toBe(token);
    expect((await page(fresh)).statusCode).toBe(200);
    expect((await page(token)).statusCode).toBe(404);
    const audit = (await anna.request('GET', '/api/staff/audit')).json().entries as {
      action: string;
      leadId: string;
    }[];
    const actions = audit.filter((entry) => entry.leadId === id).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['case-link-closed', 'case-link-sent']));
    expect(
      (await new StaffClient(t.app).request('POST', `/api/staff/leads/${id}/case-link`)).statusCode,
    ).toBe(401);
  });

  it('takes more photos as one batch: one staff e-mail, shown in the inbox as added later', async () => {
    const { id, reference, token } = await lead(reportBody());
    const response = await postPhotos(token, [png('kaelder.png'), png('loft.png')]);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sag/${token}?sendt=billeder&antal=2#bekraeftelse`);
    expect((await page(token, '?sendt=billeder&antal=2')).body).toContain('vi har modtaget 2 billeder');
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, id))).toHaveLength(2);
    await deliver();
    const mails = t.sent.filter((mail) => mail.subject === `Nye billeder til ${reference}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(companyInbox);
    expect(mails[0]!.attachments?.map((file) => file.filename)).toEqual(['kaelder.png', 'loft.png']);
    const detail = (await anna.request('GET', `/api/staff/leads/${id}`)).json().lead;
    expect(detail.images).toHaveLength(2);
    expect(detail.images.every((image: { addedLaterAt: string | null }) => image.addedLaterAt)).toBe(true);
  });

  it('refuses a file that is not an image, one too large, and more photos than the limits allow', async () => {
    const { id, token } = await lead(emergencyBody());
    const notImage = await postPhotos(token, [
      { name: 'virus.png', type: 'image/png', body: Buffer.from('MZ not an image at all') },
    ]);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.body).toContain('Filen er ikke et billede');
    const big = Buffer.concat([makePng(8, 8), Buffer.alloc(limits.maxImageBytes)]);
    const tooLarge = await postPhotos(token, [{ name: 'stor.png', type: 'image/png', body: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.body).toContain('Billedet er for stort');
    const tooMany = await postPhotos(
      token,
      Array.from({ length: casePage.maxExtraPhotosPerDay + 1 }, (_, index) => png(`b${index}.png`)),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain(`højst ${casePage.maxExtraPhotosPerDay} billeder mere nu`);
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, id))).toEqual([]);
    // The daily cap, then the cap per case on a later day.
    const day = Array.from({ length: casePage.maxExtraPhotosPerDay }, (_, index) => png(`d${index}.png`));
    expect((await postPhotos(token, day)).statusCode).toBe(303);
    const again = await postPhotos(token, [png()]);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('det højeste antal billeder for i dag');
    await db()
      .update(casePhotos)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(casePhotos.leadId, id));
    const rest = casePage.maxExtraPhotos - casePage.maxExtraPhotosPerDay;
    expect(
      (
        await postPhotos(
          token,
          Array.from({ length: rest }, () => png()),
        )
      ).statusCode,
    ).toBe(303);
    const over = await postPhotos(token, [png()]);
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain(`${casePage.maxExtraPhotos} ekstra billeder`);
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, id))).toHaveLength(
      casePage.maxExtraPhotos,
    );
  });

  it('refuses a photo whose header claims 30000 × 30000 pixels (413) and keeps none of the batch', async () => {
    const { id, token } = await lead(emergencyBody());
    const unsent = async () =>
      (await db().select({ id: uploads.id }).from(uploads).where(ne(uploads.status, 'attached'))).length;
    const before = await unsent();
    const response = await postPhotos(token, [
      png('stue.png'),
      { name: 'bombe.png', type: 'image/png', body: makePngHeader(30000, 30000) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.body).toContain(imageMessages.tooManyPixels.split(' (')[0]);
    expect(response.body).toContain('megapixel');
    expect(await db().select().from(casePhotos).where(eq(casePhotos.leadId, id))).toEqual([]);
    // The photo that was fine went with the refused batch, object and row.
    expect(await unsent()).toBe(before);
  });

  it('takes a message into the case and mails staff; empty, too long and unusable text is refused', async () => {
    const { id, reference, token } = await lead(emergencyBody());
    const ok = await postMessage(token, {
      besked: 'Vandet stiger i kælderen.\nKan I komme før?',
      website: '',
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`/sag/${token}?sendt=besked#bekraeftelse`);
    expect((await page(token, '?sendt=besked')).body).toContain('Tak for din besked');
    await deliver();
    const mails = t.sent.filter((mail) => mail.subject === `Besked fra kunden til ${reference}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Kan I komme før?');
    const detail = (await anna.request('GET', `/api/staff/leads/${id}`)).json().lead;
    expect(detail.notes).toEqual([]);
    // The customer sees what they wrote, as theirs in the thread.
    expect((await page(token)).body).toContain('<strong>Du skrev</strong>');
    // Staff see it in the lead's thread, as the customer's by the case page.
    const thread = (await anna.request('GET', `/api/staff/leads/${id}/messages`)).json().messages;
    expect(thread).toEqual([
      expect.objectContaining({
        direction: 'in',
        channel: 'case-page',
        body: 'Vandet stiger i kælderen.\nKan I komme før?',
        authorName: null,
      }),
    ]);

    const empty = await postMessage(token, { besked: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Skriv en besked, før du sender.');
    const long = await postMessage(token, { besked: 'x'.repeat(casePage.messageMaxChars + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(`højst ${casePage.messageMaxChars} tegn`);
    const control = await postMessage(token, { besked: 'Hej\u0007 med \u202Edig' });
    expect(control.statusCode).toBe(400);
    expect(control.body).toContain('tegn, der ikke kan bruges');
  });

  it('keeps and mails neither a link-stuffed nor a honeypot message, and stops at the daily number', async () => {
    const { id, token } = await lead(contactBody);
    const stuffed = await postMessage(token, {
      besked: 'https://a.example https://b.example https://c.example',
    });
    expect(stuffed.statusCode).toBe(303);
    const trap = await postMessage(token, { besked: 'Hej', website: 'https://spam.example' });
    expect(trap.statusCode).toBe(303);
    await deliver();
    expect(t.sent.filter((mail) => mail.subject.startsWith('Besked fra kunden'))).toEqual([]);
    expect(await db().select().from(leadMessages).where(eq(leadMessages.leadId, id))).toEqual([]);
    for (let index = 0; index < casePage.messagesPerDay; index++)
      expect((await postMessage(token, { besked: `Besked ${index}` })).statusCode).toBe(303);
    const over = await postMessage(token, { besked: 'En for meget' });
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain('En for meget');
    await deliver();
    expect(t.sent.filter((mail) => mail.subject.startsWith('Besked fra kunden'))).toHaveLength(
      casePage.messagesPerDay,
    );
  });

  it('exports the customer messages and added photos with the person data', async () => {
    const { token } = await lead({ ...reportBody(), email: 'eksport@example.dk' });
    await postPhotos(token, [png()]);
    await postMessage(token, { besked: 'Husk carporten.' });
    const answer = await anna.request('GET', '/api/staff/personal-data?email=eksport@example.dk');
    const [person] = answer.json().leads;
    expect(person.messages).toEqual([
      expect.objectContaining({ direction: 'in', channel: 'case-page', body: 'Husk carporten.' }),
    ]);
    expect(person.photos).toEqual([expect.objectContaining({ addedLater: true })]);
  });
});

describeEachDatabase('the case page under a burst of posts', (target) => {
  const t = staffTestAppOfBlock(target, {
    env: { MAIL_TO: companyInbox, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '2' },
  });

  it('refuses posts past the per-IP limit of the forms with 429 and a Danish message, keeping the text', async () => {
    await postLead(t.app, contactBody);
    const [row] = await t.app.deps.db.select().from(leads);
    const token = 'B'.repeat(43);
    await t.app.deps.db
      .insert(caseLinks)
      .values({ tokenHash: createHash('sha256').update(token).digest('hex'), leadId: row!.id });
    const post = (besked: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sag/${token}/besked`,
        remoteAddress: '10.1.2.3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ besked }).toString(),
      });
    expect((await post('En')).statusCode).toBe(303);
    expect((await post('To')).statusCode).toBe(303);
    const third = await post('Tre gange');
    expect(third.statusCode).toBe(429);
    expect(third.body).toContain('Du har sendt meget på kort tid');
    expect(third.body).toContain('Tre gange');
    expect(await t.app.deps.db.select().from(leadMessages)).toHaveLength(2);
  });
});

describe('the case page with photos in S3', () => {
  let t: TestApp;
  let s3: FakeS3;
  const { sent, transport } = keptMail();
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      env: {
        ...s3.env,
        PUBLIC_URL: publicUrl,
        MAIL_TO: companyInbox,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      },
      mail: { startWorker: false, transport },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.dispose();
  });

  it('stores the photos in the bucket, checked, and attaches them to the staff e-mail', async () => {
    const { reference, token } = await postLeadWithCaseToken(t.app, sent, emergencyBody());
    expect(token).not.toBe('');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/sag/${token}/billeder`,
      ...multipart([{ name: 'x.png', type: 'image/png', body: Buffer.from('ikke et billede') }]),
    });
    expect(refused.statusCode).toBe(415);
    const added = await t.app.inject({
      method: 'POST',
      url: `/sag/${token}/billeder`,
      ...multipart([png('s3.png')]),
    });
    expect(added.statusCode).toBe(303);
    const [image] = await t.app.deps.db.select().from(leadImages);
    expect((await s3.createStore().get(image!.objectKey))?.body.subarray(1, 4).toString()).toBe('PNG');
    await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 1000));
    const mail = sent.find((entry) => entry.subject === `Nye billeder til ${reference}`)!;
    expect(mail.attachments?.map((file) => file.filename)).toEqual(['s3.png']);
  });
});

describe('the case page in the logs', () => {
  it("never logs the token, nor the on-call link's", async () => {
    expect(redactUrl('/sag/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ/besked?x=1')).toBe(
      '/sag/[skjult]/besked?x=1',
    );
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const location = await createTestDatabaseLocation('pglite');
    const config = loadConfig({
      LOG_LEVEL: 'info',
      SIGNING_SECRET: TEST_SIGNING_SECRET,
      ADDRESS_API_KIND: 'off',
      DATA_DIR: location.dataDir,
      CLIENT_DIR: join(location.dataDir, 'none'),
    });
    const app = await buildApp(config, { logger: { level: 'info', stream }, mail: { startWorker: false } });
    try {
      const token = 'Z'.repeat(43);
      await app.inject({ method: 'GET', url: `/sag/${token}` });
      await app.inject({
        method: 'POST',
        url: `/sag/${token}/besked`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'besked=hej',
      });
      // A method no route takes, and the on-call page's signed link, are kept out too.
      await app.inject({ method: 'PUT', url: `/sag/${token}` });
      await app.inject({ method: 'GET', url: `/vagt/${token}` });
      const log = lines.join('');
      expect(log).toContain('/sag/[skjult]');
      expect(log).toContain('/vagt/[skjult]');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await location.cleanup();
    }
  });
});
