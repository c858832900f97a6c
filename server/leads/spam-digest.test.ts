import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobRuns, leads, mailJobs } from '../db/schema.ts';
import { renderSpamDigest, spamDigestMail } from './spam-digest-mail.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { digestDay, queueSpamDigest } from './spam-digest.ts';

describeEachDatabase('the daily spam digest', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
  });
  afterAll(() => database.dispose());

  let n = 0;
  const spam = (createdAt: Date, reasons: string[], status: 'spam' | 'new' = 'spam') =>
    database.db.insert(leads).values({
      reference: `SK-D${String(n++).padStart(5, '0')}`,
      kind: 'kontakt',
      name: 'A',
      email: 'a@example.dk',
      status,
      spamReasons: reasons,
      createdAt,
    });

  it('is queued once a day after 07:00 Copenhagen time, whatever the number of server copies, with counts per reason', async () => {
    // 24 November 2026, 06:30 in Copenhagen (UTC+1): not yet due.
    const early = new Date('2026-11-24T05:30:00Z');
    expect(digestDay(early)).toEqual({ period: '2026-11-24', due: false });
    await spam(new Date('2026-11-23T20:00:00Z'), ['honeypot']);
    await spam(new Date('2026-11-24T01:00:00Z'), ['token-missing', 'markup']);
    await spam(new Date('2026-11-24T02:00:00Z'), ['token-missing']);
    // Handled leads marked "Mulig spam" are not in the digest.
    await spam(new Date('2026-11-24T03:00:00Z'), ['too-fast'], 'new');
    expect(await queueSpamDigest({ db: database.db }, early)).toBe(false);

    const due = new Date('2026-11-24T06:15:00Z');
    const results = await Promise.all([0, 1, 2].map(() => queueSpamDigest({ db: database.db }, due)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const jobs = await database.db.select().from(mailJobs).where(eq(mailJobs.kind, 'spam-digest'));
    expect(jobs).toHaveLength(1);
    const { digest } = spamDigestMail.payload.parse(jobs[0]!.payload);
    expect(digest).toMatchObject({ total: 3, reasons: { honeypot: 1, 'token-missing': 2, markup: 1 } });
    expect(await database.db.select().from(jobRuns)).toHaveLength(1);
    // Later the same day: nothing more.
    expect(await queueSpamDigest({ db: database.db }, new Date('2026-11-24T20:00:00Z'))).toBe(false);

    // The next day counts from the previous digest on; a day without spam sends nothing.
    await spam(new Date('2026-11-24T10:00:00Z'), ['token-reused']);
    expect(await queueSpamDigest({ db: database.db }, new Date('2026-11-25T06:05:00Z'))).toBe(true);
    const next = (await database.db.select().from(mailJobs).where(eq(mailJobs.kind, 'spam-digest')))
      .map((job) => spamDigestMail.payload.parse(job.payload).digest)
      .find((item) => item.until.startsWith('2026-11-25'))!;
    expect(next).toMatchObject({ total: 1, reasons: { 'token-reused': 1 } });
    expect(await queueSpamDigest({ db: database.db }, new Date('2026-11-26T06:05:00Z'))).toBe(false);
  });
});

it('tells staff the count per reason and links to the inbox spam view, naming no lead', () => {
  const mail = renderSpamDigest(
    {
      since: '2026-11-23T06:00:00Z',
      until: '2026-11-24T06:00:00Z',
      total: 3,
      reasons: { honeypot: 1, 'token-missing': 2 },
    },
    'https://skade.example',
  );
  expect(mail.subject).toBe('Spam i døgnet: 3 henvendelser');
  expect(mail.text).toContain('- Det skjulte felt var udfyldt: 1');
  expect(mail.text).toContain('- Sendt uden om formularen (ingen formularnøgle): 2');
  expect(mail.text).toContain('https://skade.example/indbakke?status=spam');
  expect(mail.html).toContain('href="https://skade.example/indbakke?status=spam"');
});
