/**
 * A batch update to the waiting, against the real server (desktop, where the inbox is worked on a
 * cloudburst evening): staff choose the waiting emergencies by postcode, see how many it reaches,
 * preview a ready-made text (recipients, the SMS parts as billed and the first SMS in full with
 * the case link), send that preview, and the customer's case page shows it under "Beskeder"
 * (reached through the link in the e-mail it came with); the same text pressed again is refused.
 * axe finds nothing on the inbox with the panel open or the preview shown.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, uniqueSuffix } from './fixtures';
import { waterEmergency } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { describeStaffed, journeyStaff } from './support/staffed-server';
import { sender } from './support/sender';
import { logInFirstTime } from './support/staff-login';

const staff = journeyStaff('Kirsten Koordinator', { role: 'koordinator' });

/** A server of its own; each journey here has 120 s, less than the staffed journeys' usual 180 s. */
const batchServer = { name: 'batch-update', staff, timeout: 120_000 };

describeStaffed('a batch update to the waiting', batchServer, (server) => {
  /** An emergency at `adresse` from a phone of its own (a shared phone would make it a duplicate). */
  async function emergency(request: APIRequestContext, adresse: string): Promise<string> {
    const response = await request.post(`${server.url}/api/leads`, {
      data: waterEmergency(
        { name: `Mads Venter ${uniqueSuffix()}`, email: `mads.${uniqueSuffix()}@example.dk` },
        'Vand i kælderen efter skybruddet.',
        { adresse, telefon: sender().phone },
      ),
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { reference: string }).reference;
  }

  async function logIn(page: Page) {
    await logInFirstTime(page, server.url, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();
  }

  test('staff send a template to the waiting of one postcode; their case page shows it', async ({
    page,
    request,
    waitForMail,
    smtp,
    consoleErrors,
  }) => {
    const roskilde = await emergency(request, 'Algade 3, 4000 Roskilde');
    const aarhus = await emergency(request, 'Vestergade 12, 8000 Aarhus C');

    await logIn(page);
    await page.getByRole('button', { name: 'Send opdatering til ventende' }).click();
    const panel = page.getByRole('region', { name: 'Send opdatering til ventende' });
    await expect(panel).toContainText('E-mail og SMS koster penge');
    await panel.getByLabel('Postnummer begynder med').fill('40');
    await panel.getByRole('button', { name: 'Opdater antal' }).click();
    await expect(panel.getByText('Valget rammer 1 ventende: én e-mail og én SMS.')).toBeVisible();
    await expectNoAxeViolations(page, 'the inbox with the batch update open');

    await panel.getByLabel('Skabelon').selectOption({ label: 'Mange henvendelser (skybrud)' });
    await expect(panel.getByLabel('Besked')).toHaveValue(/^Vi har mange henvendelser på grund af skybruddet/);
    await panel.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
    const preview = panel.getByRole('region', { name: 'Forhåndsvisning' });
    // The template and the case link the server adds: two parts.
    await expect(preview).toContainText(
      'Går til 1 ventende: én e-mail og én SMS – 2 SMS-dele i alt, højst 2 pr. SMS.',
    );
    await expect(preview).toContainText(`${roskilde} Mads Venter`);
    await expect(preview).toContainText(/følg din sag: http\S+\/sag\/x{43}/);
    await expectNoAxeViolations(page, 'the batch update preview');
    await panel.getByRole('button', { name: 'Send nu til 1 (én SMS, 2 dele)' }).click();
    await expect(page.getByText('Opdateringen er sendt til 1 ventende (én SMS).')).toBeVisible();

    // Pressed again with the same text: the preview shows, the send is refused and nothing goes.
    consoleErrors.ignore(/status of 400 .*\/api\/staff\/messages\/batch:/);
    await panel.getByRole('button', { name: 'Vis forhåndsvisning' }).click();
    await panel.getByRole('button', { name: 'Send nu til 1 (én SMS, 2 dele)' }).click();
    await expect(
      panel.getByText(/Den samme tekst er sendt til ventende inden for de sidste 10 minutter/),
    ).toBeVisible();

    const mail = await waitForMail(
      (received) => received.parsed.subject === `Re: Vi har modtaget din akutte henvendelse – ${roskilde}`,
    );
    expect(mail.parsed.text).toContain(
      `Vi har mange henvendelser på grund af skybruddet. Vi har din sag ${roskilde} og ringer til dig, så snart vi kan. Er der fare for personer, så ring 112.`,
    );
    const link = /https?:\/\/\S+\/sag\/[A-Za-z0-9_-]{43}/.exec(mail.parsed.text ?? '')?.[0];
    expect(link, mail.parsed.text).toBeTruthy();

    await page.goto(link!);
    const ours = page.getByRole('region', { name: 'Beskeder' });
    await expect(ours).toContainText(`Vi har din sag ${roskilde} og ringer til dig, så snart vi kan.`);
    expect(
      smtp.find(
        (received) => received.parsed.subject === `Re: Vi har modtaget din akutte henvendelse – ${aarhus}`,
      ),
    ).toEqual([]);
  });
});
