/**
 * /tak as the server sends it after a plain form (build/client and build/form-render: `npm test`
 * builds first): an emergency told a surge wait reads that wait, not the 15 minutes, with the
 * water advice first; a resource request reads its own words; odd values in the address fall back
 * to the normal promise.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SurgeService } from '../oncall/surge/surge.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody } from '../test/lead-bodies.ts';
import { formCookieFrom, plainFormTestApp } from '../test/plain-forms.ts';
import type { TestApp } from '../test/test-app.ts';

/** Surge with an expected wait of 90 minutes, as a cloudburst evening would have it. */
const inSurge: SurgeService = {
  current: async () => ({
    mode: 'travlt',
    expectedCallbackMinutes: 90,
    waiting: 18,
    people: 2,
    onCall: 2,
    manual: null,
  }),
  callbackPromise: async () => ({ mode: 'travlt', expectedCallbackMinutes: 90 }),
  invalidate: () => undefined,
};

/** The visible text of the page's thank-you section (tags dropped), and whether other sections are there. */
function thanksOf(html: string) {
  const start = html.indexOf('<section id="tak-besked"');
  const section = html.slice(start, html.indexOf('</section>', start));
  return {
    text: section.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
    hasTips: html.includes('id="mens-du-venter"'),
    // As a link in the page (the route's data in the page's script names it too).
    reportAgain: html.includes('Anmeld en skade mere</a>'),
  };
}

describeEachDatabase('/tak after a plain form', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await plainFormTestApp(target, { deps: { surge: inSurge } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: formCookieFrom(),
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const get = async (url: string) => thanksOf((await t.app.inject({ method: 'GET', url })).body);

  it('tells an emergency sent in surge the announced wait, with the water advice first, and does not ask if it became urgent', async () => {
    const { kind: _kind, images: _images, ...fields } = emergencyBody();
    const response = await post('/akut-skade', fields);
    expect(response.statusCode).toBe(303);
    const location = response.headers.location!;
    expect(location).toContain('ventetid=90');
    expect(location).toContain('travlt=1');
    expect(location).toContain('skade=vandskade');

    const page = await get(location);
    expect(page.text).toContain(
      'Vi har mange akutte henvendelser lige nu. Vi ringer til dig, forventet ventetid: ca. 1½ time.',
    );
    expect(page.text).not.toContain('inden for 15 minutter');
    expect(page.text).toMatch(/Det kan du gøre nu 1?\s*Slå strømmen fra i våde rum\./);
    expect(page.text).not.toContain('Er situationen blevet akut');
  });

  it('tells the adjuster an assignment marked urgent is handled as urgent, a normal one as received', async () => {
    const assignment = {
      forsikringsselskab: 'Tryg',
      taksatorNavn: 'Tina Taksator',
      taksatorEmail: 'tina@tryg.test',
      skadeNr: 'TRY-55',
      fuldeNavn: 'Per Jensen',
      telefon: '22 34 56 78',
      email: 'per@example.dk',
      adresse: 'Strandvejen 1, 2900 Hellerup',
      skadetype: 'vandskade',
      hastegrad: 'akut',
      adgang: 'Nøgle hos naboen',
    };
    const urgent = await post('/rekvisition', assignment);
    expect(urgent.statusCode, urgent.body).toBe(303);
    // Its policyholder's phone is the surge emergency's above: linked to it, yet the adjuster
    // reads neither that nor the policyholder's wait.
    expect(urgent.headers.location).toContain('akut=1');
    expect(urgent.headers.location).not.toContain('dublet');
    expect(urgent.headers.location).not.toContain('ventetid');
    const page = await get(urgent.headers.location!);
    expect(page.text).toContain('Tak – rekvisitionen behandles som akut');
    expect(page.text).toContain('Vores vagt er kaldt');
    expect(page.text).not.toContain('Nøgle hos naboen');

    const normal = await post('/rekvisition', { ...assignment, skadeNr: 'TRY-56', hastegrad: 'normal' });
    expect(normal.headers.location).not.toContain('akut=1');
    const received = await get(normal.headers.location!);
    expect(received.text).toContain('Tak – rekvisitionen er modtaget');
    expect(received.text).not.toContain('behandles som akut');
  });

  it('tells a danger to people it is first in line', async () => {
    const page = await get('/tak?ref=SK-AB23CD&type=akut-skade&ventetid=15&travlt=1&kritisk=1');
    expect(page.text).toContain(
      'Du er forrest i køen, fordi der er fare for personer. Vi ringer til dig inden for 15 minutter.',
    );
  });

  it('falls back to the 15-minute promise for a wait no one announced', async () => {
    for (const odd of [
      'ventetid=5&travlt=1',
      'ventetid=99999&travlt=1',
      'ventetid=1e3&travlt=1',
      'ventetid=90&travlt=ja',
    ]) {
      const page = await get(`/tak?ref=SK-AB23CD&type=akut-skade&${odd}&skade=vandskade`);
      expect(page.text).toContain('Vi ringer til dig inden for 15 minutter');
      expect(page.text).not.toContain('Slå strømmen fra');
    }
  });

  it("gives a resource request its own words: no damage advice, no 'Anmeld en skade mere', no 'blevet akut'", async () => {
    const response = await post('/resources', {
      fullName: 'Bo Berg',
      email: 'bo@example.dk',
      phone: '22 34 56 78',
      companyName: '',
      resourceTitle: 'Er du klar til skybrud?',
      resourceType: 'Tjekliste',
    });
    expect(response.statusCode).toBe(303);
    const page = await get(response.headers.location!);
    expect(page.text).toContain('Tjek din e-mail: vi sender materialet til dig som PDF.');
    expect(page.text).not.toContain('Er situationen blevet akut');
    expect(page.hasTips).toBe(false);
    expect(page.reportAgain).toBe(false);

    // A damage report's /tak keeps them.
    const report = await get('/tak?ref=SK-AB23CD&type=anmeldelse');
    expect(report.text).toContain('Er situationen blevet akut');
    expect(report.hasTips).toBe(true);
    expect(report.reportAgain).toBe(true);
  });
});
