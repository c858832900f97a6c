/**
 * The staff API at its edges: only the inbox's own page may call it (the browser's Sec-Fetch-Site),
 * and what staff read holds no control or bidirectional-override characters.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { addStaff } from './accounts.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import type { StaffClient } from '../test/staff-client.ts';
import { loggedInNewStaff, password, testStaff } from '../test/staff-client.ts';
import { postLead } from '../test/post-lead.ts';
import { type TestApp } from '../test/test-app.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';

describeEachDatabase('the staff API at its edges', (target) => {
  let t: TestApp;
  let anna: StaffClient;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    anna = await loggedInNewStaff(t.app, testStaff.anna);
  });
  afterAll(() => t.close());

  const db = () => t.app.deps.db;
  const audits = async (action: string) =>
    (await db().select().from(auditLog)).filter((entry) => entry.action === action);

  it('refuses reads the browser says came from another origin, before they run or are logged', async () => {
    const { id } = await postLead(t.app, emergencyBody());
    const auditRows = async () => (await db().select({ id: auditLog.id }).from(auditLog)).length;
    const before = await auditRows();
    for (const site of ['same-site', 'cross-site', 'Cross-Site']) {
      for (const url of ['/api/staff/leads/export.csv', `/api/staff/leads/${id}`, '/api/staff/leads']) {
        const response = await anna.request('GET', url, undefined, { 'sec-fetch-site': site });
        expect(response.statusCode, `${site} ${url}`).toBe(403);
        expect(response.json().message).toBe('Forespørgslen kom fra en anden side og er afvist.');
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    expect(await auditRows()).toBe(before);
    expect(
      (await audits('lead-viewed')).filter((entry) => entry.leadId === id),
      "no view logged in the staff member's name",
    ).toEqual([]);
    // The inbox's own fetches, a link opened from outside a page, and callers without the header pass.
    const inboxHeaders: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of inboxHeaders) {
      const label = JSON.stringify(headers);
      expect(
        (await anna.request('GET', `/api/staff/leads/${id}`, undefined, headers)).statusCode,
        label,
      ).toBe(200);
      const csv = await anna.request('GET', '/api/staff/leads/export.csv', undefined, headers);
      expect(csv.statusCode, label).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
    }
    expect((await audits('lead-viewed')).filter((entry) => entry.leadId === id)).toHaveLength(3);
    // A state change from a sibling host is refused even with the site's own Origin.
    const changes = [
      { site: 'same-site', status: 'done', answer: 403 },
      { site: 'same-origin', status: 'in-progress', answer: 200 },
    ];
    for (const { site, status, answer } of changes) {
      const change = await anna.request(
        'PATCH',
        `/api/staff/leads/${id}`,
        { status },
        { 'sec-fetch-site': site },
      );
      expect(change.statusCode, site).toBe(answer);
    }
  });

  it('refuses right-to-left overrides and control characters in what staff read, and keeps Arabic and Hebrew names', async () => {
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...emergencyBody(), fuldeNavn: 'Per \u202enesneJ' }),
    });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json()).toMatchObject({
      message: expect.stringMatching(/ugyldige/),
      errors: { fuldeNavn: ['Feltet indeholder tegn, der ikke kan bruges. Skriv teksten igen.'] },
    });
    const { id } = await postLead(t.app, { ...emergencyBody(), fuldeNavn: 'محمد الأحمد' });
    const hebrew = await postLead(t.app, { ...emergencyBody(), fuldeNavn: 'רחל לוי' });
    expect((await anna.request('GET', `/api/staff/leads/${id}`)).json().lead.name).toBe('محمد الأحمد');
    expect((await anna.request('GET', `/api/staff/leads/${hebrew.id}`)).json().lead.name).toBe('רחל לוי');

    for (const body of ['Ringet op\u0007', 'Kunden \u202eikke\u202c ringet op', 'Ringet \u0085op']) {
      const note = await anna.request('POST', `/api/staff/leads/${id}/notes`, { body });
      expect(note.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(note.json())).toContain('Noten indeholder tegn, der ikke kan bruges.');
    }
    expect(
      (await anna.request('POST', `/api/staff/leads/${id}/notes`, { body: 'اتصلت\nRinget op\tkl. 10' }))
        .statusCode,
    ).toBe(201);
    const search = await anna.request(
      'GET',
      `/api/staff/leads/export.csv?q=${encodeURIComponent('a\u202eb')}`,
    );
    expect(search.statusCode).toBe(400);
    expect(JSON.stringify(search.json())).toContain('Søgningen indeholder tegn, der ikke kan bruges.');

    await expect(
      addStaff(db(), { email: 'spoof@example.dk', name: 'Anna \u202eloH', password }),
    ).rejects.toThrow('Navnet indeholder tegn, der ikke kan bruges.');
    const staffName = await addStaff(db(), { email: 'dalia@example.dk', name: ' דליה כהן ', password });
    expect(staffName.email).toBe('dalia@example.dk');
  });
});
