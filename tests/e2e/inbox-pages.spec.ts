/**
 * The staff inbox's pages in the built site, with the staff API answered by the browser itself
 * (page.route) from fixed data: every page and state is scanned by axe on a phone and a desktop,
 * and the site's own serving of /indbakke is checked (SPA fallback, no-store, noindex, no inbox
 * code on public pages). The real API is exercised by inbox.spec.ts.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { oncallAnswer } from './support/oncall-fake';
import { waitForHydration } from './support/page-helpers';
import { makePng } from '../support/images';

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const staff = {
  id: 'u1',
  email: 'anna@skade-test.example',
  name: 'Anna Andersen',
  secondFactor: 'done',
  role: 'koordinator',
};
const counts = { new: 2, 'in-progress': 1, done: 1, spam: 1 };

const leads = [
  {
    id: '0b7d7f6e-1d5a-4c1e-9a55-000000000001',
    kind: 'akut-skade',
    reference: 'SK-26-0004',
    name: 'Carl Akut',
    email: 'carl@example.dk',
    phone: '+4522345678',
    status: 'new',
    createdAt: '2026-12-03T09:15:00.000Z',
    isCustomer: false,
    imageCount: 1,
    topic: 'Vandskade',
  },
  {
    id: '0b7d7f6e-1d5a-4c1e-9a55-000000000002',
    kind: 'kontakt',
    reference: 'SK-26-0003',
    name: 'Ane Jensen',
    email: 'ane@example.dk',
    phone: null,
    status: 'in-progress',
    createdAt: '2026-12-02T15:00:00.000Z',
    isCustomer: true,
    imageCount: 0,
    topic: 'Skadeservice',
  },
  {
    id: '0b7d7f6e-1d5a-4c1e-9a55-000000000003',
    kind: 'ressource',
    reference: 'SK-26-0002',
    name: 'Bent Berg',
    email: 'bent@example.dk',
    phone: null,
    status: 'done',
    createdAt: '2026-12-01T08:00:00.000Z',
    isCustomer: false,
    imageCount: 0,
    topic: 'E-bog',
  },
];
const spamLead = {
  ...leads[2]!,
  id: '0b7d7f6e-1d5a-4c1e-9a55-000000000009',
  name: 'Billig Reklame',
  status: 'spam',
};

// The photo the lead's page shows.
const png = makePng(40, 30, [30, 120, 160]);

function detail(status = 'new') {
  const lead = leads[0]!;
  return {
    ...lead,
    status,
    kindLabel: 'Akut skade',
    statusChangedAt: status === 'new' ? null : '2026-12-03T10:00:00.000Z',
    statusChangedBy: status === 'new' ? null : 'Anna Andersen',
    rows: [
      { label: 'Navn', value: 'Carl Akut' },
      { label: 'E-mail', value: 'carl@example.dk', href: 'mailto:carl@example.dk' },
      { label: 'Telefon', value: '22 34 56 78', href: 'tel:+4522345678' },
      { label: 'Adresse', value: 'Algade 1, 4000 Roskilde' },
      { label: 'Skadetype', value: 'Vandskade' },
      { label: 'Beskrivelse', value: 'Vand i kælderen.\nDet stiger stadig.', multiline: true },
    ],
    spamReasons: null,
    images: [
      {
        id: 'i1',
        contentType: 'image/png',
        originalName: 'kaelder.png',
        bytes: png.length,
        url: '/fake-photo.png',
      },
    ],
    notes: [
      {
        id: 'n1',
        authorName: 'Anna Andersen',
        body: 'Ringet op, kommer kl. 14.',
        createdAt: '2026-12-03T09:30:00.000Z',
      },
    ],
  };
}

/** Answers the staff API from the fixed data above; `loggedIn` decides GET /api/staff/me. */
async function fakeStaffApi(page: Page, options: { loggedIn: boolean; login?: 'verify' | 'enrol' }) {
  let loggedIn = options.loggedIn;
  let status = 'new';
  const reply = (route: Route, body: unknown, code = 200) =>
    route.fulfill({ status: code, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/fake-photo.png', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: png }),
  );
  await page.route('**/api/staff/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const method = request.method();
    if (path === '/api/staff/login')
      return request.postDataJSON().password === 'rigtig'
        ? reply(route, { next: options.login ?? 'verify' })
        : reply(route, { message: 'Forkert e-mail eller adgangskode.' }, 401);
    if (path === '/api/staff/totp/enrolment')
      return reply(route, {
        otpauthUrl: 'otpauth://totp/Skadekompagniet:anna?secret=JBSWY3DPEHPK3PXP',
        qrSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" width="232" height="232"><rect width="29" height="29" fill="#fff"/><path d="M4 4h7v7H4zM18 4h7v7h-7zM4 18h7v7H4z" fill="#000"/></svg>',
        secret: 'JBSWY3DPEHPK3PXP',
      });
    if (path === '/api/staff/totp/enrol' || path === '/api/staff/totp/verify') {
      const body = request.postDataJSON();
      if (body.code === '123456' || body.recoveryCode) {
        loggedIn = true;
        return path.endsWith('enrol')
          ? reply(route, { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcd-ef${i}h-jk${i}m`) })
          : reply(route, { ok: true });
      }
      return reply(route, { message: 'Koden passer ikke. Prøv igen.' }, 401);
    }
    if (path === '/api/staff/logout') {
      loggedIn = false;
      return route.fulfill({ status: 204 });
    }
    if (!loggedIn) return reply(route, { message: 'Du er ikke logget ind.' }, 401);
    if (path === '/api/staff/me') return reply(route, staff);
    const oncall = oncallAnswer(path, url.searchParams);
    if (oncall) return reply(route, oncall);
    if (path === '/api/staff/leads') {
      const params = url.searchParams;
      if (params.get('status') === 'spam')
        return reply(route, { leads: [spamLead], nextCursor: null, counts });
      if (params.get('kind') === 'akut-skade')
        return reply(route, { leads: [leads[0]], nextCursor: null, counts });
      return reply(route, {
        leads: params.get('cursor') ? [leads[2]] : leads.slice(0, 2),
        nextCursor: params.get('cursor') ? null : 'next',
        counts,
      });
    }
    if (path === `/api/staff/leads/${leads[0]!.id}`) {
      if (method === 'PATCH') status = request.postDataJSON().status ?? status;
      return reply(route, { lead: detail(status) });
    }
    if (path.startsWith('/api/staff/leads/'))
      return reply(route, { message: 'Henvendelsen findes ikke.' }, 404);
    if (path === '/api/staff/personal-data') return reply(route, { leads: [leads[1]] });
    if (path === '/api/staff/audit')
      return reply(route, {
        entries: [
          {
            at: '2026-12-03T10:00:00.000Z',
            actor: 'Anna Andersen',
            action: 'status-changed',
            leadId: leads[0]!.id,
            details: { to: 'in-progress' },
          },
          {
            at: '2026-12-03T09:00:00.000Z',
            actor: 'Anna Andersen',
            action: 'login',
            leadId: null,
            details: {},
          },
        ],
        nextCursor: null,
      });
    return reply(route, { message: 'Ukendt adresse.' }, 404);
  });
}

async function inboxReady(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('the inbox as the site serves it', () => {
  test('/indbakke and its pages get the SPA fallback: never stored, never indexed, not prerendered', async ({
    request,
  }) => {
    for (const path of ['/indbakke', '/indbakke/login', '/indbakke/henvendelse/abc', '/indbakke/log']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('no-store');
      expect(response.headers()['x-robots-tag'], path).toBe('noindex');
      const html = await response.text();
      expect(html, path).toContain('"isSpaMode":true');
      expect(html, path).not.toContain('data-site-header');
    }
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/indbakke');
  });

  test('a public page loads none of the inbox code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto('/');
    // The scripts start after the first paint: wait until they have run, then for quiet.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(3);
    for (const url of scripts) {
      const code = await (await page.request.get(url)).text();
      expect(code, url).not.toContain('Jeg har gemt koderne');
      expect(code, url).not.toContain('/api/staff/');
    }
  });

  test('the login page carries noindex, a title and the password manager fields', async ({ page }) => {
    await fakeStaffApi(page, { loggedIn: false });
    await page.goto('/indbakke/login');
    await inboxReady(page, 'Log ind i indbakken');
    await expect(page).toHaveTitle('Log ind | Indbakke');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Adgangskode')).toHaveAttribute('autocomplete', 'current-password');
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

for (const { name, viewport } of viewports) {
  test.describe(`the inbox's pages on a ${name}`, () => {
    test.use({ viewport });

    test('login, wrong password, second factor and recovery code have no axe violations', async ({
      page,
      consoleErrors,
    }) => {
      consoleErrors.ignore(/status of 401/);
      await fakeStaffApi(page, { loggedIn: false });
      await page.goto('/indbakke/login');
      await inboxReady(page, 'Log ind i indbakken');
      await expectNoAxeViolations(page, `login (${name})`);

      await page.getByLabel('E-mail').fill('anna@skade-test.example');
      await page.getByLabel('Adgangskode').fill('forkert');
      await page.getByRole('button', { name: 'Log ind' }).click();
      await expect(page.getByRole('alert')).toHaveText('Forkert e-mail eller adgangskode.');
      await expectNoAxeViolations(page, `login with a wrong password (${name})`);

      await page.getByLabel('Adgangskode').fill('rigtig');
      await page.getByRole('button', { name: 'Log ind' }).click();
      await inboxReady(page, 'Bekræft, at det er dig');
      await expect(page.getByLabel('Kode fra godkendelsesappen')).toHaveAttribute('inputmode', 'numeric');
      await page.getByLabel('Kode fra godkendelsesappen').fill('000000');
      await page.getByRole('button', { name: 'Bekræft' }).click();
      await expect(page.getByRole('alert')).toHaveText('Koden passer ikke. Prøv igen.');
      await expectNoAxeViolations(page, `second factor with a wrong code (${name})`);

      await page.getByRole('button', { name: 'Brug en gendannelseskode' }).click();
      await expect(page.getByLabel('Gendannelseskode')).toBeFocused();
      await expectNoAxeViolations(page, `recovery code (${name})`);
      await page.getByLabel('Gendannelseskode').fill('abcd-ef0h-jk0m');
      await page.getByRole('button', { name: 'Bekræft' }).click();
      await inboxReady(page, 'Henvendelser');
    });

    test('first login: QR code and recovery codes have no axe violations', async ({ page }) => {
      await fakeStaffApi(page, { loggedIn: false, login: 'enrol' });
      await page.goto('/indbakke/login');
      await page.getByLabel('E-mail').fill('anna@skade-test.example');
      await page.getByLabel('Adgangskode').fill('rigtig');
      await page.getByRole('button', { name: 'Log ind' }).click();
      const qr = page.getByRole('img', { name: 'QR-kode til godkendelsesappen' });
      await expect(qr).toBeVisible();
      expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
        true,
      );
      await expect(page.getByText('JBSW Y3DP EHPK 3PXP')).toBeVisible();
      await expectNoAxeViolations(page, `enrolment (${name})`);
      await page.getByLabel('Skriv den 6-cifrede kode, appen viser.').fill('123456');
      await page.getByRole('button', { name: 'Forbind appen' }).click();
      await inboxReady(page, 'Gem dine gendannelseskoder');
      await expect(
        page.getByRole('list', { name: 'Dine gendannelseskoder' }).getByRole('listitem'),
      ).toHaveCount(10);
      await expectNoAxeViolations(page, `recovery codes (${name})`);
      await page.getByRole('button', { name: 'Jeg har gemt koderne' }).click();
      await inboxReady(page, 'Henvendelser');
    });

    test('the list, its spam view and more leads have no axe violations', async ({ page }) => {
      await fakeStaffApi(page, { loggedIn: true });
      await page.goto('/indbakke');
      await inboxReady(page, 'Henvendelser');
      const urgent = page.getByRole('region', { name: /Nye akutte skader/ });
      if (name === 'phone') {
        // Folded on a phone, so the search and the list are in reach; its heading tells the count.
        await expect(urgent.getByRole('link', { name: 'Carl Akut' })).toBeHidden();
        expect((await urgent.boundingBox())!.height).toBeLessThan(150);
        await expectNoAxeViolations(page, `list with the emergencies folded (${name})`);
        await urgent.locator('summary').click();
      }
      await expect(urgent.getByRole('link', { name: 'Carl Akut' })).toBeVisible();
      await page.getByRole('button', { name: 'Vis flere' }).click();
      await expect(page.getByRole('link', { name: 'Bent Berg' })).toBeFocused();
      await expectNoAxeViolations(page, `list (${name})`);
      await page.getByRole('navigation', { name: 'Status' }).getByRole('link', { name: /Spam/ }).click();
      await expect(page.getByRole('button', { name: 'Ikke spam: SK-26-0002' })).toBeVisible();
      await expectNoAxeViolations(page, `spam view (${name})`);
    });

    test('a lead, its photo and the status change have no axe violations', async ({ page }) => {
      await fakeStaffApi(page, { loggedIn: true });
      await page.goto(`/indbakke/henvendelse/${leads[0]!.id}`);
      await inboxReady(page, 'Carl Akut');
      await expect(page).toHaveTitle('Henvendelse | Indbakke');
      await expectNoAxeViolations(page, `lead (${name})`);
      await page.getByRole('group', { name: 'Skift status' }).getByRole('button', { name: 'I gang' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Status er ændret til I gang.' }),
      ).toBeVisible();
      await expect(page.getByText('Ændret af Anna Andersen')).toBeVisible();
      await page.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Foto 1 af 1: kaelder.png' });
      await expect(dialog.getByRole('img')).toBeVisible();
      await expectNoAxeViolations(page, `lead with its photo open (${name})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ })).toBeFocused();
    });

    test('personal data with its erasure step, and the log, have no axe violations', async ({ page }) => {
      await fakeStaffApi(page, { loggedIn: true });
      await page.goto('/indbakke/persondata');
      await inboxReady(page, 'Persondata');
      await page.getByLabel('E-mail-adresse').fill('ane@example.dk');
      await page.getByRole('button', { name: 'Søg' }).click();
      await page.getByRole('button', { name: 'Slet personens data' }).click();
      await page.getByRole('button', { name: 'Slet for altid' }).click();
      await expect(page.getByText('Det passer ikke med det, du søgte på.')).toBeVisible();
      await expectNoAxeViolations(page, `personal data (${name})`);
      await page.getByRole('navigation', { name: 'Indbakken' }).getByRole('link', { name: 'Log' }).click();
      await inboxReady(page, 'Log');
      await expect(page.getByRole('heading', { level: 1, name: 'Log' })).toBeFocused();
      await expectNoAxeViolations(page, `log (${name})`);
    });

    test('the Vagtplan and Beredskab pages have no axe violations', async ({ page }) => {
      await fakeStaffApi(page, { loggedIn: true });
      await page.goto('/indbakke/vagtplan');
      await inboxReady(page, 'Vagtplan');
      await expect(page).toHaveTitle('Vagtplan | Indbakke');
      await expect(page.getByRole('region', { name: 'På vagt nu' })).toContainText('1.Anna Andersen');
      await page.getByRole('button', { name: 'Flyt Bo Berg op' }).click();
      await page.getByRole('button', { name: 'Tilføj dækning' }).click();
      await expect(page.getByText('Vælg en person og både start og slut.')).toBeVisible();
      await expectNoAxeViolations(page, `rota (${name})`);
      await page
        .getByRole('navigation', { name: 'Indbakken' })
        .getByRole('link', { name: 'Beredskab' })
        .click();
      await inboxReady(page, 'Beredskab');
      await expect(page.getByRole('table').first()).toContainText('I alt');
      await expect(page.getByRole('region', { name: 'Pr. forsikringsselskab', exact: true })).toContainText(
        '1 af 2',
      );
      await expect(page.getByRole('form', { name: 'Tryg' })).toBeVisible();
      await expectNoAxeViolations(page, `figures (${name})`);
    });
  });
}
