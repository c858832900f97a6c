import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUploadUrl, uploadImage, uploadMessages, uploadRefusalMessage, withoutQuery } from './uploads';

afterEach(() => vi.unstubAllGlobals());

const signed = 'http://127.0.0.1:3000/api/objects/upload/6f1c?expires=1900000000&signature=abc';
const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kælder.png', { type: 'image/png' });

describe('requestUploadUrl', () => {
  it("asks for an upload URL with the photo's type and name on the device", async () => {
    const fetchSpy = vi.fn(async () => Response.json({ uploadURL: signed }));
    vi.stubGlobal('fetch', fetchSpy);
    await expect(requestUploadUrl('image/png', 'kælder.png')).resolves.toBe(signed);
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/objects/upload',
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ contentType: 'image/png', name: 'kælder.png' }),
      }),
    );
  });

  it('keeps at most 255 characters of the name', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ uploadURL: signed }));
    vi.stubGlobal('fetch', fetchSpy);
    await requestUploadUrl('image/png', `${'a'.repeat(300)}.png`);
    const body = JSON.parse(String(fetchSpy.mock.calls[0]?.[1].body)) as { name: string };
    expect(body.name).toHaveLength(255);
  });

  it("passes on our server's Danish message, and says it in Danish otherwise", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ message: 'For mange forespørgsler. Vent lidt, og prøv igen.' }, { status: 429 }),
    );
    await expect(requestUploadUrl('image/png')).rejects.toThrow(
      'For mange forespørgsler. Vent lidt, og prøv igen.',
    );
    vi.stubGlobal('fetch', async () => new Response('Bad Gateway', { status: 502 }));
    await expect(requestUploadUrl('image/png')).rejects.toThrow(uploadMessages.noUploadUrl);
    vi.stubGlobal('fetch', async () => Response.json({}));
    await expect(requestUploadUrl('image/png')).rejects.toThrow(uploadMessages.noUploadUrl);
  });
});

describe('uploadImage', () => {
  it('PUTs the raw bytes with their type, without credentials, and resolves with the URL without its signature', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return url === '/api/objects/upload'
        ? Response.json({ uploadURL: signed })
        : Response.json({ size: 4, contentType: 'image/png' });
    });
    const file = photo();
    await expect(uploadImage(file)).resolves.toBe('http://127.0.0.1:3000/api/objects/upload/6f1c');
    expect(calls[1]?.url).toBe(signed);
    expect(calls[1]?.init).toMatchObject({
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': 'image/png' },
      credentials: 'omit',
    });
  });

  it('says why the server refused the photo, in its words or ours', async () => {
    const answer = (response: Response) =>
      vi.stubGlobal('fetch', async (url: string) =>
        url === '/api/objects/upload' ? Response.json({ uploadURL: signed }) : response,
      );
    answer(Response.json({ message: 'Filen er ikke et billede, vi kan modtage.' }, { status: 415 }));
    await expect(uploadImage(photo())).rejects.toThrow('Filen er ikke et billede, vi kan modtage.');
    answer(new Response('<Error><Code>AccessDenied</Code></Error>', { status: 403 }));
    await expect(uploadImage(photo())).rejects.toThrow(uploadMessages.refused);
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/objects/upload') return Response.json({ uploadURL: signed });
      throw new TypeError('Failed to fetch');
    });
    await expect(uploadImage(photo())).rejects.toThrow(uploadMessages.network);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (url === '/api/objects/upload') {
        controller.abort();
        return Response.json({ uploadURL: signed });
      }
      throw init.signal?.reason;
    });
    await expect(uploadImage(photo(), controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('uploadRefusalMessage and withoutQuery', () => {
  it('reads a status without our JSON', () => {
    expect(uploadRefusalMessage(413, '')).toBe('Billedet er for stort.');
    expect(uploadRefusalMessage(400, 'nope')).toBe('Billedet blev afvist. Prøv et andet billede.');
  });

  it('drops the signature', () => {
    expect(withoutQuery(signed)).toBe('http://127.0.0.1:3000/api/objects/upload/6f1c');
    expect(withoutQuery('https://bucket.example/uploads/x#y')).toBe('https://bucket.example/uploads/x');
  });
});
