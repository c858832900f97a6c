/** The app as the staff API's tests use it. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { OutgoingMail } from '../mail/transport.ts';
import type { TestDatabaseTarget } from './databases.ts';
import { keptMail } from './kept-mail.ts';
import { companyInbox } from './post-lead.ts';
import { publicUrl } from './staff-client.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/**
 * createTestApp with PUBLIC_URL at the StaffClient's origin, lead forms that take every lead (no
 * spam checks, no rate limit) and the mail outbox driven by hand; `options` add to that.
 */
export function createStaffTestApp(
  target: TestDatabaseTarget,
  options: TestAppOptions = {},
): Promise<TestApp> {
  return createTestApp({
    database: target,
    mail: { startWorker: false },
    ...options,
    env: {
      PUBLIC_URL: publicUrl,
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      SPAM_CHECKS: 'off',
      ...options.env,
    },
  });
}

export interface BlockAppOptions extends TestAppOptions {
  /**
   * Keep the app's e-mails in `sent` instead of sending them (emptied before each test), with the
   * company's inbox (MAIL_TO) at `companyInbox`, so a test tells the customer's e-mails from ours.
   */
  keepMail?: boolean;
}

/** The staff test app of a describe block; `sent` holds its e-mails when they are kept. */
export interface BlockApp extends TestApp {
  readonly sent: OutgoingMail[];
}

/**
 * A createStaffTestApp of the describe block's own: started before the block's tests and closed
 * after them. Call it inside the block; the answer reads the running app, so use it in tests and
 * hooks declared after the call.
 */
export function staffTestAppOfBlock(target: TestDatabaseTarget, options: BlockAppOptions = {}): BlockApp {
  const { keepMail = false, ...appOptions } = options;
  const kept = keptMail();
  // Filled in when the app has started: the block's tests and later hooks see it running.
  const block = { sent: kept.sent } as BlockApp;

  beforeAll(async () => {
    const keeping = {
      env: { MAIL_TO: companyInbox, ...appOptions.env },
      mail: { startWorker: false, ...appOptions.mail, transport: kept.transport },
    };
    Object.assign(
      block,
      await createStaffTestApp(target, keepMail ? { ...appOptions, ...keeping } : appOptions),
    );
  });
  afterAll(() => block.close?.());
  beforeEach(() => {
    kept.sent.length = 0;
  });
  return block;
}
