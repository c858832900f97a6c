/**
 * The app as the tests of messages to customers need it: a real SMTP server, a fake GatewayAPI,
 * lead forms without spam checks or rate limits, and every worker driven by hand.
 */
import { startTestSmtp, type TestSmtp } from '../../tests/support/smtp.ts';
import type { TestDatabaseTarget } from './databases.ts';
import { smsProviderEnv, startFakeSmsProvider, type FakeSmsProvider } from './fake-sms.ts';
import { publicUrl } from './staff-client.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export interface MessagingApp {
  t: TestApp;
  smtp: TestSmtp;
  gateway: FakeSmsProvider;
  /** Closes the app, then stops the SMTP server and the gateway. */
  close(): Promise<void>;
}

/** `env` adds to (or overrides) the environment above, e.g. MAIL_TO or a daily SMS budget. */
export async function startMessagingApp(
  target: TestDatabaseTarget,
  env: Record<string, string>,
): Promise<MessagingApp> {
  const smtp = await startTestSmtp();
  const gateway = await startFakeSmsProvider('gatewayapi');
  const t = await createTestApp({
    database: target,
    env: {
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtp.url,
      SPAM_CHECKS: 'off',
      RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
      ...smsProviderEnv(gateway),
      ...env,
    },
    mail: { startWorker: false },
    oncall: { startWorker: false },
    messages: { startWorker: false },
  });
  return {
    t,
    smtp,
    gateway,
    close: async () => {
      await t.close();
      await smtp.stop();
      await gateway.stop();
    },
  };
}
