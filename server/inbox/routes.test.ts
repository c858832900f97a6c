import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, leadImages, leads, mailJobs } from '../db/schema.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, StaffClient, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('the staff API: list, search, changes and erasure rules', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  const db = () => t.app.deps.db;
  let seq = 0;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
  });
  afterAll(() => t.close());

  /** A lead written straight to the table, with the details given. */
  async function lead(
    values: Partial<typeof leads.$inferInsert> & { details?: Record<string, string> } = {},
  ): Promise<{ id: string; reference: string }> {
    seq++;
    const [row] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: `SK-${(900_000 + seq * 7 + Math.floor(Math.random() * 5)).toString()}`,
        name: `Prøve Person ${seq}`,
        email: `proeve${seq}.${Date.now()}@example.dk`,
        phone: '+4521223344',
        details: { adresse: 'Algade 1, 4000 Roskilde', skadetype: 'vandskade', besked: 'Vand' },
        ...values,
      })
      .returning({ id: leads.id, reference: leads.reference });
    return row!;
  }
  const ids = (answer: { leads: { id: string }[] }) => answer.leads.map((row) => row.id);
  const audits = async (action: string, leadId?: string) =>
    (await db().select().from(auditLog)).filter(
      (entry) => entry.action === action && (leadId === undefined || entry.leadId === leadId),
    );

  it('counts each lead its own photos in the list rows and in the CSV', async () => {
    const withPhotos = await lead({ name: 'Foto Fotosen' });
    const without = await lead({ name: 'Foto Fotosen uden' });
    await db()
      .insert(leadImages)
      .values(
        [0, 1, 2].map((position) => ({
          leadId: withPhotos.id,
          position,
          objectKey: `uploads/foto-${withPhotos.id}-${position}`,
          contentType: 'image/png',
          bytes: 10,
        })),
      );
    const list = (await anna.request('GET', '/api/staff/leads?q=Fotosen')).json();
    const byId = new Map(
      list.leads.map((row: { id: string; photoCount: number }) => [row.id, row.photoCount]),
    );
    expect(byId.get(withPhotos.id)).toBe(3);
    expect(byId.get(without.id)).toBe(0);
    const csv = (await anna.request('GET', '/api/staff/leads/export.csv?q=Fotosen')).rawPayload.toString(
      'utf8',
    );
    const header = csv.split('\r\n')[0]!.replace('\uFEFF', '').split(';');
    const photoColumn = header.findIndex((heading) => /billeder/i.test(heading));
    const line = csv.split('\r\n').find((row) => row.startsWith(withPhotos.reference))!;
    expect(line.split(';')[photoColumn]).toBe('3');
  });

  it('shows phone, town, insurer, photo count and arrival time in each row', async () => {
    const row = await lead({
      name: 'Række Rækkesen',
      details: {
        adresse: 'Strandvejen 1, 2900 Hellerup',
        forsikringsselskab: 'Tryg',
        skadetype: 'vandskade',
      },
    });
    const [answer] = (await anna.request('GET', `/api/staff/leads?q=${row.reference}`)).json().leads;
    expect(answer).toMatchObject({
      id: row.id,
      phone: '+4521223344',
      town: 'Hellerup',
      insurer: 'Tryg',
      photoCount: 0,
      topic: 'Vandskade',
    });
    expect(Date.parse(answer.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('finds leads by claim and policy number, insurer and the requester, and the reference without its dash', async () => {
    const claim = await lead({ details: { skadeNr: 'SKN-44718', adresse: '' } });
    const policy = await lead({ details: { policeNr: 'POL-99120' } });
    const insurer = await lead({ details: { forsikringsselskab: 'Alm. Brand Særligt' } });
    const requester = await lead({
      kind: 'anmeldelse',
      details: {
        personType: 'taksator',
        rekvirentNavn: 'Rikke Rekvirentsen',
        rekvirentEmail: 'rikke@taksator-eksempel.dk',
        rekvirentTelefon: '+4598765432',
        virksomhedsnavn: 'Taksatorhuset Vest',
      },
    });
    const search = async (q: string) =>
      ids((await anna.request('GET', `/api/staff/leads?q=${encodeURIComponent(q)}`)).json());
    expect(await search('skn-44718')).toEqual([claim.id]);
    expect(await search('POL-99120')).toEqual([policy.id]);
    expect(await search('alm. brand særligt')).toEqual([insurer.id]);
    expect(await search('Rekvirentsen')).toEqual([requester.id]);
    expect(await search('rikke@taksator-eksempel')).toEqual([requester.id]);
    expect(await search('98 76 54 32')).toEqual([requester.id]);
    expect(await search('Taksatorhuset')).toEqual([requester.id]);
    const dashless = claim.reference.replace('-', '');
    expect(await search(claim.reference)).toEqual([claim.id]);
    expect(await search(dashless)).toEqual([claim.id]);
    expect(await search(dashless.toLowerCase())).toEqual([claim.id]);
  });

  it('answers 400 with a Danish message for an impossible date range, malformed dates and garbled cursors', async () => {
    const backwards = await anna.request('GET', '/api/staff/leads?from=2026-03-10&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('Fra-datoen ligger efter til-datoen');
    const exportBackwards = await anna.request(
      'GET',
      '/api/staff/leads/export.csv?from=2026-03-10&to=2026-03-01',
    );
    expect(exportBackwards.statusCode).toBe(400);
    for (const query of [
      'from=2026-02-30',
      'to=9999-99-99',
      'from=2026-13-01',
      'cursor=garbled!!',
      `cursor=${Buffer.from('not-a-date|nope').toString('base64url')}`,
      `cursor=${Buffer.from('2026-99-99 99:99:99+00|00000000-0000-4000-8000-000000000000').toString('base64url')}`,
      `cursor=${'A'.repeat(40)}`,
    ]) {
      const response = await anna.request('GET', `/api/staff/leads?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/[æøå]|Ret|Skriv|Siden/);
    }
    const auditCursor = await anna.request('GET', `/api/staff/audit?cursor=${'B'.repeat(30)}`);
    expect(auditCursor.statusCode).toBe(400);
    // A real cursor still works.
    await lead();
    await lead();
    const first = (await anna.request('GET', '/api/staff/leads?limit=1')).json();
    expect(
      (await anna.request('GET', `/api/staff/leads?limit=1&cursor=${first.nextCursor}`)).statusCode,
    ).toBe(200);
  });

  it('answers malformed list parameters with 400 and a Danish message on the list, the export and the audit log, never 500', async () => {
    const uuid = '00000000-0000-4000-8000-000000000000';
    const encoded = (text: string) => Buffer.from(text).toString('base64url');
    const badDays = ['from=2026-02-30', 'to=9999-99-99', 'from=2026-13-01', 'to=2026-04-31', 'from=26-01-01'];
    const badCursors = [
      `cursor=2026-02-30|${uuid}`,
      `cursor=${encodeURIComponent(`2026-02-30 10:00:00+00|${uuid}`)}`,
      'cursor=%00%FF',
      `cursor=${encoded(`2026-02-30 10:00:00+00|${uuid}`)}`,
      `cursor=${encoded(`2026-04-31 10:00:00.123456+00|${uuid}`)}`,
      `cursor=${encoded(`2026-01-01 25:00:00+00|${uuid}`)}`,
      `cursor=${encoded(`2026-01-01 10:00:00+99|${uuid}`)}`,
      `cursor=${encoded(`0000-01-01 10:00:00+00|${uuid}`)}`,
      `cursor=${encoded(`2026-01-01 10:00:00+00|not-a-uuid`)}`,
      `cursor=${encoded(`2026-02-30T10:00:00.000Z|${uuid}`)}`,
      `cursor=${encoded(`2026-01-01T24:00:00.000Z|${uuid}`)}`,
      `cursor=${encoded('|')}`,
    ];
    const calls = [
      ...[...badDays, ...badCursors].map((query) => `/api/staff/leads?${query}`),
      ...badDays.map((query) => `/api/staff/leads/export.csv?${query}`),
      ...badCursors.map((query) => `/api/staff/audit?${query}`),
    ];
    for (const url of calls) {
      const response = await anna.request('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json()), url).toMatch(/ÅÅÅÅ-MM-DD|Siden findes ikke længere/);
    }
  });

  it('gives a lead page left open fresh photo links without logging a view', async () => {
    const row = await lead();
    await db()
      .insert(leadImages)
      .values(
        [1, 0].map((position) => ({
          leadId: row.id,
          position,
          objectKey: `uploads/frisk-${row.id}-${position}`,
          contentType: 'image/jpeg',
          bytes: 20,
        })),
      );
    const answer = await anna.request('GET', `/api/staff/leads/${row.id}/photos`);
    expect(answer.statusCode).toBe(200);
    const images = answer.json().images as { url: string; contentType: string }[];
    expect(images).toHaveLength(2);
    expect(images.every((image) => image.url.length > 0 && image.contentType === 'image/jpeg')).toBe(true);
    expect(await audits('lead-viewed', row.id)).toEqual([]);
    expect(
      (await anna.request('GET', '/api/staff/leads/00000000-0000-4000-8000-000000000000/photos')).statusCode,
    ).toBe(404);
    expect(
      (await new StaffClient(t.app).request('GET', `/api/staff/leads/${row.id}/photos`)).statusCode,
    ).toBe(401);
  });

  it('tells the lead page whether a message may go by SMS: only to a Danish mobile', async () => {
    const detail = async (phone: string | null) =>
      (await anna.request('GET', `/api/staff/leads/${(await lead({ phone })).id}`)).json().lead;
    expect((await detail('+4521223344')).smsPossible).toBe(true);
    expect((await detail('+4580123456')).smsPossible).toBe(false);
    expect((await detail('+4680123456')).smsPossible).toBe(false);
    expect((await detail(null)).smsPossible).toBe(false);
  });

  it('answers PATCH with the updated lead, and logs the change but no view', async () => {
    const row = await lead();
    const patched = await anna.request('PATCH', `/api/staff/leads/${row.id}`, { status: 'in-progress' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().lead).toMatchObject({
      id: row.id,
      status: 'in-progress',
      statusChangedBy: 'Anna Holm',
      reference: row.reference,
    });
    expect(patched.json().lead.rows.length).toBeGreaterThan(3);
    expect((await audits('status-changed', row.id)).map((entry) => entry.details)).toEqual([
      { from: 'new', to: 'in-progress' },
    ]);
    expect(await audits('lead-viewed', row.id)).toEqual([]);
    expect((await anna.request('PATCH', `/api/staff/leads/${row.id}`, {})).statusCode).toBe(400);
  });

  it('writes a status change, its audit row and its mail job in one transaction', async () => {
    const row = await lead({ status: 'spam' });
    await db().execute(sql`create function refuse_status_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'status-changed' then raise exception 'the audit log is unavailable'; end if;
        return new;
      end $$`);
    await db().execute(
      sql`create trigger refuse_status_audit before insert on audit_log for each row execute function refuse_status_audit()`,
    );
    try {
      const refused = await anna.request('PATCH', `/api/staff/leads/${row.id}`, { status: 'new' });
      expect(refused.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_status_audit on audit_log`);
      await db().execute(sql`drop function refuse_status_audit()`);
    }
    const [after] = await db().select().from(leads).where(eq(leads.id, row.id));
    expect(after!.status).toBe('spam');
    expect(after!.statusChangedAt).toBeNull();
    expect(await db().select().from(mailJobs).where(eq(mailJobs.leadId, row.id))).toEqual([]);

    const changed = await anna.request('PATCH', `/api/staff/leads/${row.id}`, { status: 'new' });
    expect(changed.statusCode).toBe(200);
    const jobs = await db().select().from(mailJobs).where(eq(mailJobs.leadId, row.id));
    expect(jobs.map((job) => job.kind)).toEqual(['lead-notification']);
    expect(await audits('status-changed', row.id)).toHaveLength(1);
  });

  it('changes the status of many leads at once, with one audit row per lead', async () => {
    const rows = [await lead(), await lead({ status: 'done' }), await lead({ status: 'spam' })];
    const bulk = await anna.request('POST', '/api/staff/leads/status', {
      ids: rows.map((row) => row.id),
      status: 'done',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().changed).toBe(2);
    expect(bulk.json().leads.map((row: { id: string; status: string }) => row.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
    const stored = await db()
      .select({ id: leads.id, status: leads.status })
      .from(leads)
      .where(
        inArray(
          leads.id,
          rows.map((row) => row.id),
        ),
      );
    expect(stored.every((row) => row.status === 'done')).toBe(true);
    const logged = (await audits('status-changed')).filter((entry) =>
      rows.some((row) => row.id === entry.leadId),
    );
    expect(
      logged.map((entry) => entry.details).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      { from: 'new', to: 'done' },
      { from: 'spam', to: 'done' },
    ]);
    // Out of spam: the staff e-mail it was held back from.
    expect(
      (await db().select().from(mailJobs).where(eq(mailJobs.leadId, rows[2]!.id))).map((job) => job.kind),
    ).toEqual(['lead-notification']);

    // All or none: an unknown id changes nothing.
    const other = await lead();
    const missing = await anna.request('POST', '/api/staff/leads/status', {
      ids: [other.id, '00000000-0000-4000-8000-000000000000'],
      status: 'in-progress',
    });
    expect(missing.statusCode).toBe(404);
    expect((await db().select().from(leads).where(eq(leads.id, other.id)))[0]!.status).toBe('new');
    const tooMany = await anna.request('POST', '/api/staff/leads/status', {
      ids: Array.from({ length: 101 }, () => crypto.randomUUID()),
      status: 'done',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(
      (await anna.request('POST', '/api/staff/leads/status', { ids: [other.id, other.id], status: 'done' }))
        .statusCode,
    ).toBe(400);
  });

  it('erases a customer only with the explicit override of the customer retention period', async () => {
    const email = `kunde.${Date.now()}@example.dk`;
    const customer = await lead({ email, isCustomer: true });
    const refused = await anna.request('POST', '/api/staff/personal-data/erase', { email, confirm: email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/kunde.*5 år/);
    expect(await db().select().from(leads).where(eq(leads.id, customer.id))).toHaveLength(1);
    expect(await audits('erasure')).toEqual([]);
    const erased = await anna.request('POST', '/api/staff/personal-data/erase', {
      email,
      confirm: email,
      overrideCustomerRetention: true,
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().erased.leads).toBe(1);
    expect(await db().select().from(leads).where(eq(leads.id, customer.id))).toEqual([]);
    expect((await audits('erasure')).at(-1)!.details).toMatchObject({ overrideCustomerRetention: true });
  });

  it('compares the typed phone confirmation by the phone rule of the forms', async () => {
    const row = await lead({ phone: '+4522334455' });
    const wrong = await anna.request('POST', '/api/staff/personal-data/erase', {
      phone: '22 33 44 55',
      confirm: '+45 22 33 44 56',
    });
    expect(wrong.statusCode).toBe(400);
    const right = await anna.request('POST', '/api/staff/personal-data/erase', {
      phone: '22 33 44 55',
      confirm: '0045 22-33-44-55',
    });
    expect(right.statusCode).toBe(200);
    expect(await db().select().from(leads).where(eq(leads.id, row.id))).toEqual([]);
  });
});
