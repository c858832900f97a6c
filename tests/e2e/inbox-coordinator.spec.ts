/**
 * The inbox as a coordinator works in it, in the built site with the staff API answered by the
 * browser itself (page.route) from 64 leads, some with hostile names: the shell paints at once,
 * nothing scrolls sideways, recovery codes and the audit log are laid out cleanly, photo links
 * are renewed, back from a lead returns to the same place in the list, a customer's erasure
 * needs an extra confirmation, a lead prints on one page, bulk changes and keyboard shortcuts
 * work, and every new state has no axe violations. On a phone (390 px) and a desktop (1440 px).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Route } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { makePng } from '../support/images';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { oncallAnswer } from './support/oncall-fake';

const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
];

const staff = {
  id: 'u1',
  email: 'anna@skade-test.example',
  name: 'Anna Andersen',
  secondFactor: 'done',
  role: 'koordinator',
};
const hostileName = 'Ω'.repeat(150);
const hostileWord = 'x'.repeat(300);
const hour = 3_600_000;

const uuid = (n: number) => `0b7d7f6e-1d5a-4c1e-9a55-${String(n).padStart(12, '0')}`;

/** 64 leads, newest first: one hostile name, emergencies, resource requests. */
const leads = Array.from({ length: 64 }, (_, index) => {
  const kind = index % 8 === 0 ? 'akut-skade' : index % 3 === 0 ? 'ressource' : 'anmeldelse';
  return {
    id: uuid(index + 1),
    kind,
    reference: `SK-26-${String(1000 - index).padStart(4, '0')}`,
    name: index === 1 ? hostileName : index === 2 ? hostileWord : `Kunde Nummer ${index + 1}`,
    email: `kunde${index + 1}@example.dk`,
    phone: index % 5 === 4 ? null : `+45${String(20000000 + index * 1111).slice(0, 8)}`,
    town: index === 2 ? hostileWord : 'Roskilde',
    insurer: kind === 'ressource' ? null : 'Tryg',
    status: 'new',
    receivedAt: new Date(Date.now() - (index * 7 + 2) * hour).toISOString(),
    isCustomer: index === 3,
    photoCount: index % 4,
    topic: index === 2 ? hostileWord : kind === 'ressource' ? 'E-bog om fugt' : 'Vandskade',
  };
});

const png = makePng(40, 30, [30, 120, 160]);

function leadDetail(id: string, photoUrl: string) {
  const lead = leads.find((candidate) => candidate.id === id) ?? leads[0]!;
  return {
    id: lead.id,
    kind: lead.kind,
    kindLabel: 'Skadeanmeldelse',
    reference: lead.reference,
    status: lead.status,
    receivedAt: lead.receivedAt,
    statusChangedAt: null,
    statusChangedBy: null,
    isCustomer: lead.isCustomer,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    rows: [
      { label: 'Navn', value: lead.name },
      { label: 'E-mail', value: lead.email, href: `mailto:${lead.email}` },
      { label: 'Telefon', value: '20 00 11 11', href: 'tel:+4520001111' },
      { label: 'Adresse', value: 'Algade 31, 4000 Roskilde' },
      { label: 'Forsikringsselskab', value: 'Tryg' },
      { label: 'Skadetype', value: 'Vandskade' },
      { label: 'Beskrivelse', value: `Vand i kælderen.\n${hostileWord}`, multiline: true },
    ],
    spamReasons: null,
    images: [1, 2, 3].map((n) => ({
      id: `i${n}`,
      contentType: 'image/png',
      originalName: `kaelder-${n}.png`,
      bytes: png.length,
      url: `${photoUrl}?n=${n}`,
    })),
    notes: [
      {
        id: 'n1',
        authorName: 'Anna Andersen',
        body: 'Ringet op, kommer kl. 14.',
        createdAt: lead.receivedAt,
      },
    ],
  };
}

interface FakeApi {
  /** Bodies of the POST/PATCH requests, by path. */
  sent: Array<{ method: string; path: string; body: unknown }>;
  /** The photo URL the lead's next answer signs (an "expired" one fails with 403). */
  photoUrl: string;
}

