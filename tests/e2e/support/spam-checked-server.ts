import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from '@playwright/test';
import { pgliteExtensions } from '../../../server/db/pglite-durable';
import { mailTo, test } from '../fixtures';
import { startBuiltServer, type BuiltServer } from './built-server';

/** A lead as the database keeps it: what tells whether the spam checks let it through. */
export interface StoredLead {
  email: string;
  status: string;
  spam_reasons: string[] | null;
}

/** The page's toasts (the form's answer after sending). */
export const toasts = (page: Page) => page.getByRole('region', { name: /Meddelelser/ });

/**
 * A built server of the describe block's own with the spam checks on, as in production (the
 * shared server switches them off: journeys type faster than people), 10 submissions a minute
 * from one address, and its mail to the worker's test SMTP server. Started before the block's
 * tests, stopped after them unless a test stopped it to read the stored leads.
 */
export function spamCheckedServer() {
  let server: BuiltServer | undefined;

  test.beforeAll(async ({ smtp }) => {
    // A server start: slower than a hook's usual time on a busy machine.
    test.setTimeout(120_000);
    server = await startBuiltServer({
      env: { SMTP_URL: smtp.url, MAIL_TO: mailTo, RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '10' },
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const running = (): BuiltServer => {
    if (!server) throw new Error('The spam-checked server is not running');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    /**
     * Stops the server and answers every lead it stored, oldest first: only then can the
     * database be opened from here. Its data folder is removed after.
     */
    async stopAndReadLeads(): Promise<StoredLead[]> {
      const { dataDir } = running();
      await running().stop({ keepDataDir: true });
      server = undefined;
      const db = new PGlite(path.join(dataDir, 'db'), { extensions: pgliteExtensions });
      try {
        const result = await db.query<StoredLead>(
          'select email, status, spam_reasons from leads order by created_at',
        );
        return result.rows;
      } finally {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}
