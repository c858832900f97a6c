/**
 * The case after the call from start to end, against the real server: a technician on a phone
 * (390 px, the page's plain forms) records "på vej", arrival and the damage stop, a moisture reading
 * (one refused at its field first) and a photo from the camera input; back at a desk the adjuster
 * gets a link and the first report, and the adjuster's page shows the case as recorded with the
 * report as a PDF, and once the report is sent the adjuster answers how satisfied they are (with
 * JavaScript off; the unhappy answer e-mails the koordinator, and the inbox's figures count it
 * apart from the customers'); the customer's case page then tells each recorded step in plain
 * Danish and nothing that was not recorded. axe finds nothing on any state.
 */
import { readFileSync } from 'node:fs';
import { expect, test, uniqueSuffix } from './fixtures';
import { waterEmergency, postLeadWithCaseLink } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { staffedServer, type E2eStaff } from './support/staffed-server';
import { logInFirstTime } from './support/staff-login';
import { makePng } from '../support/images';

test.use({ viewport: { width: 390, height: 844 } });

const staff = {
  email: 'tina.tekniker@skade-test.example',
  name: 'Tina Tekniker',
  password: 'Sikker adgangskode til sagen 2026',
  // She coordinates her cases too: she gives the adjuster a link and sends the report.
  role: 'koordinator',
} satisfies E2eStaff;

