import type { Locator, Page } from '@playwright/test';
import { company } from '../../domain/company';
import { unmeasuredClaims } from '../../domain/claims';
import { courseDays, figures, promises } from '../../domain/constants';
import { expect, test } from './fixtures';
import { gotoHydrated } from './support/page-helpers';
import { prerenderedPaths } from './support/pages';

/**
 * Journeys through the service and information pages:
 * each page's key sections, cards, steps, FAQ, figures and links, as a visitor sees them.
 */

const tel = `tel:${company.phoneE164}`;
/** The handled-damages card with nothing counted (the journeys' database starts empty). */
const handled = unmeasuredClaims.handledCases.value;
const years = `${figures.yearsOfExperience}+`;
const range = (r: { min: number; max: number }, unit: string) => `${r.min}–${r.max} ${unit}`;

/** A page section by the text of its h2. */
function section(page: Page, heading: string | RegExp): Locator {
  return page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: heading }) });
}

/** The h3 texts inside a locator, in order. */
async function h3Texts(scope: Locator): Promise<string[]> {
  return (await scope.getByRole('heading', { level: 3 }).allTextContents()).map((text) =>
    text.replace(/\s+/g, ' ').trim(),
  );
}

async function hrefs(scope: Locator): Promise<string[]> {
  return scope.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** Headings never skip a level (h1 → h2 → h3) and there is exactly one h1. */
async function expectHeadingOutline(page: Page) {
  const levels = await page
    .locator('main :is(h1, h2, h3, h4, h5, h6)')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  for (let index = 1; index < levels.length; index += 1) {
    expect(levels[index]!, `heading ${index} jumps from h${levels[index - 1]}`).toBeLessThanOrEqual(
      levels[index - 1]! + 1,
    );
  }
}

const ownPages = [
  '/services',
  '/forebyggelse',
  '/dokumentation',
  '/skadestyring',
  '/skadeservice',
  '/akut-skadeservice',
  '/genhusning',
  '/skade-dokumentation',
  '/vaerdiredningsplan',
  '/3d-scanning',
  '/kursus',
  '/skadeserviceaftale',
];

test.describe('service and information pages: shared rules', () => {
  test('every page is prerendered, has one h1, an unbroken heading outline and Danish alt texts', async ({
    page,
  }) => {
    test.setTimeout(120_000); // twelve pages in one journey
    const prerendered = new Set(prerenderedPaths());
    const titles = new Set<string>();
    for (const path of ownPages) {
      expect(prerendered.has(path), `${path} is prerendered`).toBe(true);
      await gotoHydrated(page, path);
      await expect(page.locator('main h1')).toHaveCount(1);
      await expectHeadingOutline(page);
      titles.add(await page.title());
      const alts = await page
        .locator('main img, main [role="img"]')
        .evaluateAll((images) =>
          images.map((image) => image.getAttribute('alt') ?? image.getAttribute('aria-label') ?? ''),
        );
      expect(alts.length, `${path} shows illustrations`).toBeGreaterThan(0);
      for (const alt of alts) expect(alt.length, `${path}: image without alt text`).toBeGreaterThan(10);
    }
    expect(titles.size).toBe(ownPages.length);
  });
});

test.describe('/services', () => {
  test('has the exact title, the hero button, nine highlight cards, four service areas and the closing calls to action', async ({
    page,
  }) => {
    await gotoHydrated(page, '/services');
    await expect(page).toHaveTitle(`Professionelle Skadeydelser | ${company.name} Danmark`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Professionelle skadeydelser');

    const hero = page.locator('main section').first();
    await expect(hero.getByRole('link', { name: 'Kontakt os' })).toHaveAttribute('href', '/contact');

    const highlights = section(page, 'Find den hjælp, der passer til situationen');
    const cardLinks = highlights.getByRole('heading', { level: 3 }).getByRole('link');
    await expect(cardLinks).toHaveCount(9);
    expect(await hrefs(highlights.getByRole('heading', { level: 3 }))).toEqual([
      '/vaerdiredningsplan',
      '/genhusning',
      '/skade-dokumentation',
      '/3d-scanning',
      '/kursus',
      '/skadestyring',
      '/skadeserviceaftale',
      '/skadeservice',
      '/akut-skadeservice',
    ]);
    // The emergency card says 24/7 and is drawn in red.
    const emergencyCard = highlights
      .locator('article')
      .filter({ has: page.getByRole('link', { name: /24\/7/ }) });
    await expect(emergencyCard).toHaveCount(1);
    await expect(emergencyCard.getByText('Se akut skadeservice')).toHaveCSS('color', 'rgb(185, 28, 28)');

    const areas = section(page, 'Fire områder, ét samlet ansvar');
    expect(await h3Texts(areas)).toEqual(['Forebyggelse', 'Dokumentation', 'Skadestyring', 'Genhusning']);
    for (const card of await areas.locator('article').all()) {
      expect(await card.locator('li').count()).toBeGreaterThanOrEqual(3);
    }
    await expect(areas).toContainText(range(promises.documentationHours, 'timer'));

    const cta = section(page, 'Usikker på, hvilken ydelse du har brug for?');
    expect(await hrefs(cta)).toEqual(['/contact', '/services']);
  });

  test('a highlight card leads to the damage-service agreement page, client-side', async ({ page }) => {
    await gotoHydrated(page, '/services');
    await page.getByRole('link', { name: 'Skadeserviceaftale' }).click();
    await expect(page).toHaveURL(/\/skadeserviceaftale$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skadeserviceaftale');
  });
});

test.describe('/forebyggelse', () => {
  test('shows four prevention services, the benefits with an illustration, 10+ years and both calls to action', async ({
    page,
  }) => {
    await gotoHydrated(page, '/forebyggelse');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Forebyggelse');
    await expect(page.locator('main section').first()).toContainText(`${years} års erfaring`);

    const services = section(page, 'Fire ydelser til et stærkere beredskab');
    expect(await h3Texts(services)).toEqual([
      'Risikovurdering',
      'Værdiredningsplaner',
      'Implementering',
      'Træning og øvelser',
    ]);

    const benefits = section(page, 'Mindre skade, kortere driftsstop, færre overraskelser');
    expect(await benefits.locator('ul').first().locator('li').count()).toBeGreaterThanOrEqual(4);
    expect(await benefits.locator('img[alt], [role="img"][aria-label]').count()).toBeGreaterThan(0);
    await expect(benefits).toContainText(`op til ${figures.damageImpactReductionPercent} %`);

    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual(['/contact', '/services']);
  });
});

test.describe('/dokumentation', () => {
  test('shows the four documentation services and promises complete documentation in 2–3 hours', async ({
    page,
  }) => {
    await gotoHydrated(page, '/dokumentation');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('3D-dokumentation');
    const services = section(page, 'Fire former for dokumentation – samlet ét sted');
    expect(await h3Texts(services)).toEqual([
      '3D-scanning',
      'Fotodokumentation',
      'Rapportering',
      'Digital arkivering',
    ]);
    const why = section(page, 'Hurtigere afgørelser og færre uenigheder');
    await expect(why.getByRole('listitem').filter({ hasText: 'Komplet dokumentation på' })).toContainText(
      range(promises.documentationHours, 'timer'),
    );
    expect(await hrefs(page.locator('main > section').last())).toEqual(['/contact', '/services']);
  });
});

test.describe('/skadestyring', () => {
  test('has the badge, both calls to action, the five timed steps, the checklist and six damage types', async ({
    page,
  }) => {
    await gotoHydrated(page, '/skadestyring');
    const hero = page.locator('main section').first();
    await expect(hero).toContainText(`${years} års erfaring med skader`);
    await expect(hero.getByRole('link', { name: 'Kontakt os' })).toHaveAttribute('href', '/contact');
    await expect(hero.getByRole('link', { name: `Ring ${company.phoneDisplay}` })).toHaveAttribute(
      'href',
      tel,
    );

    const services = section(page, 'Alt det praktiske, fra første time til sidste aflevering');
    expect((await h3Texts(services)).length).toBeGreaterThanOrEqual(4);

    const steps = section(page, 'Fem trin med faste tidsrammer').locator('ol > li');
    await expect(steps).toHaveCount(5);
    const expected = [
      ['Første vurdering', `Inden for ${promises.initialAssessmentHours} timer`],
      ['Projektplan', 'Samme dag'],
      ['Koordinering', 'Løbende'],
      ['Opfølgning', 'Dagligt'],
      ['Afslutning', 'Ved projektets afslutning'],
    ];
    for (const [index, [title, time]] of expected.entries()) {
      await expect(steps.nth(index)).toContainText(title!);
      await expect(steps.nth(index)).toContainText(time!);
    }

    const checklist = section(page, 'Det gør du, når skaden er sket');
    await expect(checklist.getByRole('listitem')).toHaveCount(6);
    await expect(checklist).toContainText('112');

    const damageTypes = section(page, /Vi håndterer alle typer skader/);
    expect(await h3Texts(damageTypes)).toEqual([
      'Brand',
      'Vand',
      'Storm',
      'Stormflod og skybrud',
      'Driftsstop',
      'Særlige indboskader',
    ]);

    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual(['/contact', tel, '/rekvisition']);
    await expect(cta.getByRole('link', { name: 'For forsikringsselskaber og taksatorer' })).toBeVisible();
  });
});

test.describe('/skadeservice', () => {
  test('has three services, three damage types, the six-step process, the stats and the link to /skadestyring', async ({
    page,
  }) => {
    await gotoHydrated(page, '/skadeservice');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skadeservice');
    expect(await h3Texts(section(page, 'Skadeservice fra første time til tilbagelevering'))).toEqual([
      'Akut indsats',
      'Nedpakning og flytning',
      'Rengøring og opbevaring',
    ]);
    expect(await h3Texts(section(page, 'Skader, vi hjælper med hver dag'))).toEqual([
      'Brandskade',
      'Vandskade',
      'Storm- og skybrudsskade',
    ]);

    const process = section(page, 'Seks trin fra skade til hverdag');
    const steps = process.locator('ol > li');
    await expect(steps).toHaveCount(6);
    const titles = [
      'Akut fase',
      'Nedpakning',
      'Istandsættelse',
      'Opgørelse af tabte genstande',
      'Opmagasinering',
      'Tilbagelevering',
    ];
    for (const [index, title] of titles.entries())
      await expect(steps.nth(index).getByRole('heading')).toContainText(title);
    const stats = process.locator('dl');
    await expect(stats.getByText(handled, { exact: true })).toBeVisible();
    await expect(stats.getByText(years, { exact: true })).toBeVisible();

    await expect(
      page.getByRole('main').getByRole('link', { name: 'For forsikringsselskaber og taksatorer' }),
    ).toHaveAttribute('href', '/rekvisition');
    await page.getByRole('link', { name: 'Læs om skadestyring' }).click();
    await expect(page).toHaveURL(/\/skadestyring$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skadestyring');
  });

  test('the closing call to action offers a phone call and the contact page', async ({ page }) => {
    await gotoHydrated(page, '/skadeservice');
    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual([tel, '/contact']);
  });
});

test.describe('/akut-skadeservice', () => {
  test('tells to call 112 first, shows the readiness, four situations and the four-step process, with call buttons', async ({
    page,
  }) => {
    await gotoHydrated(page, '/akut-skadeservice');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Akut skadeservice');
    await expect(page.getByText('Er liv eller helbred i fare? Ring 112 først')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ring 112' })).toHaveAttribute('href', 'tel:112');

    const calls = page.getByRole('link', { name: `Ring ${company.phoneDisplay}` });
    expect(await calls.count()).toBeGreaterThanOrEqual(2);
    for (const call of await calls.all()) await expect(call).toHaveAttribute('href', tel);

    expect((await h3Texts(section(page, 'Klar til at rykke ud – hele døgnet, hele året'))).length).toBe(4);
    expect(await h3Texts(section(page, 'Typiske akutte situationer'))).toEqual([
      'Brand og røg',
      'Storm og skybrud',
      'Vandskade',
      'Nødsikring',
    ]);
    const steps = section(page, 'Fra opkald til sikret skadested').locator('ol > li');
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toContainText(`${promises.emergencyCallbackMinutes} minutter`);
    await expect(steps.nth(1)).toContainText(range(promises.arrivalMinutes, 'minutter'));

    const main = page.locator('main');
    await expect(main.locator('a[href="/anmeldelse"]').first()).toBeVisible();
    await expect(main.locator('a[href="/akut-skade"]').first()).toBeVisible();
  });

  test('the FAQ answers arrival time, coverage and insurance, and its questions open independently', async ({
    page,
  }) => {
    await gotoHydrated(page, '/akut-skadeservice');
    const faq = section(page, 'Ofte stillede spørgsmål om akut skadeservice');
    const question = (text: string) =>
      faq.locator('details', { has: page.getByRole('heading', { name: text }) });
    const arrival = question('Hvor hurtigt kan I være fremme?');
    const coverage = question('Dækker I hele Danmark?');
    const insurance = question('Betaler mit forsikringsselskab for den akutte indsats?');
    const onSite = question('Hvor længe er I på stedet?');
    await expect(arrival).not.toHaveAttribute('open');

    await arrival.locator('summary').click();
    await coverage.locator('summary').click();
    await expect(arrival).toHaveAttribute('open');
    await expect(coverage).toHaveAttribute('open');
    await expect(faq.getByText(range(promises.arrivalMinutes, 'minutter')).first()).toBeVisible();
    await expect(faq.getByText(/hele landet/)).toBeVisible();

    await arrival.locator('summary').click();
    await expect(arrival).not.toHaveAttribute('open');
    await expect(coverage).toHaveAttribute('open');

    await insurance.locator('summary').click();
    await expect(faq.getByText(/dækket af forsikringen/)).toBeVisible();
    await onSite.locator('summary').click();
    await expect(faq.getByText(range(promises.onSiteHours, 'timer'))).toBeVisible();
  });
});

test.describe('/genhusning', () => {
  test('explains rehousing with four steps (housing in 24–48 hours), an FAQ and links to report, emergency and contact', async ({
    page,
  }) => {
    await gotoHydrated(page, '/genhusning');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Genhusning');
    const steps = section(page, 'Fire trin til et midlertidigt hjem').locator('ol > li');
    await expect(steps).toHaveCount(4);
    const titles = ['Vurdering', 'Kontakt til forsikringsselskabet', 'Boligsøgning', 'Indflytning'];
    for (const [index, title] of titles.entries())
      await expect(steps.nth(index).getByRole('heading')).toContainText(title);
    await expect(steps.nth(2)).toContainText(range(promises.housingFoundHours, 'timer'));

    const faq = section(page, 'Ofte stillede spørgsmål om genhusning');
    await expect(faq.locator('summary')).toHaveCount(5);
    await faq.locator('summary', { hasText: 'Betaler forsikringen for genhusning?' }).click();
    await expect(faq.getByText(/afklarer den med forsikringsselskabet/)).toBeVisible();

    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual(['/anmeldelse', '/akut-skade', '/contact']);
  });
});

test.describe('/skade-dokumentation', () => {
  test('covers photo, text, 3D scan and insurer documentation, four steps, an FAQ and the report link', async ({
    page,
  }) => {
    await gotoHydrated(page, '/skade-dokumentation');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skadedokumentation');
    expect(await h3Texts(section(page, 'Fire lag af dokumentation'))).toEqual([
      'Fotodokumentation',
      'Skriftlig beskrivelse',
      '3D-scanning',
      'Dokumentation til forsikringsselskabet',
    ]);
    await expect(section(page, 'Fra skadested til færdig rapport').locator('ol > li')).toHaveCount(4);
    const faq = section(page, 'Ofte stillede spørgsmål om skadedokumentation');
    expect(await faq.locator('summary').count()).toBeGreaterThanOrEqual(4);
    await faq.locator('summary', { hasText: 'Hvor lang tid tager det?' }).click();
    await expect(faq.getByText(range(promises.documentationHours, 'timer'))).toBeVisible();

    await page.locator('main > section').last().getByRole('link', { name: 'Anmeld skade' }).click();
    await expect(page).toHaveURL(/\/anmeldelse$/);
  });
});

test.describe('/vaerdiredningsplan', () => {
  test('shows the benefits, five steps, the scope and contact by form or phone', async ({ page }) => {
    await gotoHydrated(page, '/vaerdiredningsplan');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Værdiredningsplan');
    expect((await h3Texts(section(page, 'Derfor skal I have en værdiredningsplan'))).length).toBe(4);
    await expect(section(page, 'Fem trin til en plan, der virker').locator('ol > li')).toHaveCount(5);
    const scope = section(page, 'Hvad planen dækker – og hvem den er til');
    expect(await h3Texts(scope)).toEqual(['Planen omfatter', 'Planen er til']);
    await expect(scope.getByRole('link', { name: 'Hent e-bogen' })).toHaveAttribute('href', '/resources');
    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual(['/contact', tel]);
  });
});

test.describe('/3d-scanning', () => {
  test('shows use cases, deliverables and benefits, and contact by form or phone', async ({ page }) => {
    await gotoHydrated(page, '/3d-scanning');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('3D-scanning');
    expect((await h3Texts(section(page, 'Hvornår giver 3D-scanning mening?'))).length).toBe(6);
    const deliverables = section(page, 'Det får du leveret');
    expect(await deliverables.getByRole('listitem').count()).toBeGreaterThanOrEqual(6);
    expect((await h3Texts(section(page, /Derfor vælger forsikringsselskaber og virksomheder/))).length).toBe(
      3,
    );
    const hero = page.locator('main section').first();
    expect(await hrefs(hero)).toEqual(['/contact', tel]);
    expect(await hrefs(page.locator('main > section').last())).toEqual(['/contact', tel]);
  });
});

test.describe('/kursus', () => {
  test('lists the four courses with their durations, the benefits and the years of experience', async ({
    page,
  }) => {
    await gotoHydrated(page, '/kursus');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Kurser');
    await expect(page.locator('main')).toContainText(`Bygget på ${years} års skadehåndtering`);

    const courses = page.locator('#courses');
    const days = (count: number) => (count === 1 ? '1 dag' : `${count} dage`);
    const expected = [
      ['Risikoforebyggelse', days(courseDays.riskPrevention)],
      ['3D-dokumentation', days(courseDays.documentation3d)],
      ['Skadekoordinering', days(courseDays.damageCoordination)],
      ['Service og kvalitet', days(courseDays.serviceAndQuality)],
    ] as const;
    const cards = courses.locator('article');
    await expect(cards).toHaveCount(4);
    for (const [index, [title, duration]] of expected.entries()) {
      await expect(cards.nth(index).getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(cards.nth(index).getByRole('definition').first()).toHaveText(duration);
    }
    expect((await h3Texts(section(page, 'Det får deltagerne og organisationen ud af det'))).length).toBe(4);
    expect(await hrefs(page.locator('main > section').last())).toEqual(['/contact']);
  });

  test("'Se kurserne' jumps to the #courses section", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/kursus');
    await expect(page.locator('#courses')).not.toBeInViewport();
    await page.getByRole('link', { name: 'Se kurserne' }).click();
    await expect(page).toHaveURL(/\/kursus#courses$/);
    await expect(page.locator('#courses').getByRole('heading', { level: 2 })).toBeInViewport();
  });
});

test.describe('/skadeserviceaftale', () => {
  test('describes the agreement: priority response with the 15-minute callback, plan, annual review, terms and contact', async ({
    page,
  }) => {
    const response = await gotoHydrated(page, '/skadeserviceaftale');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Skadeserviceaftale');

    const included = section(page, 'Alt det, der gør forskellen i den første time');
    const titles = await h3Texts(included);
    expect(titles).toEqual(
      expect.arrayContaining(['Prioriteret udrykning', 'Værdiredningsplan', 'Årlig gennemgang']),
    );
    await expect(included.locator('article').filter({ hasText: 'Prioriteret udrykning' })).toContainText(
      `${promises.emergencyCallbackMinutes} minutter`,
    );
    await expect(included.getByRole('link', { name: 'Værdiredningsplan' })).toHaveAttribute(
      'href',
      '/vaerdiredningsplan',
    );

    const cta = page.locator('main > section').last();
    expect(await hrefs(cta)).toEqual(['/contact', tel]);

    const terms = section(page, 'Gennemskuelige priser – ingen overraskelser');
    await expect(terms).toContainText('ekskl. moms');
    await terms.getByRole('link', { name: 'Læs handelsbetingelserne' }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Skadeserviceaftale');
  });
});
