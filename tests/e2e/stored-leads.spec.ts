import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../server/db/pglite-durable';
import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import { expect, test, uniqueSuffix } from './fixtures';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { gotoHydrated } from './support/page-helpers';

/**
 * What the forms send is stored as the lead's own fields: the sender in the lead's columns, every
 * other field under its own key in `details`, the photos in lead_images. The built server runs on
 * its own DATA_DIR here; PGlite allows one process at a time, so the database is opened once the
 * server has stopped.
 */

interface StoredLead {
  kind: string;
  reference: string;
  name: string;
  email: string;
  phone: string | null;
  details: Record<string, string>;
  images: { position: number; content_type: string; bytes: number; original_name: string | null }[];
}

async function readLeads(dataDir: string): Promise<StoredLead[]> {
  const db = new PGlite(path.join(dataDir, 'db'), { extensions: pgliteExtensions });
  try {
    const leads = await db.query<Omit<StoredLead, 'images'> & { id: string }>(
      'select id, kind, reference, name, email, phone, details from leads order by created_at',
    );
    const stored: StoredLead[] = [];
    for (const { id, ...lead } of leads.rows) {
      const images = await db.query<StoredLead['images'][number]>(
        'select position, content_type, bytes, original_name from lead_images where lead_id = $1 order by position',
        [id],
      );
      stored.push({ ...lead, images: images.rows });
    }
    return stored;
  } finally {
    await db.close();
  }
}

const damageForm = (page: Page) => page.getByRole('form', { name: 'Skadeanmeldelse' });
const emergencyForm = (page: Page) => page.getByRole('form', { name: 'Akut henvendelse' });

test('a damage report and an emergency are stored with each field in its own place', async ({ page }) => {
  test.setTimeout(120_000);
  let server: BuiltServer | undefined = await startBuiltServer({
    // No mail server: the e-mails go to files in the DATA_DIR, which this test does not read.
    env: { RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
  });
  const dataDir = server.dataDir;
  try {
    const suffix = uniqueSuffix();
    const photo = makePng(20, 14, [180, 40, 40]);

    // A loss adjuster reports damage for a requester, with one photo.
    await gotoHydrated(page, `${server.url}/anmeldelse`);
    const report = damageForm(page);
    await report.getByRole('radio', { name: 'Taksator' }).check();
    await report.getByLabel('Rekvirentens navn').fill('Ole Rekvirent');
    await report.getByLabel('Rekvirentens telefon').fill('87 65 43 21');
    await report.getByLabel('Rekvirentens e-mail').fill('ole@forsikring.example');
    await report.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(`Tina Taksator ${suffix}`);
    await report.getByRole('textbox', { name: 'Telefon', exact: true }).fill('22 34 56 78');
    await report.getByRole('combobox', { name: 'Adresse' }).fill('Algade 1, 4000 Roskilde');
    await report.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`tina.${suffix}@example.dk`);
    await report.getByLabel('Forsikringsselskab').selectOption({ label: 'Tryg' });
    await report.getByLabel('Policenummer').fill('POL-778');
    await report.getByLabel('Skadenummer').fill('SK-2024-17');
    await report.getByLabel('Skadetype').selectOption({ label: 'Skybrudsskade' });
    await report.getByLabel('Beskrivelse af skaden').fill('Vand i kælderen.\nSkimmel på væggen.');
    await report
      .getByLabel('Vælg billeder')
      .setInputFiles([{ name: 'kælder.png', mimeType: 'image/png', buffer: photo }]);
    await expect(report.getByText('Klar til email')).toHaveCount(1);
    await report.getByRole('button', { name: 'Send anmeldelse' }).click();
    await page.waitForURL(/\/tak\?ref=/);
    const reportReference = new URL(page.url()).searchParams.get('ref');

    // An emergency without photos.
    await gotoHydrated(page, `${server.url}/akut-skade`);
    const emergency = emergencyForm(page);
    await emergency.getByRole('textbox', { name: 'Fulde navn', exact: true }).fill(`Emil Akut ${suffix}`);
    await emergency.getByRole('combobox', { name: 'Adresse' }).fill('Vestergade 5, 4000 Roskilde');
    await emergency.getByRole('textbox', { name: 'Telefon', exact: true }).fill('+46 70 123 45 67');
    await emergency.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`emil.${suffix}@example.se`);
    await emergency.getByLabel('Forsikringsselskab').selectOption({ label: 'Codan' });
    await emergency.getByLabel('Policenummer').fill('CO-1');
    await emergency.getByLabel('Skadetype').selectOption({ label: 'Brandskade' });
    await emergency.getByLabel('Beskrivelse').fill('Røg i hele opgangen.');
    await emergency.getByRole('button', { name: 'Send akut henvendelse' }).click();
    await expect(page.getByRole('region', { name: /Meddelelser/ })).toContainText('Akut henvendelse sendt!');

    // Leave the page first: nothing it loads later may meet a stopped server.
    await page.goto('about:blank');
    await server.stop({ keepDataDir: true });
    server = undefined;
    const leads = await readLeads(dataDir);

    expect(leads).toEqual([
      {
        kind: 'anmeldelse',
        reference: reportReference,
        name: `Tina Taksator ${suffix}`,
        email: `tina.${suffix}@example.dk`,
        phone: '+4522345678',
        details: {
          personType: 'taksator',
          adresse: 'Algade 1, 4000 Roskilde',
          rekvirentNavn: 'Ole Rekvirent',
          rekvirentTelefon: '+4587654321',
          rekvirentEmail: 'ole@forsikring.example',
          forsikringsselskab: 'Tryg',
          policeNr: 'POL-778',
          skadeNr: 'SK-2024-17',
          skadetype: 'skybrudsskade',
          besked: 'Vand i kælderen.\nSkimmel på væggen.',
        },
        images: [
          { position: 0, content_type: 'image/png', bytes: photo.length, original_name: 'kælder.png' },
        ],
      },
      {
        kind: 'akut-skade',
        reference: expect.stringMatching(/^SK-/),
        name: `Emil Akut ${suffix}`,
        email: `emil.${suffix}@example.se`,
        phone: '+46701234567',
        details: {
          adresse: 'Vestergade 5, 4000 Roskilde',
          forsikringsselskab: 'Codan',
          policeNr: 'CO-1',
          skadetype: 'brandskade',
          besked: 'Røg i hele opgangen.',
          // A private person, by the form's default, who did not ask us to start at once: the
          // answer is kept with the wording's version and its time.
          personType: 'privatperson',
          udtrykkeligAnmodning: 'nej',
          udtrykkeligAnmodningTekst: 'akut-1',
          udtrykkeligAnmodningTid: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        },
        images: [],
      },
    ]);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
