import type { Page } from '@playwright/test';
import { promises, retention, terms } from '../../domain/constants';
import { blogArticles } from '../../app/content/blog/articles';
import { company, mailtoHref, telHref } from '../../domain/company';
import { companyStaff } from '../../domain/company-staff';
import { unmeasuredClaims } from '../../domain/claims';
import { figureText } from '../../app/content/figures';
import { aboutPage } from '../../app/content/pages/about';
import { contactPage } from '../../app/content/pages/contact';
import { resourcesPage } from '../../app/content/pages/resources';
import { expect, test } from './fixtures';
import { gotoHydrated, isSameDocument, markDocument, waitForHydration } from './support/page-helpers';
import { notFoundHeading, prerenderedPaths } from './support/pages';

/** The Danish number format of the legal texts: 5000000 → '5.000.000'. */
const danishNumber = (value: number) => new Intl.NumberFormat('da-DK').format(value);

function main(page: Page) {
  return page.getByRole('main');
}

/** The page's own canonical URL: share links and sitemap.xml use the same public origin. */
async function canonical(page: Page): Promise<string> {
  const href = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(href).toBeTruthy();
  return href ?? '';
}

test.describe('About', () => {
  test('shows its sections in their order', async ({ page }) => {
    await gotoHydrated(page, '/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutPage.hero.title);
    await expect(main(page).getByRole('link', { name: 'Kontakt os' }).first()).toHaveAttribute(
      'href',
      '/contact',
    );

    const headings = await main(page).locator('h2').allTextContents();
    const order = [
      aboutPage.stats.title,
      aboutPage.mission.title,
      aboutPage.values.title,
      aboutPage.experience.title,
      aboutPage.team.title,
      aboutPage.cta.title,
    ].map((title) => headings.indexOf(title));
    expect(
      order.every((index) => index >= 0),
      `all section headings present in ${headings.join(' | ')}`,
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    // Four statistics, from the shared figures; nothing is counted yet, so no number is claimed.
    for (const value of [
      figureText.years,
      unmeasuredClaims.handledCases.value,
      unmeasuredClaims.satisfaction.value,
      figureText.readiness,
    ]) {
      await expect(main(page).locator('dd', { hasText: value }).first()).toBeVisible();
    }
    // Mission lists, four values, three experience highlights.
    await expect(main(page).getByRole('heading', { level: 3, name: 'Hvem vi hjælper' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 3, name: 'Sådan arbejder vi' })).toBeVisible();
    for (const value of ['Troværdighed', 'Upartiskhed', 'Løsningsfokus', 'Kvalitet']) {
      await expect(main(page).getByRole('heading', { level: 3, name: value })).toBeVisible();
    }
    for (const highlight of aboutPage.experience.highlights) {
      await expect(main(page).getByRole('heading', { level: 3, name: highlight.title })).toBeVisible();
    }

    const ctaLinks = page.locator('main section').last().getByRole('link');
    await expect(ctaLinks).toHaveCount(2);
    await expect(ctaLinks.nth(0)).toHaveAttribute('href', '/contact');
    await expect(ctaLinks.nth(1)).toHaveAttribute('href', '/services');
  });

  test('each team card offers e-mail, a call and a profile that opens safely in a new tab', async ({
    page,
  }) => {
    await gotoHydrated(page, '/about');
    const cards = page.locator('#team li').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(companyStaff.length);
    for (const [index, person] of companyStaff.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(person.name);
      await expect(card).toContainText(person.title);
      await expect(card.getByRole('link', { name: `Send e-mail til ${person.name}` })).toHaveAttribute(
        'href',
        `mailto:${person.email}`,
      );
      await expect(card.getByRole('link', { name: new RegExp(`Ring til ${person.name}`) })).toHaveAttribute(
        'href',
        `tel:${person.phoneE164}`,
      );
      const profile = card.getByRole('link', { name: /LinkedIn-profil/ });
      await expect(profile).toHaveAttribute('href', person.linkedin);
      await expect(profile).toHaveAttribute('target', '_blank');
      await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(profile).toHaveAccessibleName(new RegExp(`${person.name}.*åbner i et nyt vindue`));
    }
  });
});

test.describe('Contact', () => {
  test('offers emergency and report buttons, three ways to reach us, the steps and the form', async ({
    page,
  }) => {
    await gotoHydrated(page, '/contact');
    const hero = page.locator('main section').first();
    await expect(hero.getByRole('link', { name: 'Akut skade' })).toHaveAttribute('href', '/akut-skade');
    await expect(hero.getByRole('link', { name: 'Anmeld skade' })).toHaveAttribute('href', '/anmeldelse');

    const methods = page
      .locator('#kontaktmuligheder li')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(methods).toHaveCount(3);
    await expect(methods.nth(0).getByRole('link', { name: company.phoneDisplay })).toHaveAttribute(
      'href',
      telHref,
    );
    await expect(methods.nth(0)).toContainText('Mandag–fredag kl. 8–17');
    await expect(methods.nth(1).getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      mailtoHref,
    );
    await expect(methods.nth(1)).toContainText(`Svar inden for ${figureText.emailReply} i åbningstiden`);
    await expect(methods.nth(2)).toContainText('24/7');

    await expect(main(page).locator('ol > li')).toHaveCount(contactPage.form.steps.length);
    await expect(main(page).getByRole('form', { name: 'Kontaktformular' })).toBeVisible();

    const emergency = page.locator('main section').last();
    await expect(emergency.locator(`a[href="${telHref}"]`)).toBeVisible();
    await expect(emergency.locator(`a[href="${mailtoHref}"]`)).toBeVisible();
  });

  test('the six FAQ items open and close independently of each other', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const items = page.locator('#faq details');
    await expect(items).toHaveCount(6);
    const [first, second] = [items.nth(0), items.nth(1)];
    for (const item of [first, second]) await expect(item).not.toHaveAttribute('open');

    await first.locator('summary').click();
    await second.locator('summary').click();
    await expect(first).toHaveAttribute('open');
    await expect(second).toHaveAttribute('open');
    await expect(page.getByText(contactPage.faq.items[0]!.answer)).toBeVisible();
    await expect(page.getByText(contactPage.faq.items[1]!.answer)).toBeVisible();

    await first.locator('summary').click();
    await expect(first).not.toHaveAttribute('open');
    await expect(page.getByText(contactPage.faq.items[0]!.answer)).toBeHidden();
    await expect(second).toHaveAttribute('open');
  });

  test.describe('with scripts off', () => {
    test.use({ javaScriptEnabled: false });

    test('an FAQ answer opens from the keyboard', async ({ page }) => {
      await page.goto('/contact');
      const summary = page.locator('#faq summary').first();
      await summary.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText(contactPage.faq.items[0]!.answer)).toBeVisible();
    });
  });
});

