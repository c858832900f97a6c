import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../domain/constants.ts';
import { imageMessages } from '../../domain/images.ts';
import { leads, uploads } from '../db/schema.ts';
import { UploadClaimError } from './errors.ts';
import { claimUploads } from './uploads.ts';
import { createLocalStore } from '../storage/local-store.ts';
import type { LocalObjectStore } from '../storage/object-store.ts';
import { makeJpegLike, makePng, makePngHeader, svgImage } from '../../tests/support/images.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases.ts';
import { objectRoutes } from './routes.ts';

const publicUrl = 'http://127.0.0.1:3999';

describeEachDatabase('the upload API', (target) => {
  let database: TestDatabase;
  let storage: LocalObjectStore;
  let app: FastifyInstance;
  let clock = Date.now();
  let lastPutHeaders: Record<string, unknown> | undefined;
  const objectsDir = () => join(database.dataDir, 'objects');

  beforeAll(async () => {
    database = await createTestDatabase(target.kind);
    storage = createLocalStore({ dir: objectsDir(), publicUrl, secret: 'test-secret-'.padEnd(40, 'x') });
    app = Fastify();
    // The routes declare zod schemas, as in the real app (server/app.ts).
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRequest', async (request) => {
      if (request.method === 'PUT') lastPutHeaders = request.headers;
    });
    await app.register(rateLimit, { global: false });
    await app.register(objectRoutes, { db: database.db, storage, now: () => new Date(clock) });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  async function issue(): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    const { uploadURL } = response.json<{ uploadURL: string }>();
    expect(uploadURL.startsWith(`${publicUrl}/api/objects/upload/`)).toBe(true);
    return uploadURL;
  }

  function put(uploadURL: string, body: Buffer | Readable, headers: Record<string, string> = {}) {
    const url = new URL(uploadURL);
    return app.inject({
      method: 'PUT',
      url: url.pathname + url.search,
      payload: body,
      headers: { 'content-type': 'image/jpeg', ...headers },
    });
  }

  async function storedFiles(): Promise<string[]> {
    try {
      return (await readdir(objectsDir(), { recursive: true })).map(String);
    } catch {
      return [];
    }
  }

  async function rowFor(uploadURL: string) {
    const id = new URL(uploadURL).pathname.split('/').pop() ?? '';
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, id));
    return row;
  }

  it('issues a signed upload URL for a POST with a JSON content type and an empty body', async () => {
    const uploadURL = await issue();
    expect(new URL(uploadURL).searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await rowFor(uploadURL))?.status).toBe('issued');
  });

  it('stores a valid PNG under a generated name and marks the upload as uploaded', async () => {
    const png = makePng(16, 16);
    const uploadURL = await issue();
    const response = await put(uploadURL, png, { 'content-type': 'image/png' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ size: png.length, contentType: 'image/png' });
    const row = await rowFor(uploadURL);
    expect(row).toMatchObject({ status: 'uploaded', size: png.length, contentType: 'image/png' });
    const stored = await storage.get(row?.objectKey ?? '');
    expect(stored?.body.equals(png)).toBe(true);
  });

  it('accepts a PUT without any Content-Type (the bytes decide what it is)', async () => {
    const png = makePng(3, 7);
    const uploadURL = await issue();
    const url = new URL(uploadURL);
    const response = await app.inject({ method: 'PUT', url: url.pathname + url.search, payload: png });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ size: png.length, contentType: 'image/png' });
  });

  it('accepts an image of exactly 10 MB', async () => {
    const uploadURL = await issue();
    const response = await put(uploadURL, makeJpegLike(limits.maxImageBytes));
    expect(response.statusCode).toBe(200);
    expect((await rowFor(uploadURL))?.size).toBe(limits.maxImageBytes);
  });

  it('refuses 10 MB + 1 byte with Content-Length (413, Danish) and keeps nothing', async () => {
    const before = await storedFiles();
    const uploadURL = await issue();
    const response = await put(uploadURL, makeJpegLike(limits.maxImageBytes + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('Billedet er for stort');
    expect(await storedFiles()).toEqual(before);
    expect((await rowFor(uploadURL))?.status).toBe('issued');
  });

  it('refuses 10 MB + 1 byte sent chunked without Content-Length, mid-stream, and keeps nothing', async () => {
    const before = await storedFiles();
    const uploadURL = await issue();
    const data = makeJpegLike(limits.maxImageBytes + 1);
    const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
      data.subarray(i * 65536, (i + 1) * 65536),
    );
    const response = await put(uploadURL, Readable.from(chunks), { 'transfer-encoding': 'chunked' });
    expect(lastPutHeaders?.['content-length']).toBeUndefined();
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('Billedet er for stort');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a text file named .jpg (415, Danish) and keeps nothing', async () => {
    const before = await storedFiles();
    const uploadURL = await issue();
    const response = await put(uploadURL, Buffer.from('Dette er ikke et billede, bare tekst.\n'.repeat(20)), {
      'content-type': 'image/jpeg',
      'content-disposition': 'attachment; filename="ferie.jpg"',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('Filen er ikke et billede');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a PNG whose header claims 30000 × 30000 pixels (413, Danish) and keeps nothing', async () => {
    const before = await storedFiles();
    const uploadURL = await issue();
    const response = await put(uploadURL, makePngHeader(30000, 30000), { 'content-type': 'image/png' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: imageMessages.tooManyPixels });
    expect(await storedFiles()).toEqual(before);
    expect((await rowFor(uploadURL))?.status).toBe('issued');
    // The same bytes claiming 50 megapixels are a photo like any other.
    const fits = await put(await issue(), makePngHeader(8160, 6120), { 'content-type': 'image/png' });
    expect(fits.statusCode).toBe(200);
  });

  it('refuses an SVG image (415)', async () => {
    const uploadURL = await issue();
    const response = await put(uploadURL, svgImage, { 'content-type': 'image/svg+xml' });
    expect(response.statusCode).toBe(415);
  });

  it('refuses an empty body (415)', async () => {
    const uploadURL = await issue();
    const response = await put(uploadURL, Buffer.alloc(0));
    expect(response.statusCode).toBe(415);
  });

  it('refuses an expired upload URL (403, Danish)', async () => {
    const uploadURL = await issue();
    clock += 16 * 60_000;
    try {
      const response = await put(uploadURL, makePng());
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('udløbet');
    } finally {
      clock -= 16 * 60_000;
    }
  });

  it('refuses a replayed upload URL (409) and keeps the first image', async () => {
    const first = makePng(2, 2, [255, 0, 0]);
    const uploadURL = await issue();
    expect((await put(uploadURL, first, { 'content-type': 'image/png' })).statusCode).toBe(200);
    const replay = await put(uploadURL, makePng(3, 3), { 'content-type': 'image/png' });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toContain('allerede brugt');
    const row = await rowFor(uploadURL);
    expect((await storage.get(row?.objectKey ?? ''))?.body.equals(first)).toBe(true);
  });

  it('refuses forged URLs: a changed signature, a changed expiry and an unsigned id (403)', async () => {
    const uploadURL = new URL(await issue());
    const forged = new URL(uploadURL);
    forged.searchParams.set('signature', 'A'.repeat(43));
    expect((await put(forged.toString(), makePng())).statusCode).toBe(403);
    const extended = new URL(uploadURL);
    extended.searchParams.set('expires', String(Number(uploadURL.searchParams.get('expires')) + 3600));
    expect((await put(extended.toString(), makePng())).statusCode).toBe(403);
    const bare = new URL(uploadURL);
    bare.search = '';
    const response = await put(bare.toString(), makePng());
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('ugyldig');
  });

  it('serves an uploaded image only through a valid, unexpired signed link', async () => {
    const png = makePng(5, 5);
    const uploadURL = await issue();
    await put(uploadURL, png, { 'content-type': 'image/png' });
    const row = await rowFor(uploadURL);
    const link = new URL(await storage.signedReadUrl(row?.objectKey ?? '', 60));
    const ok = await app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(png)).toBe(true);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['content-disposition']).toMatch(/^attachment; filename=".+\.png"$/);
    expect(ok.headers['cache-control']).toBe('private, no-store');

    const unsigned = await app.inject({ method: 'GET', url: link.pathname });
    expect(unsigned.statusCode).toBe(403);
    const tampered = new URL(link);
    const signature = link.searchParams.get('signature') ?? '';
    // Change one character for certain (the old one may already have been the replacement).
    tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await app.inject({ method: 'GET', url: tampered.pathname + tampered.search })).statusCode).toBe(
      403,
    );
    // Two minutes later the 60-second link has expired.
    expect(
      storage.verifyRead(
        row?.objectKey ?? '',
        link.searchParams.get('expires') ?? '',
        link.searchParams.get('signature') ?? '',
        Date.now() + 120_000,
      ),
    ).toBe('expired');
    // An upload link's signature never works as a read link.
    const asRead = await app.inject({
      method: 'GET',
      url: `/api/objects/${row?.objectKey}${new URL(uploadURL).search}`,
    });
    expect(asRead.statusCode).toBe(403);
    // No listing.
    expect((await app.inject({ method: 'GET', url: '/api/objects/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/objects/uploads' })).statusCode).toBe(403);
  });

  describe('claiming uploads for a lead', () => {
    async function uploadedUrl(): Promise<string> {
      const uploadURL = await issue();
      expect((await put(uploadURL, makePng(), { 'content-type': 'image/png' })).statusCode).toBe(200);
      return uploadURL;
    }
    async function leadId(): Promise<string> {
      // A plain insert keeps this test independent of the lead service.
      const [row] = await database.db
        .insert(leads)
        .values({
          reference: `T-${Math.random().toString(36).slice(2, 10)}`,
          kind: 'akut-skade',
          pagesOnCall: true,
          name: 'Test',
          email: 'test@example.dk',
        })
        .returning({ id: leads.id });
      return row?.id ?? '';
    }

    it('attaches three uploaded images and returns their object keys', async () => {
      const urls = [await uploadedUrl(), await uploadedUrl(), await uploadedUrl()];
      const id = await leadId();
      const claimed = await claimUploads({ db: database.db, storage }, { urls, leadId: id, maxImages: 3 });
      expect(claimed).toHaveLength(3);
      for (const url of urls) expect(await rowFor(url)).toMatchObject({ status: 'attached', leadId: id });
    });

    it('refuses a 4th image with a Danish message and attaches none', async () => {
      const urls = [await uploadedUrl(), await uploadedUrl(), await uploadedUrl(), await uploadedUrl()];
      const claim = claimUploads(
        { db: database.db, storage },
        { urls, leadId: await leadId(), maxImages: 3 },
      );
      await expect(claim).rejects.toThrow(UploadClaimError);
      await expect(claim).rejects.toThrow('højst sende 3 billeder');
      for (const url of urls) expect((await rowFor(url))?.status).toBe('uploaded');
    });

    it('refuses URLs we did not issue, uploads never completed and images already attached', async () => {
      const deps = { db: database.db, storage };
      const foreign = `${publicUrl}/api/objects/upload/00000000-0000-4000-8000-000000000000?expires=1&signature=x`;
      await expect(
        claimUploads(deps, { urls: [foreign], leadId: await leadId(), maxImages: 3 }),
      ).rejects.toThrow('ikke genkendt');
      await expect(
        claimUploads(deps, {
          urls: ['https://example.invalid/billede.jpg'],
          leadId: await leadId(),
          maxImages: 3,
        }),
      ).rejects.toThrow('ikke genkendt');
      const issuedOnly = await issue();
      await expect(
        claimUploads(deps, { urls: [issuedOnly], leadId: await leadId(), maxImages: 3 }),
      ).rejects.toThrow('ikke færdigt uploadet');
      const url = await uploadedUrl();
      await claimUploads(deps, { urls: [url], leadId: await leadId(), maxImages: 3 });
      await expect(claimUploads(deps, { urls: [url], leadId: await leadId(), maxImages: 3 })).rejects.toThrow(
        'allerede sendt',
      );
    });
  });
});
