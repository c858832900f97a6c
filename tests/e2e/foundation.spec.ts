import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { company, mailtoHref, telHref } from '../../domain/company';
import { aboutPage } from '../../app/content/pages/about';
import { privacyPolicy } from '../../app/content/legal/privacy-policy';
import { notFoundPaths } from '../../app/content/pages/errors/not-found-paths';
import { expect, test } from './fixtures';
import { repoRoot } from './support/built-server';
import {
  gotoHydrated,
  isSameDocument,
  markDocument,
  scrollThrough,
  waitForHydration,
} from './support/page-helpers';
import { notFoundHeading, prerenderedHtml, prerenderedPaths, unknownPath } from './support/pages';

const pages = prerenderedPaths();
const phone = { width: 390, height: 844 };

/** The header navigation, in order. */
const mainNavigation = [
  { label: 'Hjem', href: '/' },
  { label: 'Ydelser', href: '/services' },
  { label: 'Ressourcer', href: '/resources' },
  { label: 'Blog', href: '/blog' },
  { label: 'Om os', href: '/about' },
  { label: 'Kontakt', href: '/contact' },
];

const footerHrefs = [
  '/forebyggelse',
  '/dokumentation',
  '/skadestyring',
  '/genhusning',
  '/skadeservice',
  '/akut-skadeservice',
  '/rekvisition',
  '/sitemap',
  '/privacy-policy',
  '/terms-of-service',
];

/** '/' is active only on an exact match, the others on a path prefix. */
function isActiveFor(href: string, path: string): boolean {
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}

function pageFacts(page: Page) {
  return page.evaluate(() => {
    const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
    const meta = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      lang: document.documentElement.getAttribute('lang'),
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogTitle: meta('meta[property="og:title"]'),
      ogDescription: meta('meta[property="og:description"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogType: meta('meta[property="og:type"]'),
      ogImage: meta('meta[property="og:image"]'),
      ogImageAlt: meta('meta[property="og:image:alt"]'),
      structuredData: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? 'null') as Record<string, unknown>,
      ),
      faqQuestions: [...document.querySelectorAll('#faq h3')].map((h) => clean(h.textContent)),
      h1s: [...document.querySelectorAll('h1')].map((h) => clean(h.textContent)),
      headings: [...document.querySelectorAll('main :is(h1, h2, h3, h4)')].map((h) => clean(h.textContent)),
      internalLinks: [
        ...new Set(
          [...document.querySelectorAll('main a[href^="/"]')].map((a) => a.getAttribute('href') ?? ''),
        ),
      ],
    };
  });
}

function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Hovedmenu' });
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