async function fakeStaffApi(page: Page): Promise<FakeApi> {
  const api: FakeApi = { sent: [], photoUrl: '/photos/fresh.png' };
  const reply = (route: Route, body: unknown, code = 200) =>
    route.fulfill({ status: code, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/photos/**', (route) =>
    route.request().url().includes('/photos/expired')
      ? route.fulfill({ status: 403, contentType: 'text/plain', body: 'Request has expired' })
      : route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  await page.route('**/api/staff/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const method = request.method();
    if (method !== 'GET') api.sent.push({ method, path, body: request.postDataJSON() });
    if (path === '/api/staff/me') return reply(route, staff);
    const oncall = oncallAnswer(path, url.searchParams);
    if (oncall) return reply(route, oncall);
    if (path === '/api/staff/login') return reply(route, { next: 'enrol' });
    if (path === '/api/staff/totp/enrolment')
      return reply(route, {
        otpauthUrl: 'otpauth://totp/Skadekompagniet:anna?secret=JBSWY3DPEHPK3PXP',
        qrSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" width="232" height="232"><rect width="29" height="29" fill="#fff"/><path d="M4 4h7v7H4z" fill="#000"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      });
    if (path === '/api/staff/totp/enrol') {
      // Real recovery codes: four groups of four letters and digits.
      const codes = Array.from({ length: 10 }, (_, i) => `WXYZ-${i}MWM-QQ${i}Q-MMMM`);
      return reply(route, { recoveryCodes: codes });
    }
    if (path === '/api/staff/leads' && method === 'GET') {
      const params = url.searchParams;
      const from = params.get('from');
      const to = params.get('to');
      if (from && to && from > to)
        return reply(
          route,
          { message: 'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.' },
          400,
        );
      let list = leads;
      if (params.get('kind')) list = list.filter((lead) => lead.kind === params.get('kind'));
      if (params.get('status')) list = list.filter((lead) => lead.status === params.get('status'));
      const start = Number(params.get('cursor') ?? 0);
      const limit = Number(params.get('limit') ?? 50);
      const counts = {
        new: leads.filter((lead) => lead.status === 'new').length,
        'in-progress': 0,
        done: 0,
        spam: 0,
      };
      counts.done = leads.length - counts.new;
      return reply(route, {
        leads: list.slice(start, start + limit),
        nextCursor: start + limit < list.length ? String(start + limit) : null,
        counts,
      });
    }
    if (path === '/api/staff/leads/status') {
      const body = request.postDataJSON() as { ids: string[]; status: string };
      for (const lead of leads) if (body.ids.includes(lead.id)) lead.status = body.status;
      return reply(route, { changed: body.ids.length, leads: [] });
    }
    const photos = /^\/api\/staff\/leads\/([^/]+)\/photos$/.exec(path);
    if (photos) return reply(route, { images: leadDetail(photos[1]!, api.photoUrl).images });
    const one = /^\/api\/staff\/leads\/([^/]+)$/.exec(path);
    if (one) {
      if (method === 'PATCH') {
        const lead = leads.find((candidate) => candidate.id === one[1]);
        if (lead) lead.status = (request.postDataJSON() as { status?: string }).status ?? lead.status;
      }
      return reply(route, { lead: leadDetail(one[1]!, api.photoUrl) });
    }
    if (path === '/api/staff/personal-data')
      return reply(route, { leads: [{ ...leads[3], role: 'afsender' }] });
    if (path === '/api/staff/personal-data/erase')
      return reply(route, { erased: { leads: 1, photos: 0, mails: 0, requesterMentions: 0 } });
    if (path === '/api/staff/audit')
      return reply(route, {
        entries: [
          {
            at: '2026-12-03T10:00:00.000Z',
            actor: 'anna.andersen.koordinator@skade-test.example',
            action: 'status-changed',
            leadId: leads[0]!.id,
            details: { to: 'in-progress', from: 'new' },
          },
          {
            at: '2026-12-03T09:40:00.000Z',
            actor: hostileWord,
            action: 'erasure',
            leadId: null,
            details: { by: 'e-mail', leads: 1, photos: 2, mails: 1, requesterMentions: 1 },
          },
          {
            at: '2026-12-03T09:30:00.000Z',
            actor: 'Anna Andersen',
            action: 'export',
            leadId: null,
            details: { filter: { to: '2026-12-31', from: '2026-12-01', q: hostileWord } },
          },
        ],
        nextCursor: null,
      });
    return reply(route, { message: 'Ukendt adresse.' }, 404);
  });
  return api;
}

async function expectNoSideways(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${label}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`,
  ).toBeLessThanOrEqual(innerWidth);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

test.describe('the inbox loads', () => {
  test("a full load of the login page paints the shell first and fetches the form's code in two rounds", async ({
    page,
  }) => {
    await fakeStaffApi(page);
    // Each script request and finished response in the order the browser reports them. A script
    // the HTML does not name is fetched by code that has already arrived: a request made after
    // one of those finished starts a new round.
    const events: Array<{ kind: 'request' | 'finished'; url: string }> = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') events.push({ kind: 'request', url: request.url() });
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') events.push({ kind: 'finished', url: request.url() });
    });
    const response = await page.goto('/indbakke/login', { waitUntil: 'commit' });
    const html = await response!.text();
    // Polled every frame: the time the form became visible, by the page's own clock.
    const shownAt = await page.waitForFunction(() => {
      const field = document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
      return field && field.getClientRects().length > 0 ? performance.now() : null;
    });
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    expect(firstPaint, 'the shell is painted (a first contentful paint happens)').not.toBeNull();
    expect(firstPaint!, 'the shell paints before the form').toBeLessThan((await shownAt.jsonValue())!);

    const named = (url: string) => html.includes(new URL(url).pathname);
    let rounds = 0;
    let finishedSinceRound = true;
    for (const event of events.filter(({ url }) => !named(url))) {
      if (event.kind === 'finished') finishedSinceRound = true;
      else if (finishedSinceRound) {
        rounds += 1;
        finishedSinceRound = false;
      }
    }
    // The login route, then its parts all at once. Every further round is one more trip to the
    // server on a slow phone line before the form shows.
    expect(rounds, events.map(({ kind, url }) => `${kind} ${url}`).join('\n')).toBe(2);
  });

  test("the login page, the inbox's first load, stays within 120 KiB of JavaScript (gzip)", async ({
    page,
  }) => {
    await fakeStaffApi(page);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/indbakke/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log ind i indbakken' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    let bytes = 0;
    for (const url of scripts)
      bytes += gzipSync(await (await page.request.get(url)).body(), { level: 9 }).length;
    expect(bytes / 1024, [...scripts].join('\n')).toBeLessThanOrEqual(120);
    // The pages behind the login are not part of it.
    expect([...scripts].some((url) => /\/pages-[^/]+\.js$/.test(url))).toBe(false);
  });

  test('the SPA fallback page itself carries the shell, before any script runs', async ({ request }) => {
    const html = await (await request.get('/indbakke/henvendelse/abc')).text();
    expect(html).toContain('Henter indbakken …');
    expect(html).toContain('<header');
  });
});

for (const { name, viewport } of viewports) {
  test.describe(`the coordinator's inbox on a ${name}`, () => {
    test.use({ viewport });

    test('hostile names never make the list, a lead or the audit log scroll sideways', async ({ page }) => {
      await fakeStaffApi(page);
      await page.goto('/indbakke');
      await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
      await expect(page.getByText(/^Viser 50 henvendelser/)).toBeVisible();
      await expectNoSideways(page, `list (${name})`);
      await page.goto(`/indbakke/henvendelse/${leads[2]!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: hostileWord })).toBeVisible();
      await expectNoSideways(page, `lead (${name})`);
      await page.goto(`/indbakke/henvendelse/${leads[1]!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: hostileName })).toBeVisible();
      await expectNoSideways(page, `lead with a long name (${name})`);
      await page.goto('/indbakke/log');
      await expect(page.getByRole('heading', { level: 1, name: 'Log' })).toBeVisible();
      await expectNoSideways(page, `audit log (${name})`);
    });

    test('recovery codes are laid out without overlapping', async ({ page }) => {
      await fakeStaffApi(page);
      await page.goto('/indbakke/login');
      await page.getByLabel('E-mail').fill('anna@skade-test.example');
      await page.getByLabel('Adgangskode').fill('rigtig');
      await page.getByRole('button', { name: 'Log ind' }).click();
      await page.getByLabel('Skriv den 6-cifrede kode, appen viser.').fill('123456');
      await page.getByRole('button', { name: 'Forbind appen' }).click();
      const codes = page.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      const boxes: Box[] = [];
      for (const code of await codes.all()) {
        // The text itself, not the list item: a code running out of its cell shows here.
        boxes.push(
          await code.evaluate((item) => {
            const range = document.createRange();
            range.selectNodeContents(item);
            const rect = range.getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          }),
        );
      }
      const list = (await page.getByRole('list', { name: 'Dine gendannelseskoder' }).boundingBox())!;
      for (const [i, box] of boxes.entries()) {
        expect(box.x + box.width, `code ${i + 1} inside the list`).toBeLessThanOrEqual(list.x + list.width);
        for (const [j, other] of boxes.entries())
          if (j > i) expect(overlaps(box, other), `codes ${i + 1} and ${j + 1} overlap`).toBe(false);
      }
      await expectNoSideways(page, `recovery codes (${name})`);
      await expectNoAxeViolations(page, `recovery codes (${name})`);
    });

    test('the audit log: staff and action apart, details in Danish, ranges "fra … til"', async ({ page }) => {
      await fakeStaffApi(page);
      await page.goto('/indbakke/log');
      const entries = page.getByRole('main').getByRole('listitem');
      await expect(entries).toHaveCount(3);
      for (const entry of await entries.all()) {
        const [at, actor, action] = await entry.locator(':scope > *').all();
        const boxes = [
          await at!.boundingBox(),
          await actor!.boundingBox(),
          await action!.boundingBox(),
        ] as Box[];
        expect(overlaps(boxes[0]!, boxes[1]!)).toBe(false);
        expect(overlaps(boxes[1]!, boxes[2]!)).toBe(false);
        // Nothing runs out of its column.
        for (const part of [actor!, action!])
          expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
      }
      await expect(entries.nth(0)).toContainText('fra Ny til I gang');
      await expect(entries.nth(1)).toContainText(
        'henvendelser, hvor personen kun var nævnt som rekvirent: 1',
      );
      await expect(entries.nth(2)).toContainText('fra 1. dec. 2026 til 31. dec. 2026');
      const text = (await page.getByRole('main').textContent()) ?? '';
      expect(text).not.toMatch(/requesterMentions|isCustomer|\bmails:|\bby:/);
      await expectNoSideways(page, `audit log (${name})`);
      await expectNoAxeViolations(page, `audit log (${name})`);
    });

    test('an expired photo link is renewed, and a photo that cannot load says so', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.ignore(/status of 403/);
      const api = await fakeStaffApi(page);
      api.photoUrl = '/photos/expired.png';
      await page.goto(`/indbakke/henvendelse/${leads[0]!.id}`);
      await expect(page.getByText('Fotoet kunne ikke hentes.').first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Fotoet kunne ikke hentes.' })).toBeVisible();
      await expectNoAxeViolations(page, `a photo that cannot load (${name})`);
      // The server signs fresh links again: "Prøv igen" shows the photo.
      api.photoUrl = '/photos/fresh.png';
      await page.getByRole('button', { name: /^Prøv igen: Foto 1 af 3/ }).click();
      const first = page.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }).locator('img');
      await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(40);
    });

    test('back from a lead on page 2 returns to the same place in the list', async ({ page }) => {
      await fakeStaffApi(page);
      await page.goto('/indbakke');
      await page.getByRole('button', { name: 'Vis flere' }).click();
      await expect(page.getByText('Viser 64 henvendelser.')).toBeVisible();
      const target = page.locator(`[data-lead-link="${leads[58]!.id}"]:visible`);
      await target.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      expect(before).toBeGreaterThan(500);
      await target.click();
      await expect(page.getByRole('heading', { level: 1, name: leads[58]!.name })).toBeVisible();
      await page.goBack();
      await expect(page.getByText('Viser 64 henvendelser.')).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 40);
      await expect(target).toBeFocused();
    });

    test('erasing a customer asks for an explicit extra confirmation naming the retention promise', async ({
      page,
    }) => {
      const api = await fakeStaffApi(page);
      await page.goto('/indbakke/persondata');
      await page.getByLabel('E-mail-adresse').fill(leads[3]!.email);
      await page.getByRole('button', { name: 'Søg' }).click();
      await page.getByRole('button', { name: 'Slet personens data' }).click();
      await page.getByLabel('Skriv e-mail-adressen igen for at bekræfte').fill(leads[3]!.email);
      await expect(page.getByRole('heading', { name: 'Personen er kunde' })).toBeVisible();
      await expect(
        page.getByText(/så længe sagen er åben, og i 5 år efter, at den er afsluttet/),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Slet for altid' }).click();
      await expect(
        page.getByText('Sæt flueben for at bekræfte, at en kundes data skal slettes.'),
      ).toBeVisible();
      await expectNoAxeViolations(page, `erasure of a customer (${name})`);
      await page.getByRole('checkbox', { name: /Jeg bekræfter, at kundens data skal slettes nu/ }).check();
      await page.getByRole('button', { name: 'Slet for altid' }).click();
      await expect(page.getByText(/^Slettet: 1 henvendelse/)).toBeVisible();
      expect(api.sent.at(-1)).toMatchObject({
        path: '/api/staff/personal-data/erase',
        body: { overrideCustomerRetention: true, confirm: leads[3]!.email },
      });
    });

    test('a lead prints as a one-page case sheet without buttons or navigation', async ({ page }) => {
      await fakeStaffApi(page);
      await page.goto(`/indbakke/henvendelse/${leads[5]!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: leads[5]!.name })).toBeVisible();
      await expect
        .poll(() =>
          page
            .locator('img')
            .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
        )
        .toBe(true);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
      for (const button of await page.getByRole('button').all()) {
        // Photo thumbnails are buttons on screen; on paper only their image is seen.
        if ((await button.locator('img').count()) > 0) continue;
        await expect(button).toBeHidden();
      }
      await expect(page.getByRole('link', { name: 'Svar på e-mail' })).toBeHidden();
      const fields = page.getByRole('region', { name: 'Oplysninger' });
      for (const label of ['Navn', 'E-mail', 'Adresse', 'Forsikringsselskab', 'Skadetype'])
        await expect(fields.getByRole('term').filter({ hasText: label }).first()).toBeVisible();
      await expect(page.getByText('Ringet op, kommer kl. 14.')).toBeVisible();
      const thumbnails = page.getByRole('region', { name: 'Fotos (3)' }).locator('img');
      await expect(thumbnails).toHaveCount(3);
      for (const thumbnail of await thumbnails.all()) await expect(thumbnail).toBeVisible();
      const pdf = await page.pdf({ format: 'A4', printBackground: false });
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    });

    test('an impossible date range says so in Danish at once, and the server says so too', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.ignore(/status of 400/);
      await fakeStaffApi(page);
      await page.goto('/indbakke');
      await page.getByLabel('Fra dato').fill('2026-12-31');
      await page.getByLabel('Til dato').fill('2026-12-01');
      await page.getByRole('button', { name: 'Vis', exact: true }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Fra-datoen ligger efter til-datoen.' }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/indbakke$/);
      await expectNoAxeViolations(page, `impossible date range (${name})`);
      await page.goto('/indbakke?from=2026-12-31&to=2026-12-01');
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Fra-datoen ligger efter til-datoen. Ret datoerne, og prøv igen.' }),
      ).toBeVisible();
    });

    test('bulk status and keyboard shortcuts, with no axe violations in their states', async ({ page }) => {
      const api = await fakeStaffApi(page);
      await page.goto('/indbakke?kind=ressource');
      await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
      const bulk = page.getByRole('group', { name: 'Valgte henvendelser' });
      await bulk.getByLabel('Vælg alle på siden').check();
      const count = leads.filter((lead) => lead.kind === 'ressource').length;
      await expect(bulk).toContainText(`${count} valgt`);
      await expectNoAxeViolations(page, `bulk selection (${name})`);
      await bulk.getByLabel('Ny status').selectOption({ label: 'Afsluttet' });
      await bulk.getByRole('button', { name: 'Sæt status for de valgte' }).click();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Status er sat til Afsluttet for ${count} henvendelser.` }),
      ).toBeVisible();
      expect(api.sent.find((call) => call.path === '/api/staff/leads/status')?.body).toMatchObject({
        status: 'done',
      });

      await page.goto('/indbakke?kind=anmeldelse');
      await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
      await page.locator('body').press('j');
      await page.keyboard.press('j');
      const second = leads.filter((lead) => lead.kind === 'anmeldelse')[1]!;
      await expect(page.locator(`[data-lead-link="${second.id}"]:visible`)).toBeFocused();
      await page.keyboard.press('k');
      await page.keyboard.press('j');
      await page.keyboard.press('/');
      await expect(page.getByLabel('Søg')).toBeFocused();
      await page.keyboard.type('j?');
      await expect(page.getByLabel('Søg')).toHaveValue('j?');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByLabel('Søg').fill('');
      await page.getByRole('heading', { level: 1, name: 'Henvendelser' }).focus();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Tastaturgenveje' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `shortcut dialog (${name})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.keyboard.press('j');
      await page.keyboard.press('e');
      await expect(
        page.getByRole('status').filter({ hasText: /har fået status Afsluttet, uden besked til kunden\./ }),
      ).toBeVisible();
      await page.keyboard.press('o');
      await expect(page).toHaveURL(/\/indbakke\/henvendelse\//);
    });
  });
}
