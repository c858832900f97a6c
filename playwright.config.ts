import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from './scripts/chromium-flags.mjs';

// Browser journeys run in the system's Chromium: Playwright's own browser download cannot work on
// these machines. Each worker starts the built server itself (tests/e2e/fixtures.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky journey is a bug to fix, not to retry away.
  retries: 0,
  // Two cores: each worker runs a browser and its own server.
  workers: 2,
  reporter: 'list',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  globalTimeout: 30 * 60_000,
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'chromium' }],
});
