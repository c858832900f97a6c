import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leadImages, leads, mailJobs, staffSessions } from '../db/schema.ts';
import { mailFileJobId } from '../mail/mail-files.ts';
import { csvCell } from '../../domain/csv.ts';
import { erasePersonalData } from '../privacy/personal-data.ts';
import { addStaff, disableStaff } from './accounts.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { postLead } from '../test/post-lead.ts';
import { type TestApp } from '../test/test-app.ts';
import { makePng } from '../../tests/support/images.ts';
import { allowCodeAgain, code, password, StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';

describeEachDatabase('the staff API', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let annaSecret: string;
  let annaRecoveryCodes: string[];

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    await addStaff(t.app.deps.db, {
      email: 'anna@example.dk',
      name: 'Anna Holm',
      password,
      role: 'koordinator',
    });
    anna = new StaffClient(t.app);
    ({ secret: annaSecret, recoveryCodes: annaRecoveryCodes } = await anna.logIn('anna@example.dk'));
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const audits = async (action: string) =>
    (await db().select().from(auditLog)).filter((entry) => entry.action === action);

  it('answers 401 on every staff endpoint without a session', async () => {
    const stranger = new StaffClient(t.app);
    const calls: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
      ['GET', '/api/staff/me'],
      ['GET', '/api/staff/leads'],
      ['GET', '/api/staff/leads/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/api/staff/leads/00000000-0000-4000-8000-000000000000', { status: 'done' }],
      ['POST', '/api/staff/leads/00000000-0000-4000-8000-000000000000/notes', { body: 'x' }],
      ['GET', '/api/staff/leads/export.csv'],
      ['GET', '/api/staff/personal-data?email=a@example.dk'],
      ['GET', '/api/staff/personal-data/export?email=a@example.dk'],
      ['POST', '/api/staff/personal-data/erase', { email: 'a@example.dk', confirm: 'a@example.dk' }],
      ['GET', '/api/staff/audit'],
      ['GET', '/api/staff/totp/enrolment'],
      ['POST', '/api/staff/totp/verify', { code: '123456' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await stranger.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json().message).toMatch(/logget ind|Bekræft/);
    }
    // A forged cookie is no session either.
    stranger.cookie = 'indbakke=forged';
    expect((await stranger.request('GET', '/api/staff/leads')).statusCode).toBe(401);
  });

  it('refuses a state-changing call from another origin with 403', async () => {
    const { id } = await postLead(t.app, emergencyBody());
    const foreign = await anna.request(
      'PATCH',
      `/api/staff/leads/${id}`,
      { status: 'done' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    const crossSite = await anna.request('POST', '/api/staff/logout', undefined, {
      origin: '',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await anna.request('GET', '/api/staff/me')).statusCode).toBe(200);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie and knows who is logged in', async () => {
    const client = new StaffClient(t.app);
    const login = await client.request('POST', '/api/staff/login', { email: 'ANNA@example.dk', password });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^indbakke=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(login.json()).toEqual({ next: 'verify' });
    // Before the second factor only the second-factor steps are open.
    expect((await client.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    expect((await client.request('GET', '/api/staff/me')).json()).toMatchObject({ secondFactor: 'verify' });
    expect((await client.request('POST', '/api/staff/totp/verify', { code: '000000' })).statusCode).toBe(401);
    await allowCodeAgain(t.app, 'anna@example.dk');
    expect(
      (await client.request('POST', '/api/staff/totp/verify', { code: code(annaSecret) })).statusCode,
    ).toBe(200);
    expect((await client.request('GET', '/api/staff/me')).json()).toMatchObject({
      email: 'anna@example.dk',
      name: 'Anna Holm',
      secondFactor: 'done',
    });
  });

  it('accepts each recovery code once', async () => {
    expect(annaRecoveryCodes).toHaveLength(10);
    expect(new Set(annaRecoveryCodes).size).toBe(10);
    const first = new StaffClient(t.app);
    await first.request('POST', '/api/staff/login', { email: 'anna@example.dk', password });
    const used = await first.request('POST', '/api/staff/totp/verify', {
      recoveryCode: annaRecoveryCodes[0]!.toLowerCase(),
    });
    expect(used.statusCode).toBe(200);
    const again = new StaffClient(t.app);
    await again.request('POST', '/api/staff/login', { email: 'anna@example.dk', password });
    expect(
      (await again.request('POST', '/api/staff/totp/verify', { recoveryCode: annaRecoveryCodes[0] }))
        .statusCode,
    ).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const client = new StaffClient(t.app, '10.0.0.1');
    const unknown = await client.request('POST', '/api/staff/login', {
      email: 'nobody@example.dk',
      password,
    });
    const wrong = await client.request('POST', '/api/staff/login', {
      email: 'anna@example.dk',
      password: 'forkert-forkert',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(unknown.json().message).toBe('Forkert e-mail eller adgangskode.');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect((await audits('login-failed')).map((entry) => entry.actor)).toEqual(
      expect.arrayContaining(['nobody@example.dk', 'anna@example.dk']),
    );
  });

  it('locks an IP after 20 failures in 15 minutes, whatever the e-mail', async () => {
    const client = new StaffClient(t.app, '10.2.0.1');
    for (let i = 0; i < 20; i++) {
      await client.request('POST', '/api/staff/login', { email: `gaet${i}@example.dk`, password: 'forkert' });
    }
    expect(
      (await client.request('POST', '/api/staff/login', { email: 'anna@example.dk', password })).statusCode,
    ).toBe(429);
    expect(
      (
        await new StaffClient(t.app, '10.2.0.2').request('POST', '/api/staff/login', {
          email: 'anna@example.dk',
          password,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('ends a session after 8 idle hours and 7 days after login', async () => {
    const idle = new StaffClient(t.app);
    await idle.logIn('anna@example.dk', annaSecret);
    const old = new StaffClient(t.app);
    await old.logIn('anna@example.dk', annaSecret);
    const hashOf = async (client: StaffClient) => {
      const { hashToken } = await import('../auth/sessions.ts');
      return hashToken(client.cookie.split('=')[1]!);
    };
    await db()
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 60 * 60_000 - 60_000) })
      .where(eq(staffSessions.tokenHash, await hashOf(idle)));
    await db()
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 60 * 60_000 - 60_000) })
      .where(eq(staffSessions.tokenHash, await hashOf(old)));
    expect((await idle.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    expect((await old.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    expect((await anna.request('GET', '/api/staff/leads')).statusCode).toBe(200);
  });

  it('ends the session on the server at logout', async () => {
    const client = new StaffClient(t.app);
    await client.logIn('anna@example.dk', annaSecret);
    const cookie = client.cookie;
    const logout = await client.request('POST', '/api/staff/logout');
    expect(logout.statusCode).toBe(204);
    client.cookie = cookie; // the old cookie, kept by someone
    expect((await client.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    expect((await audits('logout')).length).toBeGreaterThan(0);
  });

  it("ends a disabled account's sessions at once and refuses its logins", async () => {
    await addStaff(db(), { email: 'carl@example.dk', password, role: 'koordinator' });
    const carl = new StaffClient(t.app, '10.3.0.1');
    const { secret } = await carl.logIn('carl@example.dk');
    expect((await carl.request('GET', '/api/staff/leads')).statusCode).toBe(200);
    await disableStaff(db(), 'carl@example.dk');
    expect((await carl.request('GET', '/api/staff/leads')).statusCode).toBe(401);
    const again = await new StaffClient(t.app, '10.3.0.2').request('POST', '/api/staff/login', {
      email: 'carl@example.dk',
      password,
    });
    expect(again.statusCode).toBe(401);
    expect(secret).toBeTruthy();
  });

  it('lists leads newest first with filters, search, counts and keyset pages', async () => {
    const suffix = Date.now().toString(36);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (
          await postLead(t.app, {
            ...emergencyBody(),
            fuldeNavn: `Søren Søg ${suffix} ${i}`,
            adresse: `Roskildevej ${i}, 4000 Roskilde`,
          })
        ).id,
      );
    }
    const report = await postLead(t.app, { ...reportBody(), fuldeNavn: `Rita Rapport ${suffix}` });
    const first = await anna.request(
      'GET',
      `/api/staff/leads?q=${encodeURIComponent(`Søg ${suffix}`)}&limit=2`,
    );
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.leads.map((lead: { id: string }) => lead.id)).toEqual([made[4], made[3]]);
    expect(page1.leads[0]).toMatchObject({
      kind: 'akut-skade',
      pagesOnCall: true,
      status: 'new',
      topic: 'Vandskade',
      photoCount: 0,
    });
    const page2 = (
      await anna.request(
        'GET',
        `/api/staff/leads?q=${encodeURIComponent(`Søg ${suffix}`)}&limit=2&cursor=${page1.nextCursor}`,
      )
    ).json();
    const page3 = (
      await anna.request(
        'GET',
        `/api/staff/leads?q=${encodeURIComponent(`Søg ${suffix}`)}&limit=2&cursor=${page2.nextCursor}`,
      )
    ).json();
    expect([...page2.leads, ...page3.leads].map((lead: { id: string }) => lead.id)).toEqual([
      made[2],
      made[1],
      made[0],
    ]);
    expect(page3.nextCursor).toBeNull();
    expect(page1.counts.new).toBe(5);

    const upperCase = (
      await anna.request('GET', `/api/staff/leads?q=${encodeURIComponent(`SØREN SØG ${suffix}`)}`)
    ).json();
    expect(upperCase.leads).toHaveLength(5);
    const byAddress = (await anna.request('GET', `/api/staff/leads?q=Roskildevej 3`)).json();
    expect(byAddress.leads.map((lead: { id: string }) => lead.id)).toContain(made[3]);
    const byPhone = (
      await anna.request('GET', `/api/staff/leads?q=${encodeURIComponent('87 65 43 21')}&kind=anmeldelse`)
    ).json();
    expect(byPhone.leads.map((lead: { id: string }) => lead.id)).toContain(report.id);
    // The leads that paged the on-call staff, whatever their kind: the emergencies, not the report.
    const urgent = (await anna.request('GET', `/api/staff/leads?akut=ja&q=${suffix}`)).json();
    expect(urgent.leads.map((lead: { id: string }) => lead.id).sort()).toEqual([...made].sort());
    expect(urgent.counts.new).toBe(5);
    const reports = (await anna.request('GET', `/api/staff/leads?kind=anmeldelse`)).json();
    expect(reports.leads.every((lead: { kind: string }) => lead.kind === 'anmeldelse')).toBe(true);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    const inRange = (
      await anna.request('GET', `/api/staff/leads?from=${today}&to=${today}&q=${suffix}`)
    ).json();
    expect(inRange.leads).toHaveLength(6);
    const before = (await anna.request('GET', `/api/staff/leads?to=2020-01-01&q=${suffix}`)).json();
    expect(before.leads).toHaveLength(0);
    expect((await anna.request('GET', '/api/staff/leads?from=igår')).statusCode).toBe(400);
  });

  it('shows one lead with every field in its own row, photos by short-lived link, and logs the view', async () => {
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'kælder.png' }),
    });
    const url = new URL(issued.json().uploadURL);
    await t.app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: makePng(6, 6, [0, 0, 200]),
    });
    const { id } = await postLead(t.app, emergencyBody([`${url.origin}${url.pathname}`]));
    const response = await anna.request('GET', `/api/staff/leads/${id}`);
    expect(response.statusCode).toBe(200);
    const { lead } = response.json();
    expect(lead).toMatchObject({
      kind: 'akut-skade',
      pagesOnCall: true,
      kindLabel: 'Akut skade',
      status: 'new',
      statusChangedBy: null,
    });
    expect(lead.rows).toEqual(
      expect.arrayContaining([
        { label: 'Adresse', value: 'Strandvejen 1, 2900 Hellerup' },
        { label: 'Forsikringsselskab', value: 'Tryg' },
        { label: 'Skadetype', value: 'Vandskade' },
        { label: 'Telefon', value: '22 34 56 78', href: 'tel:+4522345678' },
      ]),
    );
    expect(lead.images).toHaveLength(1);
    expect(lead.images[0]).toMatchObject({ originalName: 'kælder.png', contentType: 'image/png' });
    const photo = new URL(lead.images[0].url);
    expect(photo.searchParams.get('signature')).toBeTruthy();
    const read = await t.app.inject({ method: 'GET', url: photo.pathname + photo.search });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    const unsigned = await t.app.inject({ method: 'GET', url: photo.pathname });
    expect(unsigned.statusCode).toBe(403);
    expect((await audits('lead-viewed')).some((entry) => entry.leadId === id)).toBe(true);
    expect(
      (await anna.request('GET', '/api/staff/leads/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('changes status with who and when, notes with author, and "Ikke spam" queues the staff e-mail', async () => {
    const { id } = await postLead(t.app, emergencyBody());
    const working = await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'in-progress' });
    expect(working.statusCode).toBe(200);
    expect(working.json().lead).toMatchObject({ status: 'in-progress', statusChangedBy: 'Anna Holm' });
    expect(working.json().lead.statusChangedAt).toBeTruthy();
    const note = await anna.request('POST', `/api/staff/leads/${id}/notes`, {
      body: 'Ringet op, kommer i morgen.\nTag affugter med.',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().note).toMatchObject({
      authorName: 'Anna Holm',
      body: 'Ringet op, kommer i morgen.\nTag affugter med.',
    });
    expect((await anna.request('POST', `/api/staff/leads/${id}/notes`, { body: 'x\u0000' })).statusCode).toBe(
      400,
    );
    expect((await anna.request('POST', `/api/staff/leads/${id}/notes`, { body: '   ' })).statusCode).toBe(
      400,
    );

    const jobsOf = async () => (await db().select().from(mailJobs).where(eq(mailJobs.leadId, id))).length;
    const before = await jobsOf();
    await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'spam' });
    expect(await jobsOf()).toBe(before);
    await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'new' });
    const jobs = await db().select().from(mailJobs).where(eq(mailJobs.leadId, id));
    expect(jobs.filter((job) => job.kind === 'lead-notification')).toHaveLength(2);
    const customer = await anna.request('PATCH', `/api/staff/leads/${id}`, { isCustomer: true });
    expect(customer.json().lead.isCustomer).toBe(true);
    expect(
      (await audits('status-changed')).filter((entry) => entry.leadId === id).map((entry) => entry.details),
    ).toEqual([
      { from: 'new', to: 'in-progress' },
      { from: 'in-progress', to: 'spam' },
      { from: 'spam', to: 'new' },
    ]);
    expect((await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'slettet' })).statusCode).toBe(
      400,
    );
  });

  it('keeps the counts per status exact as leads arrive, change status and are erased', async () => {
    const countsFromRows = async (kind?: string) => {
      const rows = await db()
        .select({ status: leads.status, n: count() })
        .from(leads)
        .where(kind ? eq(leads.kind, kind as 'akut-skade') : undefined)
        .groupBy(leads.status);
      return Object.fromEntries(
        ['new', 'in-progress', 'done', 'spam'].map((status) => [
          status,
          rows.find((row) => row.status === status)?.n ?? 0,
        ]),
      );
    };
    const expectCountsToMatchRows = async () => {
      expect((await anna.request('GET', '/api/staff/leads')).json().counts).toEqual(await countsFromRows());
      expect((await anna.request('GET', '/api/staff/leads?kind=akut-skade')).json().counts).toEqual(
        await countsFromRows('akut-skade'),
      );
    };
    const email = `taelling.${Date.now().toString(36)}@example.dk`;
    const { id } = await postLead(t.app, { ...emergencyBody(), email });
    await postLead(t.app, { ...reportBody(), email });
    await expectCountsToMatchRows();
    await anna.request('PATCH', `/api/staff/leads/${id}`, { status: 'done' });
    await expectCountsToMatchRows();
    const erased = await anna.request('POST', '/api/staff/personal-data/erase', { email, confirm: email });
    expect(erased.statusCode).toBe(200);
    await expectCountsToMatchRows();
  });

  it('keeps spam out of the everyday list and shows it on request', async () => {
    const { id } = await postLead(t.app, { ...emergencyBody(), fuldeNavn: 'Spam Spamsen' });
    await db().update(leads).set({ status: 'spam' }).where(eq(leads.id, id));
    const everyday = (await anna.request('GET', '/api/staff/leads?q=Spamsen')).json();
    expect(everyday.leads).toHaveLength(0);
    expect(everyday.counts.spam).toBe(1);
    const spam = (await anna.request('GET', '/api/staff/leads?q=Spamsen&status=spam')).json();
    expect(spam.leads.map((lead: { id: string }) => lead.id)).toEqual([id]);
  });

  it('exports the filter as CSV for Danish Excel, with formulas neutralised', async () => {
    const { reference } = await postLead(t.app, {
      ...emergencyBody(),
      fuldeNavn: '=HYPERLINK("http://evil.example","klik")',
      besked: 'Linje 1; med semikolon\n"Citat"',
    });
    const response = await anna.request('GET', '/api/staff/leads/export.csv?kind=akut-skade');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="henvendelser-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(
      body.startsWith('\uFEFFReference;Modtaget;Henvendelse;Status;Prioritet;Navn;E-mail;Telefon;'),
    ).toBe(true);
    const line = body.split('\r\n').find((row) => row.startsWith(reference))!;
    expect(line).toContain(`;"'=HYPERLINK(""http://evil.example"",""klik"")";`);
    expect(body).toContain('"Linje 1; med semikolon\n""Citat"""');
    expect(line).toContain(';Akut skade;Ny;Normal;');
    expect(csvCell('+45 12')).toBe("'+45 12");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('almindelig tekst')).toBe('almindelig tekst');
    expect((await audits('export')).length).toBeGreaterThan(0);
  });

  it("finds, hands over and erases a person's data on request, with a confirmation", async () => {
    const email = `gdpr.${Date.now()}@example.dk`;
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const url = new URL(issued.json().uploadURL);
    await t.app.inject({ method: 'PUT', url: url.pathname + url.search, payload: makePng(5, 5, [9, 9, 9]) });
    const first = await postLead(t.app, { ...reportBody([`${url.origin}${url.pathname}`]), email });
    const second = await postLead(t.app, { ...emergencyBody(), email: email.toUpperCase() });
    const other = await postLead(t.app, emergencyBody());
    const [image] = await db().select().from(leadImages).where(eq(leadImages.leadId, first.id));
    expect(await t.app.deps.storage.get(image!.objectKey)).not.toBeNull();
    const mailDir = join(t.dataDir, 'mail');
    mkdirSync(mailDir, { recursive: true });
    // A file that merely mentions the address is no mail of the person's leads: it stays.
    writeFileSync(join(mailDir, 'andet.eml'), `To: someone@example.dk\r\nCc: ${email}\r\n\r\nTak`);
    for (let round = 0; round < 10; round++) {
      if ((await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 60_000))).sent === 0) break;
    }
    const personJobs = (
      await db()
        .select({ id: mailJobs.id })
        .from(mailJobs)
        .where(inArray(mailJobs.leadId, [first.id, second.id]))
    ).map((row) => row.id);
    const mailFiles = readdirSync(mailDir);
    const personFiles = mailFiles.filter((name) => personJobs.includes(mailFileJobId(name) ?? ''));
    expect(personFiles.length).toBeGreaterThanOrEqual(2);

    const found = await anna.request('GET', `/api/staff/personal-data?email=${encodeURIComponent(email)}`);
    expect(
      found
        .json()
        .leads.map((lead: { id: string }) => lead.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    const download = await anna.request(
      'GET',
      `/api/staff/personal-data/export?email=${encodeURIComponent(email)}`,
    );
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="persondata-/);
    expect(download.json().leads[0].fields).toEqual(
      expect.arrayContaining([{ label: 'Adresse', value: 'Algade 3, 4000 Roskilde' }]),
    );
    expect(download.json().leads[0].photos).toHaveLength(1);

    const unconfirmed = await anna.request('POST', '/api/staff/personal-data/erase', {
      email,
      confirm: 'forkert@example.dk',
    });
    expect(unconfirmed.statusCode).toBe(400);
    const erased = await anna.request('POST', '/api/staff/personal-data/erase', {
      email,
      confirm: email.toUpperCase(),
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erased).toMatchObject({ leads: 2, photos: 1 });
    expect(erased.json().erased.mails).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(leads).where(eq(leads.id, first.id))).toEqual([]);
    expect(await db().select().from(leadImages).where(eq(leadImages.leadId, first.id))).toEqual([]);
    expect(await db().select().from(mailJobs).where(eq(mailJobs.leadId, first.id))).toEqual([]);
    expect(await t.app.deps.storage.get(image!.objectKey)).toBeNull();
    expect(readdirSync(mailDir).sort()).toEqual(
      mailFiles.filter((name) => !personFiles.includes(name)).sort(),
    );
    expect(readdirSync(mailDir)).toContain('andet.eml');
    expect(await db().select().from(leads).where(eq(leads.id, other.id))).toHaveLength(1);
    const entries = await audits('erasure');
    expect(JSON.stringify(entries)).not.toContain(email);
  });

  it('shows the audit log newest first and never lets anyone change it', async () => {
    const log = await anna.request('GET', '/api/staff/audit');
    expect(log.statusCode).toBe(200);
    const { entries } = log.json();
    expect(entries[0].at >= entries.at(-1).at).toBe(true);
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['login', 'lead-viewed']),
    );
    await expect(db().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db().update(auditLog).set({ actor: 'x' })).rejects.toThrow();
  });
});

