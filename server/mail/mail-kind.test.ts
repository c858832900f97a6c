import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailJobs } from '../db/schema.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { composeMail, mailComposersOf, mailKind, type ComposeDeps, type MailRows } from './compose.ts';
import { enqueueMail } from './outbox.ts';
import { createMailWorker } from './worker.ts';

const deps = {} as ComposeDeps;
const rows: MailRows = { leads: new Map(), images: new Map() };
const job = (payload: unknown) => ({ id: 'job-1', kind: 'test-kind', payload, attempts: 0 });

const lowCredit = mailKind(
  'test-kind',
  z.object({ leadId: z.null(), detail: z.string() }),
  (_deps, parsed) => ({
    messageId: parsed.id,
    from: 'a@example.dk',
    to: 'b@example.dk',
    subject: parsed.payload.detail,
    text: '',
    html: '',
  }),
);

describe('a mail kind declared with its payload schema', () => {
  it('composes with the payload parsed by its schema', async () => {
    const mail = await lowCredit.compose(deps, job({ leadId: null, detail: 'Lav SMS-saldo' }), rows);
    expect(mail.subject).toBe('Lav SMS-saldo');
  });

  it('refuses, saying why, a payload that does not fit', () => {
    expect(() => lowCredit.compose(deps, job({ leadId: null }), rows)).toThrow(
      /mail job job-1 \(test-kind\):.*detail/s,
    );
  });
});

describeEachDatabase('the mail worker and a payload its kind refuses', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());

  it('fails that job at once with the reason, and sends the next', async () => {
    // @ts-expect-error: a payload without its `detail` does not compile; queued anyway, as an
    // older server copy or a hand-written row might have.
    const [refusedId] = await enqueueMail(database.db, lowCredit, { leadId: null });
    const [deliveredId] = await enqueueMail(database.db, lowCredit, {
      leadId: null,
      detail: 'Lav SMS-saldo',
    });
    const sent: string[] = [];
    const errors: string[] = [];
    const composers = mailComposersOf(lowCredit);
    const worker = createMailWorker({
      db: database.db,
      prepareRound: async () => async (claimed) => composeMail(composers, deps, claimed, rows),
      send: async (mail) => {
        sent.push(mail.subject);
      },
      log: { info() {}, warn() {}, error: (_details, message) => errors.push(message) },
    });

    expect(await worker.runDueJobs()).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect(sent).toEqual(['Lav SMS-saldo']);
    const stored = await database.db.select().from(mailJobs);
    const refused = stored.find((row) => row.id === refusedId);
    const delivered = stored.find((row) => row.id === deliveredId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused!.lastError).toMatch(/detail/);
    expect(delivered).toMatchObject({ status: 'sent' });
    expect(errors).toEqual([expect.stringMatching(/payload does not fit its kind/)]);
    // Failed for good: a later round does not try it again.
    expect(await worker.runDueJobs(new Date(Date.now() + 86_400_000))).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
  });
});
