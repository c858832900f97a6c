/**
 * What staff read is in the audit log: a search (its text and filters, once, not per page), a
 * look at a lead's photos, and a person lookup (which leads it listed). Never what a lead says.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, leadImages } from '../db/schema.ts';
import { addStaff } from '../staff/accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { password, StaffClient } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('the audit log of what staff read', (target) => {
  let t: TestApp;
  let anna: StaffClient;
  let annaId: string;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    annaId = (
      await addStaff(t.app.deps.db, {
        email: 'anna@example.dk',
        name: 'Anna Holm',
        password,
        role: 'koordinator',
      })
    ).id;
    anna = new StaffClient(t.app);
    await anna.logIn('anna@example.dk');
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const audits = async (action: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.action, action))).sort(
      (a, b) => a.at.getTime() - b.at.getTime(),
    );
  const postLead = async (extra: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...emergencyBody(), ...extra }),
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; reference: string }>();
  };

  it('notes a search with its text and filters, once for all its pages, and never the leads found', async () => {
    for (let index = 0; index < 3; index++) {
      await postLead({ fuldeNavn: `Søgbar Kælder ${index}`, besked: 'Hemmelig besked om kælderen' });
    }
    const before = (await audits('lead-search')).length;
    // Listing without a search is not noted (the list itself is the inbox's everyday view).
    expect((await anna.request('GET', '/api/staff/leads')).statusCode).toBe(200);
    expect((await anna.request('GET', '/api/staff/leads?status=new&limit=5')).statusCode).toBe(200);
    expect(await audits('lead-search')).toHaveLength(before);

    const first = await anna.request('GET', '/api/staff/leads?q=%20s%C3%B8gbar%20&status=new&limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json<{ leads: { id: string }[]; nextCursor: string | null }>();
    expect(page.leads).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    const second = await anna.request(
      'GET',
      `/api/staff/leads?q=s%C3%B8gbar&status=new&limit=2&cursor=${page.nextCursor}`,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().leads).toHaveLength(1);

    const searches = (await audits('lead-search')).slice(before);
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({
      userId: annaId,
      actor: 'anna@example.dk',
      leadId: null,
      details: { q: 'søgbar', filter: { status: 'new' } },
    });
    const text = JSON.stringify(searches[0]!.details);
    expect(text).not.toContain('Kælder');
    expect(text).not.toContain('Hemmelig');

    // A new search is a new row, with its own filters.
    await anna.request('GET', '/api/staff/leads?q=vand&kind=akut-skade&assigned=none&from=2026-01-01');
    expect((await audits('lead-search')).slice(before).map((row) => row.details)).toEqual([
      { q: 'søgbar', filter: { status: 'new' } },
      { q: 'vand', filter: { kind: 'akut-skade', assigned: 'none', from: '2026-01-01' } },
    ]);
    // The audit page lists it for staff.
    const log = await anna.request('GET', '/api/staff/audit');
    expect(log.json().entries.map((entry: { action: string }) => entry.action)).toContain('lead-search');
  });

  it("notes who looked at which lead's photos when fresh photo links are handed out", async () => {
    const lead = await postLead({ fuldeNavn: 'Foto Person' });
    await db()
      .insert(leadImages)
      .values(
        [0, 1].map((position) => ({
          leadId: lead.id,
          position,
          objectKey: `uploads/${randomUUID()}`,
          contentType: 'image/png',
          bytes: 80,
        })),
      );
    const photos = await anna.request('GET', `/api/staff/leads/${lead.id}/photos`);
    expect(photos.statusCode).toBe(200);
    expect(photos.json().images).toHaveLength(2);
    const views = (await audits('photos-viewed')).filter((row) => row.leadId === lead.id);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ userId: annaId, actor: 'anna@example.dk', details: { count: 2 } });
    expect(JSON.stringify(views[0]!.details)).not.toContain('Foto Person');
    // A lead that does not exist is not noted.
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await anna.request('GET', `/api/staff/leads/${missing}/photos`)).statusCode).toBe(404);
    expect((await audits('photos-viewed')).filter((row) => row.leadId === missing)).toEqual([]);
  });

  it("notes which leads a person lookup and a personal-data export listed, not the person's details", async () => {
    const one = await postLead({
      email: 'opslag@example.dk',
      telefon: '26 36 46 56',
      fuldeNavn: 'Opslag Et',
    });
    const two = await postLead({
      email: 'opslag@example.dk',
      telefon: '26 36 46 57',
      fuldeNavn: 'Opslag To',
    });
    await postLead({ email: 'andet@example.dk', telefon: '26 36 46 58' });
    const lookup = await anna.request('GET', '/api/staff/personal-data?email=opslag%40example.dk');
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().leads).toHaveLength(2);
    const [row] = (await audits('personal-data-lookup')).slice(-1);
    expect(row).toMatchObject({ userId: annaId, actor: 'anna@example.dk' });
    expect(row!.details).toEqual({ by: 'e-mail', found: 2, ids: [one.id, two.id] });
    expect(JSON.stringify(row!.details)).not.toMatch(/opslag@|Opslag|26 ?36/);

    const exported = await anna.request('GET', '/api/staff/personal-data/export?phone=26364657');
    expect(exported.statusCode).toBe(200);
    const [exportRow] = (await audits('personal-data-export')).slice(-1);
    expect(exportRow!.details).toEqual({ by: 'telefon', found: 1, ids: [two.id] });
  });
});
