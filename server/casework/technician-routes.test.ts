/**
 * The technician's page of a case, on PGlite and PostgreSQL, as a phone without scripts uses it:
 * plain forms, a redirect after each saved one, the Danish message at the field of a refused one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makePng, svgImage } from '../../tests/support/images.ts';
import { auditLog, leadImages, leadMilestones, leads, moistureReadings } from '../db/schema.ts';
import { multipartBody } from '../test/multipart-body.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { loggedInNewStaff, publicUrl, type StaffClient, testStaff } from '../test/staff-client.ts';
import { createStaffTestApp } from '../test/staff-test-app.ts';
import type { TestApp } from '../test/test-app.ts';

describeEachDatabase('the technician page', (target) => {
  let t: TestApp;
  let tom: StaffClient;
  let leadId: string;
  const db = () => t.app.deps.db;

  beforeAll(async () => {
    t = await createStaffTestApp(target);
    tom = await loggedInNewStaff(t.app, testStaff.tom);
    const [row] = await db()
      .insert(leads)
      .values({
        kind: 'akut-skade',
        pagesOnCall: true,
        reference: 'SK-TEK001',
        name: 'Per Jensen',
        email: 'per@example.dk',
        phone: '+4522345678',
        createdAt: new Date(Date.now() - 3 * 3_600_000),
        details: {
          adresse: 'Strandvejen 1, 2900 Hellerup',
          skadetype: 'vandskade',
          forsikringsselskab: 'Tryg',
        },
      })
      .returning({ id: leads.id });
    leadId = row!.id;
  });
  afterAll(() => t.close());

  const open = (query = '') => tom.request('GET', `/tekniker/${leadId}${query}`);
  const post = (path: string, fields: Record<string, string>, cookie = tom.cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/tekniker/${leadId}/${path}`,
      headers: { cookie, origin: publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const recorded = async () =>
    (await db().select().from(leadMilestones).where(eq(leadMilestones.leadId, leadId))).map((m) => m.kind);

  it('sends someone without a staff session to the login, and shows staff the case without scripts', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/tekniker/${leadId}` });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe('/indbakke/login');
    expect((await post('milepael', { kind: 'skadestop' }, '')).statusCode).toBe(303);
    expect(await recorded()).toEqual([]);

    const page = await open();
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('SK-TEK001 · Vandskade');
    expect(page.body).toContain('href="tel:+4522345678"');
    expect(page.body).toContain('Strandvejen 1, 2900 Hellerup');
    for (const label of ['På vej', 'På adressen', 'Skadestop', 'Affugtning startet', 'Afsluttet'])
      expect(page.body).toContain(`${label}</button>`);
    expect(page.body).not.toContain('Affugtning afsluttet</button>');
    expect(page.body).not.toContain('Rapport sendt</button>');
  });

  it('records a milestone from its button, says so after the redirect, and offers it no more', async () => {
    const saved = await post('milepael', { kind: 'paa-vej', eta: '14:20', notifyAsked: '1' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/tekniker/${leadId}?gemt=paa-vej`);
    const page = await open('?gemt=paa-vej');
    expect(page.body).toContain('På vej (forventet kl. 14.20) er registreret.');
    expect(page.body).toMatch(/<li>På vej: [^<]+ – Tom Tekniker<\/li>/);
    expect(page.body).not.toContain('På vej</button>');
    const [row] = await db().select().from(leadMilestones).where(eq(leadMilestones.leadId, leadId));
    expect(row).toMatchObject({ kind: 'paa-vej', createdByName: 'Tom Tekniker' });
  });

  it('shows a refused milestone again with the Danish message at its field, and writes nothing', async () => {
    const before = await recorded();
    const refused = await post('milepael', {
      kind: 'affugtning-startet',
      affugtere: '0',
      forventetDage: '14',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Skriv antallet af affugtere (1–100).');
    expect(refused.body).toContain('aria-invalid="true"');
    expect(refused.body).toContain('value="14"');
    expect(await recorded()).toEqual(before);

    expect((await post('milepael', { kind: 'skadestop', notifyAsked: '1' })).statusCode).toBe(303);
    const again = await post('milepael', { kind: 'skadestop' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('role="alert"');
    expect((await recorded()).filter((kind) => kind === 'skadestop')).toHaveLength(1);
  });

  it('saves a moisture reading written the Danish way, and starts the next from the same room', async () => {
    const saved = await post('maaling', { room: 'Stue', point: 'A', value: '18,5', unit: 'pct' });
    expect(saved.statusCode).toBe(303);
    const page = await open('?gemt=maaling');
    expect(page.body).toContain('Målingen er gemt.');
    expect(page.body).toContain('name="room" list="moisture-rooms" required value="Stue"');
    expect(page.body).toContain('<option value="A">');
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('18,5 %');

    const refused = await post('maaling', { room: 'Stue', point: 'B', value: '150', unit: 'pct' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('mellem 0 og 100');
    expect(refused.body).toContain('value="B"');
    const rows = await db().select().from(moistureReadings).where(eq(moistureReadings.leadId, leadId));
    expect(rows.map((r) => [r.point, r.value])).toEqual([['A', 18.5]]);
  });

  it('keeps photos taken on site as the case’s photos, and refuses a file that is no image', async () => {
    const photos = (files: Parameters<typeof multipartBody>[1]) => {
      const body = multipartBody('images', files);
      return t.app.inject({
        method: 'POST',
        url: `/tekniker/${leadId}/billeder`,
        payload: body.payload,
        headers: { ...body.headers, cookie: tom.cookie, origin: publicUrl },
      });
    };
    const saved = await photos([
      { name: 'stue.png', type: 'image/png', body: makePng(8, 8) },
      { name: 'kaelder.png', type: 'image/png', body: makePng(6, 6) },
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(`/tekniker/${leadId}?gemt=billeder&antal=2`);
    const page = await open('?gemt=billeder&antal=2');
    expect(page.body).toContain('2 billeder er gemt.');
    expect(page.body).toContain('Sagen har 2 billeder.');
    expect(page.body).toContain('capture="environment"');
    const images = await db().select().from(leadImages).where(eq(leadImages.leadId, leadId));
    expect(images.map((image) => [image.position, image.originalName])).toEqual([
      [0, 'stue.png'],
      [1, 'kaelder.png'],
    ]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'technician-photos-added'));
    expect(audit).toMatchObject({ actor: 'tom@example.dk', leadId, details: { photos: 2 } });

    const refused = await photos([{ name: 'tegning.svg', type: 'image/svg+xml', body: svgImage }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toMatch(/id="photos-error">[^<]*(JPEG|billede)/);
    expect(await db().select().from(leadImages).where(eq(leadImages.leadId, leadId))).toHaveLength(2);
  });

  it('answers an unknown case with 404', async () => {
    const unknown = await tom.request('GET', '/tekniker/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });
});
