/**
 * The inbox on a phone (390 px) against the real server: the navigation shows every section
 * (Beredskab and Log too) without a sideways scroll, each page fits the screen, its tables scroll
 * sideways inside their own region instead of being cut off, and axe finds nothing on any page.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { staffCommand } from './support/staff-command';
import { logInFirstTime } from './support/staff-login';

const staff = {
  email: 'mobil.koordinator@skade-test.example',
  name: 'Mette Mobil',
  password: 'Sikker adgangskode til telefonen 2026',
};

const sections = [
  { link: 'Henvendelser', heading: 'Henvendelser' },
  { link: 'Persondata', heading: 'Persondata' },
  { link: 'Vagtplan', heading: /Vagtplan/ },
  { link: 'Beredskab', heading: /Beredskab/ },
  { link: 'Log', heading: 'Log' },
];

test.describe('the inbox on a phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  let server: BuiltServer;

  test.beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-inbox-mobile-'));
    staffCommand(
      dataDir,
      ['add', staff.email, '--name', staff.name, '--role', 'koordinator', '--phone', '+4521436587'],
      `${staff.password}\n`,
    );
    staffCommand(dataDir, ['on-call', 'set', staff.email]);
    server = await startBuiltServer({ dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('shows every section in the navigation, fits each page and scrolls its tables', async ({ page }) => {
    await logInFirstTime(page, server.url, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Henvendelser' })).toBeVisible();

    const navigation = page.getByRole('navigation', { name: 'Indbakken' });
    for (const section of sections) {
      const link = navigation.getByRole('link', { name: section.link, exact: true });
      // In sight on the screen as it is, without scrolling anything sideways.
      const box = await link.boundingBox();
      expect(box, section.link).not.toBeNull();
      expect(box!.x, section.link).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, section.link).toBeLessThanOrEqual(390);
      await link.click();
      await expect(page.getByRole('heading', { level: 1, name: section.heading })).toBeVisible();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await page.waitForLoadState('networkidle');

      const layout = await page.evaluate(() => {
        const scrollsSideways = (element: Element | null): boolean => {
          for (let node = element?.parentElement; node; node = node.parentElement) {
            const overflow = getComputedStyle(node).overflowX;
            if (overflow === 'auto' || overflow === 'scroll') return true;
          }
          return false;
        };
        return {
          pageWidth: document.documentElement.scrollWidth,
          tables: [...document.querySelectorAll('main table')].map((table) => ({
            wide: table.scrollWidth > (table.parentElement?.clientWidth ?? 0),
            inScroller: scrollsSideways(table),
            visible: (table as HTMLElement).offsetParent !== null,
          })),
        };
      });
      expect(layout.pageWidth, `${section.link}: the page scrolls sideways`).toBeLessThanOrEqual(390);
      for (const table of layout.tables.filter((entry) => entry.visible))
        expect(table.inScroller || !table.wide, `${section.link}: a table is cut off`).toBe(true);
      await expectNoAxeViolations(page, `${section.link} at 390 px`);
    }
  });
});
