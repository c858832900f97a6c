import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getJson, readReference, userFacingMessage } from './api';

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(response: Response) {
  const calls: FetchArgs[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push([input, init]);
    return response;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends JSON with a JSON content type and the session credentials', async () => {
    const calls = stubFetch(new Response('{}', { status: 201 }));
    const response = await apiRequest('POST', '/api/contact', { name: 'Ane' });
    expect(response.status).toBe(201);
    const [url, init] = calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"name":"Ane"}');
  });

  it('sends no body and no content type when there is no payload', async () => {
    const calls = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/objects/upload');
    expect(calls[0]![1]?.body).toBeUndefined();
    expect(calls[0]![1]?.headers).toEqual({});
  });

  it('turns a non-success status into an error "status: body text"', async () => {
    stubFetch(new Response('{"message":"Ugyldige oplysninger"}', { status: 400 }));
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow(
      '400: {"message":"Ugyldige oplysninger"}',
    );
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('POST', '/api/contact', {})).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getJson', () => {
  it('joins the query key segments with slashes and parses JSON', async () => {
    const calls = stubFetch(Response.json([{ tekst: 'Eksempelvej 12' }]));
    await expect(getJson(['/api', 'address'])).resolves.toEqual([{ tekst: 'Eksempelvej 12' }]);
    expect(calls[0]![0]).toBe('/api/address');
    expect(calls[0]![1]?.credentials).toBe('include');
  });

  it('throws on 401 by default', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getJson(['/api/user'])).rejects.toThrow('401: Unauthorized');
  });

  it('returns null on 401 when configured to', async () => {
    stubFetch(new Response('Unauthorized', { status: 401 }));
    await expect(getJson(['/api/user'], { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('still throws other failures when 401 returns null', async () => {
    stubFetch(new Response('nope', { status: 500 }));
    await expect(getJson(['/api/user'], { on401: 'returnNull' })).rejects.toThrow('500: nope');
  });
});

describe('userFacingMessage', () => {
  it("shows our API's Danish message from a JSON error body", () => {
    expect(userFacingMessage(new ApiError(400, 'Bad Request', '{"message":"Ugyldig e-mail"}'))).toBe(
      'Ugyldig e-mail',
    );
  });

  it('shows nothing for a non-JSON body, a network failure or a non-error', () => {
    expect(userFacingMessage(new ApiError(502, 'Bad Gateway', '<html>Bad Gateway</html>'))).toBeUndefined();
    expect(userFacingMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(userFacingMessage(new ApiError(500, 'x', '{"message":""}'))).toBeUndefined();
    expect(userFacingMessage('boom')).toBeUndefined();
  });
});

describe('readReference', () => {
  it('reads the reference of a created submission', async () => {
    await expect(
      readReference(Response.json({ id: 'x', reference: 'SK-1234' }, { status: 201 })),
    ).resolves.toBe('SK-1234');
  });

  it('returns undefined for an empty or unrelated body', async () => {
    await expect(readReference(new Response('', { status: 201 }))).resolves.toBeUndefined();
    await expect(readReference(Response.json({ ok: true }))).resolves.toBeUndefined();
  });
});
