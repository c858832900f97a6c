/**
 * An insurer's assignment marked urgent against the real server, on a phone (390 px): it pages the
 * person on call like an emergency (no SMS provider: the SMS is a text file in DATA_DIR/sms), the
 * SMS names the insurer and never the access details, and its link opens the page where it is
 * taken.
 */
import { expect, test, uniqueSuffix } from './fixtures';
import { smsTexts } from './support/oncall-journey';
import { sender } from './support/sender';
import { describeStaffed, journeyStaff } from './support/staffed-server';

test.use({ viewport: { width: 390, height: 844 } });

const staff = journeyStaff('Anna Vagt', { phone: '+4521223355', onCall: true });

describeStaffed('an urgent assignment on call', { name: 'oncall-assignment', staff }, (server) => {
  test('pages the person on call naming the insurer, and is taken from its link', async ({
    page,
    request,
  }) => {
    const who = sender();
    const response = await request.post(`${server.url}/api/leads`, {
      data: {
        kind: 'rekvisition',
        forsikringsselskab: 'Tryg',
        taksatorNavn: 'Tina Taksator',
        taksatorEmail: `tina.${uniqueSuffix()}@tryg.example`,
        skadeNr: `TRY-${uniqueSuffix()}`,
        fuldeNavn: 'Per Jensen',
        telefon: who.phone,
        adresse: who.address,
        skadetype: 'vandskade',
        hastegrad: 'akut',
        adgang: 'Nøgle hos naboen, kode 4711',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { reference } = (await response.json()) as { reference: string };

    await expect
      .poll(
        () => smsTexts(server.dataDir).find((text) => text.includes(`AKUT ${reference} Tryg: Vandskade`)),
        {
          timeout: 20_000,
        },
      )
      .toBeTruthy();
    const sms = smsTexts(server.dataDir).find((text) => text.includes(reference))!;
    expect(sms).toContain(`Til: ${staff.phone}`);
    expect(sms).not.toContain('4711');
    const link = /https?:\/\/\S+\/v\/\S+/.exec(sms)?.[0];
    expect(link, sms).toBeTruthy();

    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: `AKUT ${reference}` })).toBeVisible();
    await page.getByRole('button', { name: 'Jeg tager den' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Du har taget ${reference}` })).toBeVisible();
  });
});
