import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limits } from '../../domain/constants.ts';
import { imageMessages } from '../../domain/images.ts';
import { makePng, makePngHeader } from '../../tests/support/images.ts';
import { uploads } from '../db/schema.ts';
import { uploadIdFromUrl } from './uploads.ts';
import { createLocalStore } from '../storage/local-store.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { readMultipartForm, registerMultipartForms } from './multipart.ts';

/** A browser's multipart body for these text fields and files. */
async function multipartBody(fields: Record<string, string>, files: { name: string; body: Buffer }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('billeder', new Blob([new Uint8Array(file.body)]), file.name);
  // A file input left empty still sends a part, with no name and no bytes.
  if (files.length === 0) form.append('billeder', new Blob([]), '');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

describeEachDatabase('a plain form with photos', (target) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    const storage = createLocalStore({
      dir: join(database.dataDir, 'objects'),
      publicUrl: 'http://127.0.0.1:3999',
      secret: 'test-secret-'.padEnd(40, 'x'),
    });
    app = Fastify();
    await app.register(async (scope) => {
      await registerMultipartForms(scope);
      scope.post('/form', async (request) =>
        readMultipartForm(
          request,
          { db: database.db, storage, pendingMaxBytes: undefined },
          { maxPhotos: 2 },
        ),
      );
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  async function post(fields: Record<string, string>, files: { name: string; body: Buffer }[]) {
    const response = await app.inject({
      method: 'POST',
      url: '/form',
      ...(await multipartBody(fields, files)),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      fields: Record<string, string>;
      photoUrls: string[];
      photoError?: string;
      photoErrorStatus?: number;
    }>();
  }

  async function statusOf(url: string) {
    const [row] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, uploadIdFromUrl(url)!));
    return row?.status;
  }

  it('reads the text fields and stores each photo as an upload the lead can claim', async () => {
    const form = await post({ fuldeNavn: 'Hanne Holm', besked: 'Vand i kælderen' }, [
      { name: 'kælder.png', body: makePng() },
    ]);
    expect(form.fields).toEqual({ fuldeNavn: 'Hanne Holm', besked: 'Vand i kælderen' });
    expect(form.photoUrls).toHaveLength(1);
    expect(form.photoError).toBeUndefined();
    expect(await statusOf(form.photoUrls[0]!)).toBe('uploaded');
  });

  it('ignores a file input left empty', async () => {
    const form = await post({ fuldeNavn: 'Hanne Holm' }, []);
    expect(form.photoUrls).toEqual([]);
    expect(form.photoError).toBeUndefined();
  });

  it('refuses a file that is not an image by its bytes, and keeps the others', async () => {
    const form = await post({}, [
      { name: 'faktura.png', body: Buffer.from('%PDF-1.7 not an image at all') },
      { name: 'stue.png', body: makePng() },
    ]);
    expect(form.photoError).toBe(imageMessages.notImage);
    expect(form.photoUrls).toHaveLength(1);
  });

  it('refuses a photo over the size cap', async () => {
    const big = Buffer.concat([makePng(), Buffer.alloc(limits.maxImageBytes)]);
    const form = await post({}, [{ name: 'stor.png', body: big }]);
    expect(form.photoError).toBe(imageMessages.tooLarge);
    expect(form.photoUrls).toEqual([]);
  });

  it('refuses a photo whose header claims 30000 × 30000 pixels, keeping neither its object nor its row', async () => {
    const rows = async () => (await database.db.select({ id: uploads.id }).from(uploads)).length;
    const before = await rows();
    const form = await post({}, [{ name: 'bombe.png', body: makePngHeader(30000, 30000) }]);
    expect(form.photoError).toBe(imageMessages.tooManyPixels);
    expect(form.photoErrorStatus).toBe(413);
    expect(form.photoUrls).toEqual([]);
    expect(await rows()).toBe(before);
  });

  it('keeps the first photos up to the form limit and says how many it takes', async () => {
    const photos = [1, 2, 3].map((n) => ({ name: `${n}.png`, body: makePng() }));
    const form = await post({}, photos);
    expect(form.photoUrls).toHaveLength(2);
    expect(form.photoError).toBe(imageMessages.tooMany(2));
  });
});