test.describe('Resources', () => {
  test('shows both resources, each opening its own request dialog, and links to contact', async ({
    page,
  }) => {
    await gotoHydrated(page, '/resources');
    for (const offer of resourcesPage.offers) {
      await expect(main(page).getByRole('heading', { level: 2, name: offer.request.title })).toBeVisible();
      await main(page).getByRole('button', { name: offer.buttonLabel }).click();
      const dialog = page.getByRole('dialog', { name: offer.request.title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Annuller' }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(main(page).getByRole('link', { name: 'Kontakt os' })).toHaveAttribute('href', '/contact');
  });
});

test.describe('Emergency and damage report', () => {
  test('/akut-skade shows the emergency number, the form and what happens next', async ({ page }) => {
    await gotoHydrated(page, '/akut-skade');
    const hero = page.locator('main section').first();
    await expect(hero).toContainText(company.phoneDisplay);
    await expect(hero.getByRole('link', { name: `Ring ${company.phoneDisplay}` })).toHaveAttribute(
      'href',
      telHref,
    );
    await expect(main(page).getByRole('button', { name: 'Send akut henvendelse' })).toBeVisible();

    const steps = page.locator('#naeste-skridt ol > li');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText(`${promises.emergencyCallbackMinutes} minutter`);
    await expect(steps.nth(2)).toContainText('forsikring');
    await expect(page.locator('#opfoelgning li')).not.toHaveCount(0);
    await expect(main(page)).toContainText('Ring 112 først');
  });

  test('/anmeldelse has the form and a hint to call in emergencies', async ({ page }) => {
    await gotoHydrated(page, '/anmeldelse');
    const hint = page.getByRole('complementary', { name: 'Er skaden akut?' });
    await expect(hint.locator(`a[href="${telHref}"]`)).toBeVisible();
    await expect(hint.getByRole('link', { name: 'Send en akut henvendelse' })).toHaveAttribute(
      'href',
      '/akut-skade',
    );
    await expect(main(page).getByRole('form', { name: 'Skadeanmeldelse' })).toBeVisible();
  });
});

test.describe('Thank-you page', () => {
  test('confirms the report, shows the reference it was given and links on', async ({ page }) => {
    await gotoHydrated(page, '/tak?ref=SK-7F3K2');
    await expect(main(page)).toContainText(`inden for ${promises.replyHours} timer på hverdage`);
    await expect(page.getByTestId('reference')).toContainText('SK-7F3K2');
    await expect(main(page).getByRole('heading', { level: 2, name: 'Det kan du gøre nu' })).toBeVisible();
    await expect(page.locator('#mens-du-venter li')).toHaveCount(6);
    await expect(main(page).getByRole('link', { name: 'Til forsiden' })).toHaveAttribute('href', '/');
    await expect(main(page).getByRole('link', { name: 'Anmeld en skade mere' })).toHaveAttribute(
      'href',
      '/anmeldelse',
    );
  });

  test('shows no reference without one, and never an odd one', async ({ page }) => {
    await gotoHydrated(page, '/tak');
    await expect(page.getByTestId('reference')).toHaveCount(0);
    await gotoHydrated(page, `/tak?ref=${encodeURIComponent('Ring 90 90 90 90 nu')}`);
    await expect(page.getByTestId('reference')).toHaveCount(0);
  });
});

test.describe('Blog', () => {
  test('lists the articles newest first, each leading to its article', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    await expect(page.getByText('Der er ingen indlæg lige nu…')).toHaveCount(0);
    const cards = main(page).locator('article');
    await expect(cards).toHaveCount(blogArticles.length);
    const dates = await cards
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());

    const first = blogArticles[0]!;
    await markDocument(page);
    await main(page).getByRole('link', { name: first.title }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    expect(await isSameDocument(page)).toBe(true);
  });

  test('the 3D-scanning article shows category, author, date, read time, tags, related articles and links on', async ({
    page,
  }) => {
    const article = blogArticles.find((candidate) => candidate.id === '3d-scanning-af-skader')!;
    await gotoHydrated(page, `/blog/${article.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    const header = main(page).locator('article header');
    await expect(header).toContainText(article.category);
    await expect(header).toContainText(article.author);
    await expect(header.locator('time')).toHaveText(
      new Intl.DateTimeFormat('da-DK', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(article.publishedAt)),
    );
    await expect(header).toContainText(`${article.readTimeMinutes} min. læsning`);
    expect(article.readTimeMinutes).toBeGreaterThanOrEqual(3);
    for (const tag of article.tags)
      await expect(main(page).getByRole('listitem').filter({ hasText: tag }).first()).toBeVisible();
    await expect(main(page).locator('article h2').first()).toBeVisible();

    await expect(page.locator('#laes-ogsaa article')).toHaveCount(Math.min(2, blogArticles.length - 1));
    await expect(main(page).getByRole('link', { name: 'Kontakt os' }).last()).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(main(page).getByRole('link', { name: 'Gratis ressourcer' })).toHaveAttribute(
      'href',
      '/resources',
    );
  });

  test('share links carry the article URL and open in a new tab', async ({ page }) => {
    const article = blogArticles[0]!;
    await gotoHydrated(page, `/blog/${article.id}`);
    const url = await canonical(page);
    expect(url.endsWith(`/blog/${article.id}`)).toBe(true);

    const share = (network: string) => page.locator(`a[data-share="${network}"]`);
    const linkedin = new URL((await share('linkedin').getAttribute('href')) ?? '');
    expect(linkedin.hostname).toBe('www.linkedin.com');
    expect(linkedin.searchParams.get('url')).toBe(url);
    const facebook = new URL((await share('facebook').getAttribute('href')) ?? '');
    expect(facebook.searchParams.get('u')).toBe(url);
    const x = new URL((await share('x').getAttribute('href')) ?? '');
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.searchParams.get('text')).toBe(article.title);
    for (const network of ['linkedin', 'facebook', 'x']) {
      await expect(share(network)).toHaveAttribute('target', '_blank');
      await expect(share(network)).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(share(network)).toHaveAccessibleName(/Del på .*nyt vindue/);
    }
    const mail = new URL((await share('email').getAttribute('href')) ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.searchParams.get('subject')).toBe(article.title);
    expect(mail.searchParams.get('body')).toContain(url);
  });

  test('copy link puts the article URL on the clipboard and confirms it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const article = blogArticles[0]!;
    await gotoHydrated(page, `/blog/${article.id}`);
    const url = await canonical(page);
    await page.getByRole('button', { name: 'Kopiér link' }).click();
    await expect(page.getByText('Link kopieret', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });

  test('an unknown article is the not-found page, with 404 on a first load', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.ignore(/status of 404/);
    const response = await page.goto('/blog/denne-artikel-findes-ikke');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading);

    // And after a client-side navigation from the blog.
    await gotoHydrated(page, '/blog');
    await markDocument(page);
    await page.evaluate(async () => {
      const router = (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter;
      await router.navigate('/blog/heller-ikke-her');
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFoundHeading);
    expect(await isSameDocument(page)).toBe(true);
  });
});

test.describe('Legal pages', () => {
  test('the privacy policy states the controller, the retention periods, rights and the authority', async ({
    page,
  }) => {
    await gotoHydrated(page, '/privacy-policy');
    const text = main(page);
    await expect(text).toContainText(company.legalName);
    await expect(text).toContainText(company.cvr);
    await expect(text).toContainText(
      `${retention.customerDataYearsAfterContract} år efter, at aftalen er ophørt`,
    );
    await expect(text).toContainText(`${retention.contactEnquiriesYears} år efter den seneste kontakt`);
    await expect(text).toContainText(`${retention.analyticsMonths} måneder`);
    await expect(text).toContainText(`inden for ${retention.requestAnswerDays} dage`);
    await expect(text).toContainText('Datatilsynet');
    await expect(text).toContainText('ingen cookies');
    for (const heading of [
      'Dataansvarlig',
      'Formål og retsgrundlag',
      'Dine rettigheder',
      'Cookies',
      'Ændringer i politikken',
    ]) {
      await expect(text.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
  });

  test('the terms state prices, payment, surcharges, complaints, liability, notice and venue', async ({
    page,
  }) => {
    await gotoHydrated(page, '/terms-of-service');
    const text = main(page);
    await expect(text).toContainText('ekskl. moms');
    await expect(text).toContainText(`netto ${terms.paymentNetDays} dage`);
    await expect(text).toContainText(`kl. 17–08): +${terms.surchargePercent.eveningNight} %`);
    await expect(text).toContainText(`Weekender: +${terms.surchargePercent.weekend} %`);
    await expect(text).toContainText(`Helligdage: +${terms.surchargePercent.holiday} %`);
    await expect(text).toContainText(`senest ${terms.complaintDays} dage efter levering`);
    await expect(text).toContainText(`${danishNumber(terms.liabilityCapDkk)} kr. pr. skadebegivenhed`);
    await expect(text).toContainText(`${danishNumber(terms.smallDisputeLimitDkk)} kr.`);
    await expect(text).toContainText(`${terms.terminationNoticeDays} dages skriftligt varsel`);
    await expect(text).toContainText(`Retten i ${terms.venue}`);
    await expect(text).toContainText(
      `skriftligt inden for ${promises.writtenConfirmationOfOralEmergencyAgreementHours} timer`,
    );
    await expect(text).toContainText(figureText.mobilisation);
    await expect(text).toContainText(company.cvr);
  });
});

test.describe('Sitemaps, robots.txt and structured data', () => {
  test('sitemap.xml lists every page of the site, and nothing else', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    for (const location of locations) expect(location).toMatch(/^https?:\/\//);
    const paths = locations.map((location) => new URL(location).pathname);
    expect([...paths].sort()).toEqual([...prerenderedPaths()].sort());
    for (const article of blogArticles) expect(paths).toContain(`/blog/${article.id}`);
  });

  test('robots.txt lets everyone crawl and points to the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1] ?? '';
    expect(new URL(sitemap).pathname).toBe('/sitemap.xml');
  });

  test('the /sitemap page links to every page', async ({ page }) => {
    await gotoHydrated(page, '/sitemap');
    const hrefs = await main(page)
      .locator('nav a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect([...new Set(hrefs)].sort()).toEqual([...prerenderedPaths()].sort());
    for (const group of ['Hovedsider', 'Ydelsesområder', 'Akut hjælp', 'Skadeservice']) {
      await expect(main(page).getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
  });

  test('the home page describes the business with its emergency phone as JSON-LD', async ({ page }) => {
    await gotoHydrated(page, '/');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}') as Record<string, unknown> & {
      contactPoint: { contactType: string; telephone: string }[];
      address: { addressLocality: string };
      areaServed: { name: string };
    };
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('ProfessionalService');
    expect(data.name).toBe(company.name);
    expect(data.telephone).toBe(company.phoneE164);
    expect(data.email).toBe(company.email);
    expect(data.address.addressLocality).toBe(company.address.city);
    expect(data.areaServed.name).toBe('Danmark');
    expect(data.openingHours).toBe('Mo-Fr 08:00-17:00');
    expect(data.contactPoint).toContainEqual(
      expect.objectContaining({ contactType: 'emergency', telephone: company.phoneE164 }),
    );
  });
});
