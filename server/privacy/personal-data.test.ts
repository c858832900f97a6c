import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adjusterLinks, leadImages, leads, mailJobs } from '../db/schema.ts';
import { giveAdjusterLinkFromApi } from '../casework/adjuster/adjuster-links.ts';
import { runRetention } from './retention.ts';
import { mailFileJobId } from '../mail/mail-files.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { describeEachDatabase } from '../test/databases.ts';
import { emergencyBody, reportBody } from '../test/lead-bodies.ts';
import { createTestApp, TEST_SIGNING_SECRET, type TestApp } from '../test/test-app.ts';
import { makePng } from '../../tests/support/images.ts';
import { erasePersonalData } from './personal-data.ts';

describeEachDatabase('erasure and retention find mails by identity, not by text', (target) => {
  let s3: FakeS3;
  let store: ReturnType<FakeS3['createStore']>;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    store = s3.createStore();
    t = await createTestApp({
      database: target,
      env: {
        PUBLIC_URL: 'https://skadekompagniet.dk',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        SPAM_CHECKS: 'off',
      },
      deps: { storage: store },
      mail: { startWorker: false },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    store?.client.destroy();
    await s3?.dispose();
  });

  const db = () => t.app.deps.db;
  const mailDir = () => join(t.dataDir, 'mail');
  const deps = () => ({ db: db(), storage: store, mailDir: mailDir() });

  /** A lead as the form stores it (with its mail jobs), with one photo in the bucket. */
  const addLead = async (contact: { email: string; telefon: string }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...emergencyBody(), ...contact }),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const key = `uploads/${randomUUID()}`;
    await store.put(key, makePng(4, 4, [1, 2, 3]), 'image/png');
    await db()
      .insert(leadImages)
      .values({ leadId: id, position: 0, objectKey: key, contentType: 'image/png', bytes: 80 });
    return { id, key };
  };

  /** A mail about no lead: the daily spam digest. */
  const addDigest = async () => {
    const [row] = await db()
      .insert(mailJobs)
      .values({
        kind: 'spam-digest',
        payload: {
          leadId: null,
          digest: {
            since: new Date(0).toISOString(),
            until: new Date().toISOString(),
            total: 0,
            reasons: {},
          },
        },
        leadId: null,
      })
      .returning({ id: mailJobs.id });
    return row!.id;
  };

  /** Sends every due job: the .eml transport writes each into DATA_DIR/mail. */
  const sendAll = async () => {
    for (;;) {
      const result = await t.app.deps.mail.worker.runDueJobs(new Date(Date.now() + 60_000));
      expect(result.failed + result.retried).toBe(0);
      if (result.sent === 0) return;
    }
  };

  const files = () => readdirSync(mailDir()).sort();
  const jobIdsOf = async (leadId: string) =>
    (await db().select({ id: mailJobs.id }).from(mailJobs).where(eq(mailJobs.leadId, leadId))).map(
      (row) => row.id,
    );
  const filesOfJobs = (jobIds: readonly string[]) =>
    files().filter((name) => jobIds.includes(mailFileJobId(name) ?? ''));
  const leadExists = async (id: string) =>
    (await db().select({ id: leads.id }).from(leads).where(eq(leads.id, id))).length === 1;

  it('erases Ann beside Joann: only her leads, photos, mail jobs and mail files go', async () => {
    const ann = await addLead({ email: 'ann@target.example', telefon: '21 31 41 51' });
    const annTagged = await addLead({ email: ' Ann+Skade@Target.Example ', telefon: '21 31 41 52' });
    const joann = await addLead({ email: 'joann@target.example', telefon: '21 31 41 53' });
    const digest = await addDigest();
    await sendAll();
    const annJobs = [...(await jobIdsOf(ann.id)), ...(await jobIdsOf(annTagged.id))];
    const annFiles = filesOfJobs(annJobs);
    const joannFiles = filesOfJobs(await jobIdsOf(joann.id));
    const digestFiles = filesOfJobs([digest]);
    // The notification and the receipt of each lead, and the digest.
    expect(annFiles).toHaveLength(4);
    expect(joannFiles).toHaveLength(2);
    expect(digestFiles).toHaveLength(1);
    const before = files();

    const result = await erasePersonalData(deps(), { email: 'ann@target.example' });

    // A `+tag` reaches the same mailbox, as the submission limits count it.
    expect(result.erased).toEqual({
      leads: 2,
      photos: 2,
      mails: annJobs.length + 4,
      requesterMentions: 0,
      adjusterLinks: 0,
    });
    expect(await leadExists(ann.id)).toBe(false);
    expect(await leadExists(annTagged.id)).toBe(false);
    expect(await store.get(ann.key)).toBeNull();
    expect(await store.get(annTagged.key)).toBeNull();
    expect(await db().select().from(mailJobs).where(inArray(mailJobs.id, annJobs))).toEqual([]);
    expect(files()).toEqual(before.filter((name) => !annFiles.includes(name)));

    expect(await leadExists(joann.id)).toBe(true);
    expect(await store.get(joann.key)).not.toBeNull();
    expect(await db().select().from(leadImages).where(eq(leadImages.leadId, joann.id))).toHaveLength(1);
    expect(await jobIdsOf(joann.id)).toHaveLength(2);
    expect(filesOfJobs(await jobIdsOf(joann.id))).toEqual(joannFiles);
    expect(files()).toEqual(expect.arrayContaining([...joannFiles, ...digestFiles]));
  });

  it("erasing the tail of the company's own address removes only that person's own data", async () => {
    const other = await addLead({ email: 'kunde@example.dk', telefon: '22 32 42 52' });
    await addDigest();
    await sendAll();
    const before = files();
    // Every mail names the company's address (kontakt@skadekompagniet.dk): none is this person's.
    expect(before.length).toBeGreaterThanOrEqual(3);
    const nobody = await erasePersonalData(deps(), { email: 't@skadekompagniet.dk' });
    expect(nobody.erased).toEqual({ leads: 0, photos: 0, mails: 0, requesterMentions: 0, adjusterLinks: 0 });
    expect(files()).toEqual(before);

    const own = await addLead({ email: 't@skadekompagniet.dk', telefon: '22 32 42 53' });
    await sendAll();
    const ownFiles = filesOfJobs(await jobIdsOf(own.id));
    expect(ownFiles).toHaveLength(2);
    const result = await erasePersonalData(deps(), { email: 'T@skadekompagniet.dk' });
    expect(result.erased).toMatchObject({ leads: 1, photos: 1, mails: 4 });
    expect(await leadExists(own.id)).toBe(false);
    expect(await store.get(own.key)).toBeNull();
    expect(files()).toEqual(before);
    expect(await leadExists(other.id)).toBe(true);
    expect(await store.get(other.key)).not.toBeNull();
  });

  it('erases by phone beside a similar number', async () => {
    const person = await addLead({ email: 'nummer1@example.dk', telefon: '23 33 43 53' });
    const next = await addLead({ email: 'nummer2@example.dk', telefon: '23 33 43 54' });
    const abroad = await addLead({ email: 'nummer3@example.dk', telefon: '+46 23 33 43 53' });
    await sendAll();
    const personFiles = filesOfJobs(await jobIdsOf(person.id));
    const kept = [...filesOfJobs(await jobIdsOf(next.id)), ...filesOfJobs(await jobIdsOf(abroad.id))].sort();
    expect(personFiles).toHaveLength(2);
    expect(kept).toHaveLength(4);
    const before = files();

    const result = await erasePersonalData(deps(), { phone: '+4523334353' });

    expect(result.erased).toMatchObject({ leads: 1, photos: 1, mails: 4 });
    expect(await leadExists(person.id)).toBe(false);
    expect(await store.get(person.key)).toBeNull();
    expect(files()).toEqual(before.filter((name) => !personFiles.includes(name)));
    for (const lead of [next, abroad]) {
      expect(await leadExists(lead.id)).toBe(true);
      expect(await store.get(lead.key)).not.toBeNull();
      expect(await jobIdsOf(lead.id)).toHaveLength(2);
    }
    expect(filesOfJobs([...(await jobIdsOf(next.id)), ...(await jobIdsOf(abroad.id))]).sort()).toEqual(kept);
  });

  it("a person named only as requester: the mention and the copies of that lead's mails go, the lead stays", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        ...reportBody(),
        personType: 'taksator',
        email: 'firma@example.dk',
        rekvirentNavn: 'Rita Rekvirent',
        rekvirentTelefon: '25 35 45 55',
        rekvirentEmail: 'rita@target.example',
      }),
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const neighbour = await addLead({ email: 'margrita@target.example', telefon: '25 35 45 56' });
    await sendAll();
    const jobs = await jobIdsOf(id);
    const copies = filesOfJobs(jobs);
    expect(copies.length).toBeGreaterThanOrEqual(1);
    const before = files();

    const result = await erasePersonalData(deps(), { email: 'rita@target.example' });

    expect(result.erased).toEqual({
      leads: 0,
      photos: 0,
      mails: copies.length,
      requesterMentions: 1,
      adjusterLinks: 0,
    });
    const [lead] = await db().select().from(leads).where(eq(leads.id, id));
    expect(lead!.details).not.toHaveProperty('rekvirentEmail');
    expect(lead!.details).not.toHaveProperty('rekvirentNavn');
    expect(await jobIdsOf(id)).toEqual(jobs);
    expect(files()).toEqual(before.filter((name) => !copies.includes(name)));
    expect(await leadExists(neighbour.id)).toBe(true);
    expect(filesOfJobs(await jobIdsOf(neighbour.id))).toHaveLength(2);
  });

  it("an adjuster's erasure removes the copies of the mails about their links and drops those not yet sent", async () => {
    const lead = await addLead({ email: 'kunde2@example.dk', telefon: '27 37 47 57' });
    const giveLink = (email: string) =>
      db().transaction((tx) =>
        giveAdjusterLinkFromApi(
          tx,
          { signingSecret: TEST_SIGNING_SECRET, now: new Date() },
          lead.id,
          { name: 'Mette Taksator', email, insurer: 'Tryg' },
          'tryg-api',
        ),
      );
    const other = await giveLink('anden.taksator@tryg.dk');
    const sentLink = await giveLink('mette@tryg.dk');
    await sendAll();
    const linkJobs = async (linkId: string) =>
      (await db().select({ id: mailJobs.id, payload: mailJobs.payload }).from(mailJobs))
        .filter((job) => (job.payload as { linkId?: string }).linkId === linkId)
        .map((job) => job.id);
    const sentCopies = filesOfJobs(await linkJobs(sentLink.id));
    const otherCopies = filesOfJobs(await linkJobs(other.id));
    expect(sentCopies).toHaveLength(1);
    expect(otherCopies).toHaveLength(1);
    const unsentLink = await giveLink('Mette+ny@tryg.dk');
    expect(await linkJobs(unsentLink.id)).toHaveLength(1);
    const leadCopies = filesOfJobs(await jobIdsOf(lead.id)).filter((name) => !sentCopies.includes(name));
    const before = files();

    const result = await erasePersonalData(deps(), { email: 'mette@tryg.dk' });

    expect(result.erased).toEqual({ leads: 0, photos: 0, mails: 1, requesterMentions: 0, adjusterLinks: 2 });
    expect(files()).toEqual(before.filter((name) => !sentCopies.includes(name)));
    expect(files()).toEqual(expect.arrayContaining([...otherCopies, ...leadCopies]));
    // No mail goes to an address that is no longer stored.
    expect(await linkJobs(unsentLink.id)).toEqual([]);
    const [kept] = await db().select().from(adjusterLinks).where(eq(adjusterLinks.id, other.id));
    expect(kept).toMatchObject({ name: 'Mette Taksator', email: 'anden.taksator@tryg.dk', revokedAt: null });
    expect(await leadExists(lead.id)).toBe(true);
  });

  it('retention purging an old lead removes exactly its mails', async () => {
    const old = await addLead({ email: 'gammel@example.dk', telefon: '24 34 44 54' });
    const recent = await addLead({ email: 'ny@example.dk', telefon: '24 34 44 55' });
    const digest = await addDigest();
    await sendAll();
    const oldJobs = await jobIdsOf(old.id);
    const oldFiles = filesOfJobs(oldJobs);
    const recentFiles = filesOfJobs(await jobIdsOf(recent.id));
    expect(oldFiles).toHaveLength(2);
    const longAgo = new Date(Date.now() - 3 * 366 * 24 * 60 * 60_000);
    await db().update(leads).set({ createdAt: longAgo, lastContactAt: longAgo }).where(eq(leads.id, old.id));
    const before = files();

    const result = await runRetention(deps());

    expect(result).toMatchObject({ leads: 1, photos: 1, mailFiles: 2 });
    expect(await leadExists(old.id)).toBe(false);
    expect(await store.get(old.key)).toBeNull();
    expect(await db().select().from(mailJobs).where(inArray(mailJobs.id, oldJobs))).toEqual([]);
    expect(files()).toEqual(before.filter((name) => !oldFiles.includes(name)));
    expect(await leadExists(recent.id)).toBe(true);
    expect(await store.get(recent.key)).not.toBeNull();
    expect(files()).toEqual(expect.arrayContaining([...recentFiles, ...filesOfJobs([digest])]));
  });
});
