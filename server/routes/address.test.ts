import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAddressService } from '../address/address-service.ts';
import { createAdressevaelgerProvider } from '../address/adressevaelger-provider.ts';
import { createDawaProvider } from '../address/dawa-provider.ts';
import { startFakeDawa, type FakeDawa } from '../../tests/support/fake-dawa.ts';
import { addressRoutes } from './address.ts';

describe('GET /api/address with a DAWA-compatible provider', () => {
  let fake: FakeDawa;
  let app: FastifyInstance;
  const warnings: string[] = [];

  beforeAll(async () => {
    fake = await startFakeDawa();
    app = Fastify();
    await app.register(rateLimit, { global: false });
    const address = createAddressService({
      provider: createDawaProvider(fake.url),
      log: { warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`) },
    });
    await app.register(addressRoutes, { address });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    warnings.length = 0;
  });
  const queries = () => fake.requests.map((request) => request.q);

  const get = (q: string) => app.inject({ method: 'GET', url: `/api/address?q=${encodeURIComponent(q)}` });

  it('answers at most 8 suggestions as [{ tekst }], asking the provider for 8', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `Vestergade ${i + 1}, 4000 Roskilde`);
    fake.setMode({ kind: 'fixed', texts });
    const response = await get('Vester');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ tekst: string }[]>();
    expect(body).toHaveLength(8);
    expect(body[0]).toEqual({ tekst: 'Vestergade 1, 4000 Roskilde' });
    expect(Object.keys(body[0] ?? {})).toEqual(['tekst']);
    expect(fake.requests.at(-1)).toMatchObject({ q: 'Vester', perSide: '8' });
  });

  it('answers [] without asking the provider when q is shorter than 3 characters', async () => {
    expect((await get('Ve')).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/address' })).json()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('serves a repeated query from the cache (the provider is asked once)', async () => {
    const first = (await get('Vestergade 1')).json();
    const second = (await get('  vestergade   1 ')).json();
    expect(first).not.toEqual([]);
    expect(second).toEqual(first);
    expect(queries()).toEqual(['Vestergade 1']);
  });

  it('answers [] and logs when the provider answers 500', async () => {
    fake.setMode({ kind: 'error' });
    const response = await get('Roskildevej');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(warnings.join()).toContain('HTTP 500');
  });

  it('answers [] and logs when the provider answers broken JSON or JSON that is not a list', async () => {
    fake.setMode({ kind: 'garbage' });
    expect((await get('Nørregade')).json()).toEqual([]);
    fake.setMode({ kind: 'not-a-list' });
    expect((await get('Østergade')).json()).toEqual([]);
    expect(warnings).toHaveLength(2);
  });

  it('gives up after 2 seconds and answers [] when the provider is too slow', async () => {
    fake.setMode({ kind: 'slow', delayMs: 3000 });
    const started = Date.now();
    const response = await get('Algade');
    const elapsed = Date.now() - started;
    expect(response.json()).toEqual([]);
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(2900);
    expect(warnings.join()).toMatch(/timeout|aborted/i);
  });

  it('does not cache failures: the next request asks the provider again', async () => {
    fake.setMode({ kind: 'error' });
    expect((await get('Algade 4000')).json()).toEqual([]);
    fake.setMode({ kind: 'ok' });
    expect((await get('Algade 4000')).json()).toHaveLength(8);
    expect(queries()).toEqual(['Algade 4000', 'Algade 4000']);
  });

  it('answers [] when the provider cannot be reached at all', async () => {
    const service = createAddressService({
      provider: createDawaProvider('http://127.0.0.1:9'),
      log: { warn: (obj, msg) => warnings.push(msg) },
    });
    expect(await service.suggest('Vestergade')).toEqual([]);
    expect(warnings).toHaveLength(1);
  });
});

describe('GET /api/address without a provider', () => {
  it('answers an empty list', async () => {
    const app = Fastify();
    await app.register(addressRoutes, {
      address: createAddressService({ provider: null, log: { warn: () => undefined } }),
    });
    const response = await app.inject({ method: 'GET', url: '/api/address?q=Vestergade' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    await app.close();
  });
});

describe('the adressevaelger provider', () => {
  it('sends the token in a header and maps visningstekst to tekst', async () => {
    const seen: { url: string; token: string | null }[] = [];
    const fakeFetch = (async (input: URL | RequestInfo, init?: RequestInit) => {
      seen.push({ url: String(input), token: new Headers(init?.headers).get('token') });
      return new Response(
        JSON.stringify([
          { id: '1', visningstekst: 'Vestergade 1, 4000 Roskilde', vejnavn: 'Vestergade' },
          { id: '2', visningstekst: 'Vestergade 2, 4000 Roskilde', vejnavn: 'Vestergade' },
        ]),
        { headers: { 'content-type': 'application/json' } },
      );
    }) as typeof fetch;
    const provider = createAdressevaelgerProvider('http://127.0.0.1:1/adresse', 'hemmelig', fakeFetch);
    const texts = await provider.suggest('Vestergade', 8, AbortSignal.timeout(1000));
    expect(texts).toEqual(['Vestergade 1, 4000 Roskilde', 'Vestergade 2, 4000 Roskilde']);
    expect(seen[0]?.token).toBe('hemmelig');
    expect(seen[0]?.url).toBe('http://127.0.0.1:1/adresse?q=Vestergade&limit=8');
  });
});

describe('the address rate limit', () => {
  it('answers 429 after too many requests from one address', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false });
    await app.register(addressRoutes, {
      address: createAddressService({ provider: null, log: { warn: () => undefined } }),
    });
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (await app.inject({ method: 'GET', url: '/api/address?q=abc' })).statusCode;
    }
    expect(last).toBe(429);
    await app.close();
  });
});
