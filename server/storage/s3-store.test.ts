import { afterAll, beforeAll, expect, it } from 'vitest';
import { limits } from '../../domain/constants.ts';
import { imageMessages } from '../../domain/images.ts';
import { leads, uploads } from '../db/schema.ts';
import { UploadClaimError } from '../uploads/errors.ts';
import { claimUploads, issueUpload } from '../uploads/uploads.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { startFakeS3, type FakeS3 } from '../test/fake-s3.ts';
import { makeJpegLike, makePng, makePngHeader } from '../../tests/support/images.ts';
import { eq } from 'drizzle-orm';

describeEachDatabase('the S3 store against s3rver', (target) => {
  let s3: FakeS3;
  let database: TestDatabase;
  let store: ReturnType<FakeS3['createStore']>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    store = s3.createStore();
    database = await createTestDatabase(target.kind);
  });
  afterAll(async () => {
    store?.client.destroy();
    await s3?.dispose();
    await database?.dispose();
  });

  const lead = async () => {
    const [row] = await database.db
      .insert(leads)
      .values({
        reference: `S-${Math.random().toString(36).slice(2, 10)}`,
        kind: 'akut-skade',
        pagesOnCall: true,
        name: 'A',
        email: 'a@example.dk',
      })
      .returning({ id: leads.id });
    return row?.id ?? '';
  };

  async function presignAndPut(body: Buffer, contentType: string): Promise<string> {
    const { uploadURL } = await issueUpload({ db: database.db, storage: store }, { contentType });
    expect(new URL(uploadURL).searchParams.get('X-Amz-Signature')).toBeTruthy();
    const response = await fetch(uploadURL, {
      method: 'PUT',
      body: new Uint8Array(body),
      headers: { 'content-type': contentType },
    });
    expect(response.status).toBe(200);
    return uploadURL;
  }

  it('puts, reads, heads and deletes objects', async () => {
    const png = makePng(3, 3);
    await store.put('reports/abc/1', png, 'image/png');
    expect((await store.get('reports/abc/1'))?.body.equals(png)).toBe(true);
    expect(await store.head('reports/abc/1')).toEqual({ size: png.length, contentType: 'image/png' });
    expect((await store.readStart('reports/abc/1', 8))?.length).toBe(8);
    await store.delete('reports/abc/1');
    expect(await store.get('reports/abc/1')).toBeNull();
    expect(await store.head('reports/abc/1')).toBeNull();
  });

  it('takes a real image through a presigned PUT, claims it and serves it through a signed read URL', async () => {
    const png = makePng(20, 10, [200, 30, 30]);
    const uploadURL = await presignAndPut(png, 'image/png');
    const claimed = await claimUploads(
      { db: database.db, storage: store },
      { urls: [uploadURL], leadId: await lead(), maxImages: 3 },
    );
    expect(claimed).toEqual([expect.objectContaining({ size: png.length, contentType: 'image/png' })]);
    const [row] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, claimed[0]?.id ?? ''));
    expect(row?.status).toBe('attached');

    const link = await store.signedReadUrl(claimed[0]?.objectKey ?? '', 60);
    const download = await fetch(link);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    // Time-limited, and served as a download (s3rver does not enforce bucket privacy, so the
    // refusal of unsigned reads is the real bucket's job; we check what we sign).
    const params = new URL(link).searchParams;
    expect(params.get('X-Amz-Expires')).toBe('60');
    expect(params.get('response-content-disposition')).toMatch(/^attachment/);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('binds the presigned PUT to its key and content type, expiring after 15 minutes', async () => {
    const { uploadURL } = await issueUpload(
      { db: database.db, storage: store },
      { contentType: 'image/png' },
    );
    const url = new URL(uploadURL);
    expect(url.pathname).toMatch(/^\/skader\/uploads\/[0-9a-f-]{36}$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
  });

  it('refuses on claim an object that is not an image, larger than 10 MB or 50 megapixels, or never uploaded', async () => {
    const text = await presignAndPut(Buffer.from('bare tekst i en .jpg-fil'.repeat(10)), 'image/jpeg');
    await expect(
      claimUploads({ db: database.db, storage: store }, { urls: [text], leadId: await lead(), maxImages: 3 }),
    ).rejects.toThrow('Filen er ikke et billede');

    const huge = await presignAndPut(makeJpegLike(limits.maxImageBytes + 1), 'image/jpeg');
    await expect(
      claimUploads({ db: database.db, storage: store }, { urls: [huge], leadId: await lead(), maxImages: 3 }),
    ).rejects.toThrow(UploadClaimError);

    const bomb = await presignAndPut(makePngHeader(30000, 30000), 'image/png');
    await expect(
      claimUploads({ db: database.db, storage: store }, { urls: [bomb], leadId: await lead(), maxImages: 3 }),
    ).rejects.toThrow(imageMessages.tooManyPixels);

    const { uploadURL: never } = await issueUpload(
      { db: database.db, storage: store },
      { contentType: 'image/png' },
    );
    await expect(
      claimUploads(
        { db: database.db, storage: store },
        { urls: [never], leadId: await lead(), maxImages: 3 },
      ),
    ).rejects.toThrow('ikke færdigt uploadet');
  });
});