test.describe('every prerendered page', () => {
  test('every static route of app/routes.ts is prerendered', () => {
    const routeTable = readFileSync(join(repoRoot, 'app/routes.ts'), 'utf8');
    const staticRoutes = [...routeTable.matchAll(/\broute\(\s*'([^']*)'/g)]
      .map((match) => `/${match[1] ?? ''}`)
      // Parameters and the catch-all are not pages of their own; sitemap.xml and robots.txt are files.
      .filter((route) => !route.includes(':') && !route.includes('*') && !route.includes('.'))
      // The staff inbox is client-only: never prerendered.
      .filter((route) => route !== '/indbakke' && !route.startsWith('/indbakke/'));
    if (/\bindex\(/.test(routeTable)) staticRoutes.push('/');
    expect(staticRoutes.length).toBeGreaterThan(0);
    expect(
      staticRoutes.filter((route) => !pages.includes(route)),
      'routes without a prerendered page',
    ).toEqual([]);
  });

  for (const path of pages) {
    test(`${path} is complete without JavaScript, hydrates to the same page and reports no errors`, async ({
      browser,
      page,
      server,
      consoleErrors,
    }) => {
      // Without JavaScript: what search engines, link previews and a visitor with JS off get.
      const noJsContext = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
      let served: Awaited<ReturnType<typeof pageFacts>>;
      try {
        const noJs = await noJsContext.newPage();
        consoleErrors.track(noJs);
        const response = await noJs.goto(path);
        expect(response?.status(), 'HTTP status').toBe(200);
        expect(new URL(noJs.url()).pathname, 'served at its own path, without a redirect').toBe(path);
        served = await pageFacts(noJs);
      } finally {
        await noJsContext.close();
      }

      expect(served.lang).toBe('da');
      expect(served.title.trim(), 'document title').not.toBe('');
      expect(served.description?.trim() ?? '', 'meta description').not.toBe('');
      expect(served.h1s, 'exactly one h1').toHaveLength(1);
      expect(served.h1s[0], 'h1 text').not.toBe('');
      expect(served.h1s[0], 'not the not-found page').not.toBe(notFoundHeading);
      expect(served.canonical, 'canonical link').toMatch(/^https?:\/\//);
      expect(new URL(served.canonical ?? '').pathname, 'canonical path').toBe(path);
      expect(served.ogTitle?.trim() ?? '', 'og:title').not.toBe('');
      expect(served.ogDescription?.trim() ?? '', 'og:description').not.toBe('');
      expect(served.ogType?.trim() ?? '', 'og:type').not.toBe('');
      expect(served.ogUrl, 'og:url is the canonical URL').toBe(served.canonical);
      expect(served.ogImage, 'og:image').toMatch(/^https?:\/\/.+\.png$/);
      expect(served.ogImageAlt?.trim() ?? '', 'og:image:alt describes the image').not.toBe('');

      // Structured data says what the page shows: an article's headline, the FAQ's questions.
      const ofType = (type: string) => served.structuredData.filter((data) => data['@type'] === type);
      if (path.startsWith('/blog/')) {
        expect(ofType('BlogPosting'), 'one BlogPosting').toHaveLength(1);
        expect(ofType('BlogPosting')[0]?.headline, 'BlogPosting headline is the h1').toBe(served.h1s[0]);
      } else {
        expect(ofType('BlogPosting'), 'no BlogPosting outside the blog articles').toHaveLength(0);
      }
      if (served.faqQuestions.length > 0) {
        const faqPages = ofType('FAQPage');
        expect(faqPages, 'one FAQPage for the FAQ section').toHaveLength(1);
        const questions = (faqPages[0]?.mainEntity as { name: string }[] | undefined)?.map((q) => q.name);
        expect(questions, 'FAQPage questions are the visible ones').toEqual(served.faqQuestions);
      } else {
        expect(ofType('FAQPage'), 'no FAQPage without an FAQ section').toHaveLength(0);
      }

      // With JavaScript: the same page after hydration, lazily loaded parts included.
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      await scrollThrough(page);
      const hydrated = await pageFacts(page);
      expect(hydrated.title).toBe(served.title);
      expect(hydrated.description).toBe(served.description);
      expect(hydrated.canonical).toBe(served.canonical);
      expect(hydrated.h1s).toEqual(served.h1s);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const heading of hydrated.headings) {
        expect(served.headings, `heading "${heading}" is in the prerendered HTML`).toContain(heading);
      }
      for (const href of hydrated.internalLinks) {
        expect(served.internalLinks, `link ${href} is in the prerendered HTML`).toContain(href);
      }
      const brokenImages = await page.evaluate(() =>
        [...document.images]
          .filter((image) => !image.complete || image.naturalWidth === 0)
          .map((image) => image.currentSrc || image.src),
      );
      expect(brokenImages, 'images that did not load').toEqual([]);

      // The header marks the section the page belongs to.
      const navLinks = mainNav(page).getByRole('link');
      await expect(navLinks).toHaveCount(mainNavigation.length);
      for (const { label, href } of mainNavigation) {
        const link = mainNav(page).getByRole('link', { name: label, exact: true });
        if (isActiveFor(href, path))
          await expect(link, `${label} is active`).toHaveAttribute('aria-current', 'page');
        else await expect(link, `${label} is not active`).not.toHaveAttribute('aria-current', 'page');
      }
    });
  }

  for (const path of ['/contact', '/anmeldelse', '/akut-skade']) {
    test(`${path} without JavaScript: the form posts to its own page, its button enabled`, async ({
      browser,
      server,
    }) => {
      const noJsContext = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
      try {
        const noJs = await noJsContext.newPage();
        await noJs.goto(path);
        const form = noJs.locator('main form');
        await expect(form).toHaveAttribute('method', 'post');
        await expect(form).toHaveAttribute('action', new RegExp(`^${path}#`));
        await expect(noJs.locator('main form noscript')).toHaveCount(0);
        await expect(noJs.locator('main form button[type="submit"]')).toBeEnabled();
        // A one-line address field takes the address-line1 token (street-address is for a textarea).
        const address = noJs.locator('main form input[name="adresse"]');
        if (path !== '/contact') await expect(address).toHaveAttribute('autocomplete', 'address-line1');
        else await expect(address).toHaveCount(0);
      } finally {
        await noJsContext.close();
      }
    });
  }

  test('every page has its own title and meta description', () => {
    const seenTitles = new Map<string, string>();
    const seenDescriptions = new Map<string, string>();
    const duplicates: string[] = [];
    for (const path of pages) {
      const html = prerenderedHtml(path);
      const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      const descriptionTag = [...html.matchAll(/<meta\b[^>]*>/g)]
        .map((match) => match[0])
        .find((tag) => /\bname="description"/.test(tag));
      const description = decodeEntities(/\bcontent="([^"]*)"/.exec(descriptionTag ?? '')?.[1] ?? '');
      const otherTitle = seenTitles.get(title);
      if (otherTitle) duplicates.push(`title "${title}" on ${otherTitle} and ${path}`);
      const otherDescription = seenDescriptions.get(description);
      if (otherDescription)
        duplicates.push(`description "${description}" on ${otherDescription} and ${path}`);
      seenTitles.set(title, path);
      seenDescriptions.set(description, path);
    }
    expect(duplicates).toEqual([]);
  });
});

test.describe('header and footer', () => {
  test('the header has the six navigation links and the two calls to action', async ({ page }) => {
    await gotoHydrated(page, '/');
    const nav = mainNav(page);
    const links = nav.getByRole('link');
    await expect(links).toHaveText(mainNavigation.map((item) => item.label));
    for (const { label, href } of mainNavigation) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Akut skade' })).toHaveAttribute('href', '/akut-skade');
    await expect(header.getByRole('link', { name: 'Anmeld skade' })).toHaveAttribute('href', '/anmeldelse');
  });

  test('the footer has the ten links, phone, e-mail, 24/7 readiness, CVR and two social profiles', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const href of footerHrefs) {
      await expect(footer.locator(`a[href="${href}"]`), `footer link to ${href}`).toHaveCount(1);
    }
    await expect(footer.locator(`a[href="${telHref}"]`)).toContainText(company.phoneDisplay);
    await expect(footer.locator(`a[href="${mailtoHref}"]`)).toContainText(company.email);
    await expect(footer).toContainText('24/7 beredskab');
    await expect(footer).toContainText(company.cvr);
    for (const profile of company.social) {
      const link = footer.locator(`a[href="${profile.href}"]`);
      await expect(link).toHaveAccessibleName(new RegExp(profile.name));
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('the header navigation works client-side and marks the current section', async ({ page, server }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    for (const { label, href } of mainNavigation) {
      await mainNav(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${server.url}${href}`);
      for (const other of mainNavigation) {
        const link = mainNav(page).getByRole('link', { name: other.label, exact: true });
        if (other.href === href) await expect(link).toHaveAttribute('aria-current', 'page');
        else await expect(link).not.toHaveAttribute('aria-current', 'page');
      }
      expect(await isSameDocument(page), `${label} was a client-side navigation`).toBe(true);
    }
  });

  test('a page reached client-side gets its copy and title from its data file', async ({ page, server }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    const dataRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.data')) dataRequests.push(new URL(request.url()).pathname);
    });
    await mainNav(page).getByRole('link', { name: 'Om os', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.hero.title);
    await expect(page).toHaveTitle(`${aboutPage.metaTitle} | ${company.name}`);
    await expect(page.getByRole('heading', { name: aboutPage.team.title })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privatlivspolitik' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyPolicy.title);
    await expect(page).toHaveTitle(`${privacyPolicy.metaTitle} | ${company.name}`);
    expect(dataRequests).toEqual(['/about.data', '/privacy-policy.data']);
    expect(await isSameDocument(page), 'both were client-side navigations').toBe(true);
  });

  test('a blog article marks Blog as the current section', async ({ page }) => {
    const article = pages.find((path) => path.startsWith('/blog/'));
    expect(article, 'at least one blog article is prerendered').toBeDefined();
    await gotoHydrated(page, article ?? '/');
    await expect(mainNav(page).getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Hjem', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('a route change scrolls back to the top', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').locator('a[href="/forebyggelse"]').click();
    await expect(page).toHaveURL(/\/forebyggelse$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('narrow phones', () => {
  // 320 px is the narrowest phone in use (iPhone SE 1st gen, small Androids); 390 is today's common one.
  for (const width of [320, 390]) {
    test(`at ${width} px no page scrolls sideways, and the header keeps its emergency button and menu whole`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of pages) {
        await page.goto(path);
        const layout = await page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect();
          const emergency = box('[data-site-header] a[href="/akut-skade"]');
          const menu = box('[data-site-header] button[aria-haspopup="dialog"]');
          return {
            pageWidth: document.documentElement.scrollWidth,
            emergency: emergency && { right: emergency.right, height: emergency.height },
            menu: menu && { right: menu.right, width: menu.width, height: menu.height },
          };
        });
        expect(layout.pageWidth, `${path} is no wider than the screen`).toBeLessThanOrEqual(width);
        expect(layout.emergency?.right, `${path}: the emergency button is on screen`).toBeLessThanOrEqual(
          width,
        );
        expect(layout.emergency?.height, `${path}: "Akut skade" stays on one line`).toBe(40);
        expect(layout.menu?.right, `${path}: the menu button is on screen`).toBeLessThanOrEqual(width);
        expect([layout.menu?.width, layout.menu?.height], `${path}: the menu button is 44 × 44 px`).toEqual([
          44, 44,
        ]);
      }
    });
  }
});

test.describe('the drawer on a phone', () => {
  test.use({ viewport: phone, hasTouch: true });

  const menuButton = (page: Page) => page.getByRole('button', { name: 'Åbn menu' });

  test('opens from the menu button as a 300 px panel at the right with the same links', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(mainNav(page), 'the wide header navigation is hidden on a phone').toBeHidden();
    await menuButton(page).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return (
          box && {
            width: Math.round(box.width),
            right: Math.round(box.x + box.width),
            top: Math.round(box.y),
          }
        );
      })
      .toEqual({ width: 300, right: phone.width, top: 0 });
    const links = drawer.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link');
    await expect(links).toHaveText(mainNavigation.map((item) => item.label));
    await expect(drawer.getByRole('link', { name: 'Akut skade' })).toHaveAttribute('href', '/akut-skade');
    await expect(drawer.getByRole('link', { name: 'Anmeld skade' })).toHaveAttribute('href', '/anmeldelse');
    await expect(drawer.getByRole('button', { name: 'Luk menu' })).toBeVisible();
  });

  test('keeps keyboard focus inside, closes on Escape and returns focus to the menu button', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const focusInDrawer = () =>
      page.evaluate(
        () => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false,
      );
    await expect.poll(focusInDrawer).toBe(true);
    const focusable = await drawer.locator('a[href], button').count();
    for (let i = 0; i < focusable + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer(), `focus stays in the drawer after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < focusable + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDrawer(), `focus stays in the drawer after Shift+Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('the close button closes it', async ({ page }) => {
    await gotoHydrated(page, '/');
    await menuButton(page).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Luk menu' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('choosing a link closes it and navigates client-side', async ({ page, server }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    await menuButton(page).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Ydelser', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/services`);
    await expect(drawer).toBeHidden();
    expect(await isSameDocument(page)).toBe(true);

    await menuButton(page).click();
    await expect(
      page.getByRole('dialog').getByRole('link', { name: 'Ydelser', exact: true }),
      'the drawer marks the current section too',
    ).toHaveAttribute('aria-current', 'page');
    await page.getByRole('dialog').getByRole('link', { name: 'Anmeld skade' }).click();
    await expect(page).toHaveURL(`${server.url}/anmeldelse`);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('the not-found page', () => {
  async function expectNotFoundPage(page: Page) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading);
    const main = page.getByRole('main');
    await expect(main.locator('a[href="/"]').first()).toBeVisible();
    await expect(main.locator('a[href="/services"]').first()).toBeVisible();
    await expect(main.locator('a[href="/anmeldelse"]').first()).toBeVisible();
    await expect(main.locator(`a[href="${telHref}"]`).first()).toContainText(company.phoneDisplay);
  }

  for (const path of [unknownPath, '/blog/findes-ikke', '/services/findes/ikke']) {
    test(`a first load of ${path} answers 404 with the not-found page`, async ({ page, consoleErrors }) => {
      consoleErrors.ignore(/status of 404/);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expectNotFoundPage(page);
      expect(await page.title()).not.toBe('');
    });
  }

  test('the not-found page is served with 404 to plain HTTP clients too', async ({ request }) => {
    const response = await request.get(unknownPath, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    expect(await response.text()).toContain(notFoundHeading);
  });

  test('a client-side navigation to an unknown path shows the not-found page', async ({ page }) => {
    await gotoHydrated(page, '/');
    await markDocument(page);
    // As a router link would: a history push handled by the app's router.
    await page.evaluate(async () => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter;
      await router.navigate('/findes-ikke-heller');
    });
    await expect(page).toHaveURL(/\/findes-ikke-heller$/);
    await expectNotFoundPage(page);
    expect(await isSameDocument(page)).toBe(true);

    // And back again with the browser's back button.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(notFoundHeading);
    expect(await isSameDocument(page)).toBe(true);
  });

  test('the links on the not-found page lead on', async ({ page, server, consoleErrors }) => {
    consoleErrors.ignore(/status of 404/);
    await page.goto(unknownPath);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('main').locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(notFoundHeading);
    expect(await isSameDocument(page)).toBe(true);
  });

  test('each prerendered variant of the not-found page holds its own report', () => {
    const shown = notFoundPaths.map((path) => /data-damage-report="(\d+)"/.exec(prerenderedHtml(path))?.[1]);
    expect(shown).toEqual(notFoundPaths.map((_, index) => String(index)));
  });

  test('shows one of the fake damage reports: fire, water damage or a stolen page', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 404/);
    const reports = new Set<string>();
    for (let i = 0; i < 12 && reports.size < 2; i += 1) {
      await page.goto(`${unknownPath}-${i}`);
      await waitForHydration(page);
      const report = page.getByRole('main').getByRole('article');
      await expect(report).toHaveCount(1);
      reports.add((await report.getByRole('heading').first().textContent()) ?? '');
    }
    expect(reports.size, 'the report is chosen at random').toBeGreaterThan(1);
  });
});

test.describe('the home page', () => {
  test('has the hero with its title, two buttons and three stats', async ({ page }) => {
    await gotoHydrated(page, '/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(
      'Vi sikrer dine værdier før, under og efter skaden',
    );
    await expect(main.getByRole('link', { name: 'Anmeld en skade', exact: true })).toHaveAttribute(
      'href',
      '/anmeldelse',
    );
    await expect(main.getByRole('link', { name: 'Se vores ydelser', exact: true })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(main.locator('dl').first().locator('dd')).toHaveCount(3);
  });

  test('presents three services, four specialised services of which only Genhusning links, and the calls to action', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const main = page.getByRole('main');
    for (const title of ['Forebyggelse', 'Skadestyring', 'Afslutning']) {
      await expect(main.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    const specialised = main
      .getByRole('region')
      .filter({ has: page.getByRole('heading', { name: 'Genhusning', exact: true }) });
    await expect(specialised).toHaveCount(1);
    await expect(specialised.getByRole('heading', { level: 3 })).toHaveCount(4);
    const hrefs = await specialised
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.sort(), 'only Genhusning links, plus "Se alle vores ydelser"').toEqual([
      '/genhusning',
      '/services',
    ]);
    await expect(specialised.getByRole('link', { name: 'Se alle vores ydelser' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(main.getByRole('link', { name: 'Kontakt os', exact: true }).last()).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main.getByRole('link', { name: 'Se alle ydelser', exact: true })).toHaveAttribute(
      'href',
      '/services',
    );
  });

  test('loads the before, during and after images lazily as they come into view, fading in', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const placeholders = page.locator('main [data-lazy-placeholder]');
    const waiting = await placeholders.count();
    expect(waiting, 'images below the fold wait for the reader').toBeGreaterThanOrEqual(3);
    const names = await placeholders.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('aria-label')),
    );
    await scrollThrough(page);
    await expect(placeholders).toHaveCount(0);
    for (const name of names) {
      const image = page
        .getByRole('main')
        .getByRole('img', { name: name ?? '' })
        .first();
      await expect(image).toHaveJSProperty('complete', true);
      await expect(image).toHaveCSS('opacity', '1');
    }
  });
});
