/**
 * Playwright fixtures for every browser journey. Import `test` and `expect` from here, never from
 * '@playwright/test' directly:
 *
 *   import { expect, test } from './fixtures';
 *
 *   test('a visitor sends the contact form and the company receives it', async ({ page, waitForMail }) => {
 *     await page.goto('/contact');               // baseURL is the server under test
 *     …
 *     const mail = await waitForMail((m) => m.parsed.subject?.includes('Kontakt') ?? false);
 *     expect(mail.parsed.text).toContain('Hans Hansen');
 *   });
 *
 * What each test gets (per Playwright worker, shared by the tests that worker runs in sequence):
 * - `server`: the BUILT site (`node dist/server/index.js`, built by `npm test` beforehand) on
 *   127.0.0.1 and a free port, with a fresh temporary DATA_DIR (PGlite, objects, mail) and
 *   PUBLIC_URL = its own origin (so upload URLs and links in e-mails point at it). Also `server.logs()`
 *   and `server.dataDir`. `baseURL` is set to `server.url`, so `page.goto('/x')` and `request.get('/x')`
 *   hit it. Its submission rate limit is off (RATE_LIMIT_SUBMISSIONS_PER_MINUTE=0): journeys send many
 *   forms from one IP; so are the spam checks (SPAM_CHECKS=off): journeys type faster than people.
 *   An emergency call counts 1 minute for surge mode (SURGE_HANDLING_MINUTES=1): the journeys'
 *   emergencies wait unanswered side by side, and must not put the shared site in surge before
 *   16 of them (surge.spec.ts runs a server of its own for that).
 * - `smtp`: a real SMTP server on 127.0.0.1 given to the site as SMTP_URL (MAIL_TO = `mailTo`,
 *   MAIL_FROM = `mailFrom` below). Messages are parsed with mailparser (`mail.parsed.subject`, `.text`,
 *   `.html`, `.attachments[i].content`, `.replyTo`), kept in memory. Shortcuts as fixtures:
 *   `waitForMail(predicate?, { timeout? })`, `stopSmtp()`, `startSmtp()`. The SMTP server is restarted
 *   and `rejectWith(null)` reset automatically after each test, so an outage test cannot leak.
 *   Mail from earlier tests of the same worker stays in `smtp.messages`: match on something unique
 *   to your test (a name or e-mail made with `uniqueSuffix()`), or call `smtp.clear()` first.
 * - `addressProvider`: a fake address service given to the site as ADDRESS_API_KIND=adressevaelger,
 *   ADDRESS_API_URL=addressProvider.url (the default provider, with its built-in shared token). It
 *   answers in Adressevælger's real format from a small list of real Danish addresses (try 'Algade 3',
 *   'Rådhuspladsen 1', 'Vestergade 1'). `addressProvider.setMode({ kind: 'error' | 'garbage' |
 *   'hangup' | 'slow', … })` or `{ kind: 'fixed', texts: [...] }`; `addressProvider.requests` lists
 *   what the server asked, with `q` and `limit` (check debounce with it). Reset after each test.
 *   Every other server a test starts has suggestions off (ADDRESS_API_KIND=off).
 * - `consoleErrors`: every console error and uncaught exception of `page` FAILS THE TEST at its end.
 *   Expected ones (a deliberate 500 in a failure test) are tolerated with
 *   `consoleErrors.ignore(/status of 500/)`; pages from `browser.newContext()` are watched with
 *   `consoleErrors.track(otherPage)`. Turn the check off for a file with
 *   `test.use({ failOnConsoleErrors: false })` (rarely right).
 *
 * (Fixture bodies name Playwright's callback `provide`, not `use`: the React hooks lint rule would
 * take `use` for React's hook.)
 *
 * A test that needs a differently configured server (no address provider, S3, …) starts its own
 * with `startBuiltServer({ env: { … } })` from './support/built-server' and stops it in `finally`.
 */
import { test as base, expect } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from './support/built-server';
import { createConsoleErrors, type ConsoleErrors } from './support/console-errors';
import { startFakeAddressProvider, type FakeAddressProvider } from '../support/fake-address-provider';
import { startTestSmtp, type ReceivedMail, type TestSmtp, type WaitForMailOptions } from '../support/smtp';

/** The company inbox the server under test delivers leads to. */
export const mailTo = 'leads@skade-test.example';
/** The sender address the server under test uses. */
export const mailFrom = 'hjemmeside@skade-test.example';

interface WorkerFixtures {
  smtp: TestSmtp;
  addressProvider: FakeAddressProvider;
  server: BuiltServer;
}

interface TestFixtures {
  failOnConsoleErrors: boolean;
  consoleErrors: ConsoleErrors;
  waitForMail: (
    predicate?: (mail: ReceivedMail) => boolean,
    options?: WaitForMailOptions,
  ) => Promise<ReceivedMail>;
  stopSmtp: () => Promise<void>;
  startSmtp: () => Promise<void>;
  resetFakes: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
    async ({}, provide) => {
      const smtp = await startTestSmtp();
      await provide(smtp);
      await smtp.stop();
    },
    { scope: 'worker' },
  ],

  addressProvider: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
    async ({}, provide) => {
      const provider = await startFakeAddressProvider();
      await provide(provider);
      await provider.close();
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ smtp, addressProvider }, provide) => {
      const server = await startBuiltServer({
        env: {
          SMTP_URL: smtp.url,
          MAIL_TO: mailTo,
          MAIL_FROM: mailFrom,
          ADDRESS_API_KIND: 'adressevaelger',
          ADDRESS_API_URL: addressProvider.urlFor('adressevaelger'),
          // Journeys submit many forms from one IP; the limit itself is covered by the API tests.
          RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
          // Journeys fill forms faster than a person; the spam journeys start a server with the
          // checks on and type at a human pace.
          SPAM_CHECKS: 'off',
          // Each journey's emergency waits unanswered; with 10 minutes a call the second of them
          // would promise 20 minutes and put every page of this shared server in surge.
          SURGE_HANDLING_MINUTES: '1',
        },
      });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],

  baseURL: async ({ server }, provide) => {
    await provide(server.url);
  },

  failOnConsoleErrors: [true, { option: true }],

  consoleErrors: async ({ failOnConsoleErrors }, provide) => {
    const consoleErrors = createConsoleErrors();
    await provide(consoleErrors);
    if (failOnConsoleErrors) consoleErrors.assertNone();
  },

  page: async ({ page, consoleErrors }, provide) => {
    consoleErrors.track(page);
    await provide(page);
  },

  waitForMail: async ({ smtp }, provide) => {
    await provide((predicate, options) => smtp.waitForMail(predicate, options));
  },
  stopSmtp: async ({ smtp }, provide) => {
    await provide(() => smtp.stop());
  },
  startSmtp: async ({ smtp }, provide) => {
    await provide(() => smtp.start());
  },

  resetFakes: [
    async ({ smtp, addressProvider }, provide) => {
      await provide();
      smtp.rejectWith(null);
      await smtp.start();
      addressProvider.reset();
    },
    { auto: true },
  ],
});

export { expect };

/** A short random string to make a test's data recognisable among others (e.g. in e-mails). */
export function uniqueSuffix(): string {
  return Math.random().toString(36).slice(2, 8);
}

export type { ReceivedMail };
