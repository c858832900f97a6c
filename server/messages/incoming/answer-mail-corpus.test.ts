/**
 * The reply mailbox's path against hostile mails (server/test/reply-mail-corpus.ts), on PGlite and
 * PostgreSQL: every mail is taken into its lead's thread, none throws, and what the thread shows is
 * cut and marked where the mail was too long. The event loop's longest stall per mail is printed,
 * not asserted (a loaded machine would make any bound flaky): `npm run reply-corpus` runs the full
 * corpus (a 25 MB mail, 1,000 parts, MIME 1,000 deep) and prints the figures.
 *
 *   REPLY_CORPUS=full selects the full corpus.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadMessages, leads } from '../../db/schema.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { reportBody } from '../../test/lead-bodies.ts';
import { replyMailCorpus, runReplyMailCorpus } from '../../test/reply-mail-corpus.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../../test/test-app.ts';
import { replyAddressOf } from './answer-address.ts';
import { cutNote } from './answer-text.ts';

const full = process.env.REPLY_CORPUS === 'full';
const publicUrl = 'https://skade.example.dk';

describeEachDatabase('the reply mailbox against hostile mails', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      database: target,
      env: { PUBLIC_URL: publicUrl, SPAM_CHECKS: 'off', RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0' },
      mail: { startWorker: false },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it(
    `takes every mail of the ${full ? 'full' : 'short'} corpus into its thread, long ones cut and marked`,
    async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/leads', payload: reportBody() });
      expect(response.statusCode).toBe(201);
      const { reference } = response.json<{ reference: string }>();
      const [lead] = await t.app.deps.db.select().from(leads).where(eq(leads.reference, reference));
      const corpus = replyMailCorpus(full);
      const results = await runReplyMailCorpus(
        {
          db: t.app.deps.db,
          storage: t.app.deps.storage,
          signingSecret: TEST_SIGNING_SECRET,
          publicUrl,
          clock: () => new Date(),
        },
        replyAddressOf(TEST_SIGNING_SECRET, 'svar@skade.example.dk', lead!.id),
        corpus,
      );
      console.log(
        `${target.kind}: the event loop's longest stall per mail\n${results
          .map(
            (result) =>
              `  ${result.name.padEnd(34)} ${(result.bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ` +
              `stall ${String(result.stallMs).padStart(5)} ms  total ${String(result.totalMs).padStart(6)} ms  ${result.outcome}` +
              (result.error ? ` (${result.error})` : ''),
          )
          .join('\n')}`,
      );
      expect(results.map((result) => result.outcome)).toEqual(corpus.map((mail) => mail.expected));
      const bodies = (
        await t.app.deps.db.select().from(leadMessages).where(eq(leadMessages.leadId, lead!.id))
      ).map((message) => message.body);
      expect(bodies).toHaveLength(corpus.filter((mail) => mail.expected === 'stored').length);
      expect(bodies.every((body) => body.length <= 12_000)).toBe(true);
      expect(bodies.filter((body) => body.includes(cutNote)).length).toBeGreaterThanOrEqual(4);
      expect(bodies.some((body) => body.includes('Dyb MIME') || body.includes('Svar i bunden.'))).toBe(true);
    },
    full ? 600_000 : 120_000,
  );
});
