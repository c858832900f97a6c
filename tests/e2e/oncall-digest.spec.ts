/**
 * Paging at volume against the real server, on a phone (390 px): several emergencies within a
 * minute, one of them critical, reach the person on call as a single page, the critical one at
 * once, and a digest at the next minute (at a fake GatewayAPI). The digest's link opens the queue
 * page: the critical emergency first; "Jeg tager den" takes it, and the list shows who took it.
 */
import type { APIRequestContext } from '@playwright/test';
import { startFakeSmsProvider, type FakeSmsProvider } from '../../server/test/fake-sms';
import { expect, test } from './fixtures';
import { waterEmergency } from './support/api-leads';
import { expectNoAxeViolations } from './support/axe';
import { sender } from './support/sender';
import { journeyStaff, staffedServer } from './support/staffed-server';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Anna Vagt', { phone: '+4521223344', onCall: true });

let count = 0;
/** An emergency through the API (its own phone and address: not a duplicate); its reference. */
async function emergency(request: APIRequestContext, origin: string, critical = false): Promise<string> {
  count++;
  const who = sender();
  const response = await request.post(`${origin}/api/leads`, {
    data: waterEmergency({ name: `Kunde ${count}`, email: `kunde${count}@example.dk` }, 'Vand fra loftet.', {
      adresse: who.address,
      telefon: who.phone,
      ...(critical ? { personfare: 'ja' } : {}),
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

test.describe('paging at volume against the server', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let gateway: FakeSmsProvider;
  /** The digest's link to the queue page, for the journey through a long list. */
  let queueLink: string;

  test.beforeAll(async () => {
    gateway = await startFakeSmsProvider('gatewayapi');
  });

  const server = staffedServer({
    name: 'digest',
    staff,
    env: () => ({ SMS_PROVIDER: 'gatewayapi', SMS_API_TOKEN: gateway.token, SMS_API_URL: gateway.url }),
  });

  test.afterAll(async () => {
    await gateway?.stop();
  });

  test('the digest links the queue page: critical first, taken from the list, shown as taken', async ({
    page,
    request,
    consoleErrors,
  }) => {
    void consoleErrors;
    const first = await emergency(request, server.url);
    await expect.poll(() => gateway.received.length, { timeout: 20_000 }).toBe(1);
    expect(gateway.received[0]!.text).toMatch(new RegExp(`^AKUT NORMAL ${first}: `));

    const normal = await emergency(request, server.url);
    const critical = await emergency(request, server.url, true);
    const later = await emergency(request, server.url);
    // The critical one at once, within the budget; the others wait for the next minute's digest.
    await expect.poll(() => gateway.received.length, { timeout: 20_000 }).toBe(2);
    expect(gateway.received[1]!.text).toMatch(new RegExp(`^AKUT KRITISK ${critical}: `));
    await expect
      .poll(() => gateway.received.find((sms) => sms.text.startsWith('AKUT: '))?.text, { timeout: 90_000 })
      // New since the person's first SMS, apart from all four waiting (the critical one among them).
      .toMatch(/^AKUT: 3 nye, 4 venter - 1 kritisk\. Ældste 1 min\. Se listen: http\S+\/v\/[\w-]{16}$/);
    const digest = gateway.received.find((sms) => sms.text.startsWith('AKUT: '))!;
    expect(digest.to).toBe('+4521223344');
    const link = /http\S+/.exec(digest.text)![0];
    queueLink = link;

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Akutte skader (4)' })).toBeVisible();
    const items = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    await expect(items.getByRole('heading', { level: 2 })).toHaveText([critical, first, normal, later]);
    await expect(items.first()).toContainText('KRITISK');
    await expect(items.first()).toContainText('4000 Roskilde');
    await expect(items.first().getByRole('link', { name: /^Ring / })).toHaveAttribute('href', /^tel:/);
    await expectNoAxeViolations(page, 'the on-call queue page');

    await items.first().getByRole('button', { name: 'Jeg tager den' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Du har taget ${critical}` })).toBeVisible();
    // The same page as from a single page SMS: what the customer wrote and answered, "Ringet op".
    await expect(page.getByText('Vand fra loftet.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Kundens svar' })).toBeVisible();
    await expectNoAxeViolations(page, 'the taken page from the queue');
    await page.getByRole('button', { name: 'Ringet op' }).click();
    await expect(
      page.getByText(new RegExp(`^Ringet op kl\\. \\d\\d\\.\\d\\d af ${staff.name}\\.$`)),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Tilbage til listen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Akutte skader (3)' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Taget de sidste 12 timer' })).toBeVisible();
    // The row taken by this person links back to its taken page.
    await expect(
      page.getByRole('link', { name: new RegExp(`^${critical}: ${staff.name} kl\\. \\d\\d\\.\\d\\d$`) }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'the on-call queue page after taking one');
  });

  test('a long list: every open emergency a page away, 100 at a time, and the newest first on request', async ({
    page,
    request,
    consoleErrors,
  }) => {
    void consoleErrors;
    // Three are open after the first journey; 100 more make four pages' worth of two.
    const references: string[] = [];
    for (let i = 0; i < 100; i++) references.push(await emergency(request, server.url));
    await page.goto(queueLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Akutte skader (103)' })).toBeVisible();
    await expect(page.getByText('103 åbne – kritiske først.', { exact: true })).toBeVisible();
    const rows = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    await expect(rows).toHaveCount(100);
    const pages = page.getByRole('navigation', { name: 'Flere i listen' });
    await expect(pages.getByRole('link', { name: 'Forrige' })).toHaveCount(0);
    await pages.getByRole('link', { name: 'Næste 3' }).click();
    await expect(page.getByText(/Viser 101–103\./)).toBeVisible();
    await expect(rows.getByRole('heading', { level: 2 })).toHaveText(references.slice(-3));
    await expectNoAxeViolations(page, 'the second part of the on-call queue page');

    await pages.getByRole('link', { name: 'Forrige 100' }).click();
    await expect(page.getByText(/Viser 1–100\./)).toBeVisible();
    await page.getByRole('link', { name: 'Vis nyeste først' }).click();
    await expect(page.getByText('103 åbne – nyeste først.', { exact: true })).toBeVisible();
    await expect(rows.first().getByRole('heading', { level: 2 })).toHaveText(references.at(-1)!);
    await expectNoAxeViolations(page, 'the on-call queue page, newest first');
  });
});