describe('erasure with photos in S3 (s3rver)', () => {
  let s3: FakeS3;
  let database: TestDatabase;
  let store: ReturnType<FakeS3['createStore']>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    store = s3.createStore();
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    store?.client.destroy();
    await s3?.dispose();
    await database?.dispose();
  });

  it('removes the photo objects from the bucket with the rows', async () => {
    const [lead] = await database.db
      .insert(leads)
      .values({
        reference: 'SK-S3S3S3',
        kind: 'akut-skade',
        pagesOnCall: true,
        name: 'Ida',
        email: 'ida@example.dk',
      })
      .returning();
    const key = 'uploads/00000000-0000-4000-8000-00000000abcd';
    await store.put(key, makePng(), 'image/png');
    await database.db
      .insert(leadImages)
      .values({ leadId: lead!.id, position: 0, objectKey: key, contentType: 'image/png', bytes: 10 });
    expect(await store.get(key)).not.toBeNull();
    const result = await erasePersonalData({ db: database.db, storage: store }, { email: 'ida@example.dk' });
    expect(result.erased).toMatchObject({ leads: 1, photos: 1 });
    expect(await store.get(key)).toBeNull();
    expect(await database.db.select().from(leads)).toEqual([]);
  });
});

describe('npm run staff', () => {
  const run = promisify(execFile);
  const staff = async (dataDir: string, args: string[], input?: string) => {
    const child = run(process.execPath, ['scripts/staff.mjs', ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    if (input !== undefined) child.child.stdin?.end(input);
    else child.child.stdin?.end();
    return child.then(
      (out) => ({ code: 0, ...out }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  };

  it('adds, lists, disables and resets accounts, with the password from standard input', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
    try {
      const short = await staff(dataDir, ['add', 'anna@example.dk'], 'kort\n');
      expect(short.code).not.toBe(0);
      expect(short.stderr).toContain('mindst 12 tegn');
      const added = await staff(dataDir, ['add', 'Anna@Example.dk', '--name', 'Anna Holm'], `${password}\n`);
      expect(added.code).toBe(0);
      const twice = await staff(dataDir, ['add', 'anna@example.dk'], `${password}\n`);
      expect(twice.stderr).toContain('findes allerede');
      const listed = await staff(dataDir, ['list']);
      expect(listed.stdout).toMatch(
        /anna@example\.dk\tAnna Holm\tmedarbejder\tintet telefonnummer\ttotrin mangler, aktiv/,
      );
      expect(
        (await staff(dataDir, ['reset-password', 'anna@example.dk'], 'ny-lang-adgangskode-7\n')).code,
      ).toBe(0);
      const unlocked = await staff(dataDir, ['unlock', 'anna@example.dk']);
      expect(unlocked.code).toBe(0);
      expect(unlocked.stdout).toContain('Ventetiden for anna@example.dk er ophævet');
      expect((await staff(dataDir, ['disable', 'anna@example.dk'])).code).toBe(0);
      expect((await staff(dataDir, ['list'])).stdout).toContain('SPÆRRET');
      expect((await staff(dataDir, ['disable', 'ukendt@example.dk'])).stderr).toContain('ingen konto');
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
