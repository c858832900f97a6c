import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leads, uploads } from '../db/schema.ts';
import { claimUploads, issueUpload, receiveLocalUpload } from './uploads.ts';
import type { LocalObjectStore } from '../storage/object-store.ts';
import { makePng } from '../../tests/support/images.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { purgeStaleUploads } from './purge.ts';
import { localStoreBeside } from '../test/local-store.ts';

describeEachDatabase('purging uploads never submitted', (target) => {
  let database: TestDatabase;
  let storage: LocalObjectStore;
  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    storage = localStoreBeside(database);
  });
  afterAll(() => database.dispose());

  async function upload(at: Date): Promise<string> {
    const deps = { db: database.db, storage, now: () => at };
    const { uploadURL } = await issueUpload(deps);
    const url = new URL(uploadURL);
    const result = await receiveLocalUpload(deps, {
      uploadId: url.pathname.split('/').pop() ?? '',
      expires: url.searchParams.get('expires') ?? undefined,
      signature: url.searchParams.get('signature') ?? undefined,
      contentLength: undefined,
      body: Readable.from([makePng()]),
    });
    expect(result.ok).toBe(true);
    return uploadURL;
  }
  const keyOf = (url: string) => `uploads/${new URL(url).pathname.split('/').pop()}`;

  it('deletes objects and rows of uploads never attached an hour after their URL was issued, and nothing else', async () => {
    const now = new Date();
    const anHourAndAMinuteAgo = new Date(now.getTime() - 61 * 60_000);
    const stale = await upload(anHourAndAMinuteAgo);
    const fresh = await upload(new Date(now.getTime() - 50 * 60_000));
    const attached = await upload(anHourAndAMinuteAgo);
    const [lead] = await database.db
      .insert(leads)
      .values({
        reference: `P-${Date.now()}`,
        kind: 'akut-skade',
        pagesOnCall: true,
        name: 'A',
        email: 'a@example.dk',
      })
      .returning({ id: leads.id });
    await claimUploads(
      { db: database.db, storage },
      { urls: [attached], leadId: lead?.id ?? '', maxImages: 3 },
    );

    expect(await purgeStaleUploads({ db: database.db, storage }, now)).toBe(1);
    expect(await storage.get(keyOf(stale))).toBeNull();
    expect(
      await database.db
        .select()
        .from(uploads)
        .where(eq(uploads.objectKey, keyOf(stale))),
    ).toHaveLength(0);
    expect(await storage.get(keyOf(fresh))).not.toBeNull();
    expect(await storage.get(keyOf(attached))).not.toBeNull();
    // Minutes later the fresh one goes too; the attached one stays, however old.
    expect(await purgeStaleUploads({ db: database.db, storage }, new Date(now.getTime() + 11 * 60_000))).toBe(
      1,
    );
    expect(await storage.get(keyOf(fresh))).toBeNull();
    expect(
      await purgeStaleUploads({ db: database.db, storage }, new Date(now.getTime() + 48 * 60 * 60_000)),
    ).toBe(0);
    expect(await storage.get(keyOf(attached))).not.toBeNull();
  });
});