/** "HH:MM" in Danish time, `minutes` from now. */
function danishClock(minutes: number): string {
  return new Intl.DateTimeFormat('da-DK', {
    timeZone: 'Europe/Copenhagen',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(Date.now() + minutes * 60_000))
    .replace('.', ':');
}

test.describe('the case after the call', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  const server = staffedServer({ name: 'casework', staff });

  test('a technician records the case on a phone, and the customer reads it as recorded', async ({
    page,
    context,
    browser,
    request,
    waitForMail,
    consoleErrors,
  }) => {
    const name = `Bo Vandskade ${uniqueSuffix()}`;
    const { reference, caseLink } = await postLeadWithCaseLink(
      request,
      server.url,
      waterEmergency({ name, email: `bo.${uniqueSuffix()}@example.dk` }, 'Vand fra loftet i køkkenet.', {
        policeNr: 'P-1',
        skadeNr: 'S-1',
      }),
      waitForMail,
    );

    // Nothing recorded yet: the customer's page tells no step after the call.
    await page.goto(caseLink);
    await expect(page.getByText(/Vi er på vej/)).toHaveCount(0);

    // The technician opens the case from the inbox on the phone.
    const phone = await context.newPage();
    consoleErrors.track(phone);
    await logInFirstTime(phone, server.url, staff);
    await phone.getByRole('link', { name }).first().click();
    await phone.getByRole('link', { name: 'Teknikervisning (mobil)' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: `${reference} · Vandskade` })).toBeVisible();
    await expect(phone.getByRole('link', { name: /Ring til kunden: 23 45 67 89/ })).toBeVisible();
    await expectNoAxeViolations(phone, 'technician page, nothing recorded');

    const eta = danishClock(45);
    const onTheWay = phone.locator('form', { has: phone.getByRole('button', { name: 'På vej' }) });
    await onTheWay.getByLabel('Forventet ankomst (tt:mm)').fill(eta);
    await onTheWay.getByRole('button', { name: 'På vej' }).click();
    await expect(phone.getByRole('status')).toHaveText(
      `På vej (forventet kl. ${eta.replace(':', '.')}) er registreret.`,
    );
    await expect(phone.getByRole('button', { name: 'På vej' })).toHaveCount(0);
    await phone.getByRole('button', { name: 'På adressen' }).click();
    await expect(phone.getByRole('status')).toHaveText('På adressen er registreret.');
    await phone.getByRole('button', { name: 'Skadestop' }).click();
    await expect(phone.getByRole('status')).toHaveText('Skadestop er registreret.');

    // A reading out of range is refused at its field and kept as typed; the next one is saved.
    await phone.getByLabel('Rum').fill('Køkken');
    await phone.getByLabel('Målepunkt').fill('Væg ved vask');
    await phone.getByLabel('Måling').fill('150');
    consoleErrors.ignore(/\/maaling: Failed to load resource: the server responded with a status of 400/);
    await phone.getByRole('button', { name: 'Gem måling' }).click();
    await expect(phone.getByRole('alert')).toContainText('Ret det markerede');
    await expect(phone.getByLabel('Måling')).toHaveAttribute('aria-invalid', 'true');
    await expect(phone.getByText('En måling i procent skal ligge mellem 0 og 100.')).toBeVisible();
    await expect(phone.getByLabel('Målepunkt')).toHaveValue('Væg ved vask');
    await expectNoAxeViolations(phone, 'technician page, a refused reading');
    await phone.getByLabel('Måling').fill('22,5');
    await phone.getByRole('button', { name: 'Gem måling' }).click();
    await expect(phone.getByRole('status')).toHaveText('Målingen er gemt.');
    await expect(phone.getByLabel('Rum')).toHaveValue('Køkken');
    await expect(phone.getByRole('table', { name: /Køkken/ })).toContainText('22,5 %');

    // A photo from the camera input.
    await phone.getByLabel(/Tag eller vælg billeder/).setInputFiles({
      name: 'koekken.png',
      mimeType: 'image/png',
      buffer: makePng(16, 16),
    });
    await phone.getByRole('button', { name: 'Gem billederne' }).click();
    await expect(phone.getByRole('status')).toHaveText('1 billede er gemt.');
    await expect(phone.getByText('Sagen har 1 billede.')).toBeVisible();
    await expectNoAxeViolations(phone, 'technician page, steps and a reading recorded');

    // At a desk: the adjuster gets a link, then the first report.
    const desk = await context.newPage();
    consoleErrors.track(desk);
    await desk.setViewportSize({ width: 1280, height: 900 });
    await desk.goto(`${server.url}/indbakke`);
    await desk.getByRole('link', { name }).first().click();
    const adjusterEmail = `mette.${uniqueSuffix()}@tryg.example`;
    const adjuster = desk.getByRole('region', { name: 'Taksator' });
    await adjuster.getByLabel('Taksatorens navn').fill('Mette Taksator');
    await adjuster.getByLabel('Taksatorens e-mail').fill(adjusterEmail);
    await adjuster.getByRole('button', { name: 'Send link til taksator' }).click();
    await expect(adjuster.getByText('Linket er sendt til taksatoren.')).toBeVisible();
    const linkMail = await waitForMail(
      (entry) => entry.parsed.subject === `Adgang til sag ${reference} – Skadekompagniet`,
    );
    const adjusterLink = /https?:\/\/\S+\/taksator\/[A-Za-z0-9_-]{43}/.exec(linkMail.parsed.text ?? '')?.[0];
    expect(adjusterLink, linkMail.parsed.text).toBeTruthy();
    // No report sent yet: the adjuster is not asked how satisfied they are.
    const question = 'Hvor tilfreds er du med vores hjælp?';
    const early = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const earlyPage = await early.newPage();
    await earlyPage.goto(adjusterLink!);
    await expect(earlyPage.getByRole('region', { name: 'Rapporter' })).toContainText(
      'Der er ikke sendt en rapport endnu.',
    );
    await expect(earlyPage.getByText(question)).toHaveCount(0);
    await early.close();
    const report = desk.getByRole('region', { name: 'Rapport til forsikringsselskabet' });
    await report.getByRole('button', { name: 'Send rapport' }).click();
    await expect(desk.getByText(/^Rapporten er sendt til /)).toContainText(adjusterEmail);

    // The adjuster's page: the steps, the reading and the photo as recorded, the report as a PDF.
    const adjusterContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adjusterPage = await adjusterContext.newPage();
    consoleErrors.track(adjusterPage);
    await adjusterPage.goto(adjusterLink!);
    const milestones = adjusterPage.getByRole('region', { name: 'Milepæle' });
    for (const step of ['På vej', 'På adressen', 'Skadestop']) await expect(milestones).toContainText(step);
    await expect(adjusterPage.getByRole('region', { name: 'Affugtningslog' })).toContainText('22,5 %');
    await expect(adjusterPage.getByRole('region', { name: 'Billeder' }).getByRole('img')).toHaveCount(1);
    const sentReport = adjusterPage
      .getByRole('region', { name: 'Rapporter' })
      .getByRole('link', { name: /^Rapport sendt .+ \(PDF\)$/ });
    await expect(sentReport).toHaveCount(1);
    await expectNoAxeViolations(adjusterPage, "adjuster's page with the case recorded");
    const download = adjusterPage.waitForEvent('download');
    await sentReport.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rapport-\d{4}-\d\d-\d\d\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await expect(adjusterPage.getByRole('region', { name: question })).toBeVisible();

    // The report sent, the adjuster answers the question with the plain form, JavaScript off.
    const noScript = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const noScriptPage = await noScript.newPage();
    await noScriptPage.goto(adjusterLink!);
    const survey = noScriptPage.getByRole('region', { name: question });
    await survey.getByLabel('2 – Utilfreds').check();
    await survey.getByLabel('Kommentar (frivillig)').fill('Rapporten manglede fugtmålinger fra gangen.');
    await survey.getByRole('button', { name: 'Send mit svar' }).click();
    await expect(noScriptPage.getByRole('region', { name: 'Tak for dit svar' })).toContainText(
      'En koordinator ser på dit svar',
    );
    const answered = noScriptPage.url();
    await noScript.close();
    await adjusterPage.goto(answered);
    await expect(adjusterPage.getByRole('region', { name: 'Tak for dit svar' })).toBeVisible();
    await expectNoAxeViolations(adjusterPage, "adjuster's page, the question answered");
    await adjusterPage.goto(adjusterLink!);
    await expect(adjusterPage.getByRole('region', { name: question })).toContainText(
      'Du svarede “Utilfreds”',
    );
    await expectNoAxeViolations(adjusterPage, "adjuster's page with the answer given");
    await adjusterContext.close();
    // The unhappy answer reaches the koordinator with the comment.
    const unhappy = await waitForMail(
      (entry) => entry.parsed.subject === `Utilfreds taksator (2/5): ${reference}`,
    );
    expect(unhappy.parsed.text).toContain('Rapporten manglede fugtmålinger fra gangen.');

    await desk.reload();
    await expect(adjuster).toContainText('Tilfredshed: 2 af 5 (Utilfreds)');
    await expect(adjuster).toContainText(
      'Taksatorens kommentar: Rapporten manglede fugtmålinger fra gangen.',
    );

    // The inbox's figures: the adjusters' share satisfied apart from the customers'.
    await desk.goto(`${server.url}/indbakke/beredskab`);
    const satisfaction = desk.getByRole('region', { name: 'Tilfredshed' });
    await expect(satisfaction.getByText('Kunder: ingen svar i perioden.')).toBeVisible();
    const byMonth = satisfaction.getByRole('table', { name: 'Taksatorer pr. måned' });
    await expect(byMonth.getByRole('row', { name: /I alt/ })).toContainText(/0\s%\s\(0 af 1\)/);
    await expectNoAxeViolations(desk, 'Beredskab page with the satisfaction figures');

    // The customer's page tells what was recorded, in plain Danish, on a desktop too.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect(
      page.getByText(new RegExp(`^Vi er på vej – forventet (i morgen )?kl\\. ${eta.replace(':', '\\.')}$`)),
    ).toBeVisible();
    await expect(page.getByText(/^Vi er nået frem kl\. \d\d\.\d\d$/)).toBeVisible();
    await expect(page.getByText(/^Skaden blev stoppet kl\. \d\d\.\d\d$/)).toBeVisible();
    // "På vej" and the damage stop reached the customer as messages too; arrival only on the page.
    await expect(page.getByText(/^Vi er på vej – forventet .*Har du spørgsmål/)).toBeVisible();
    await expect(page.getByText(/Affugtning/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'case page with the steps after the call');
  });
});
