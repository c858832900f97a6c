import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { scrollThrough, waitForHydration } from './support/page-helpers';
import { prerenderedPaths, unknownPath } from './support/pages';

const viewports = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

const paths = [...prerenderedPaths(), unknownPath];

for (const { name, viewport } of viewports) {
  test.describe(`accessibility on ${name}`, () => {
    test.use({ viewport });

    for (const path of paths) {
      test(`${path} has no axe violations`, async ({ page, consoleErrors }) => {
        if (path === unknownPath) consoleErrors.ignore(/status of 404/);
        await page.goto(path);
        await waitForHydration(page);
        // Lazily loaded sections count too.
        await scrollThrough(page);
        await expectNoAxeViolations(page, `${path} (${name})`);
      });
    }
  });
}

test.describe('accessibility of the open drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the phone menu has no axe violations when open', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Åbn menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // Let the opening animation finish so colours are measured at rest.
    await page.waitForTimeout(500);
    await expectNoAxeViolations(page, '/ with the drawer open');
  });
});
