/** The app as the staff API's tests use it. */
import type { TestDatabaseTarget } from './databases.ts';
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
