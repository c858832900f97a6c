import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressTimeoutMs, createAddressService, type AddressServiceOptions } from './address-service.ts';
import { createAddressProvider } from './create-provider.ts';
import {
  startFakeAddressProvider,
  type FakeAddressProvider,
} from '../../tests/support/fake-address-provider.ts';
import { loadConfig } from '../config.ts';
import { addressRoutes } from './routes.ts';

let fake: FakeAddressProvider;
beforeAll(async () => {
  fake = await startFakeAddressProvider();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** The address routes wired the way the app wires them: config → provider → service → route. */
async function appFor(env: Record<string, string>, service: Partial<AddressServiceOptions> = {}) {
  const warnings: string[] = [];
  const config = loadConfig({ DATA_DIR: '/nonexistent', SIGNING_SECRET: 's'.repeat(32), ...env });
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(rateLimit, { global: false });
  await app.register(addressRoutes, {
    address: createAddressService({
      provider: createAddressProvider(config.address),
      log: { warn: (obj, msg) => warnings.push(`${msg} ${JSON.stringify(obj)}`) },
      ...service,
    }),
  });
  await app.ready();
  const get = (q: string) => app.inject({ method: 'GET', url: `/api/address?q=${encodeURIComponent(q)}` });
  return { app, get, warnings };
}

describe('GET /api/address with the default provider (Adressevælger) at a local fake', () => {
  let app: FastifyInstance;
  let get: Awaited<ReturnType<typeof appFor>>['get'];
  let warnings: string[];

  beforeAll(async () => {
    // Only the URL differs from the live default: the token is the built-in shared one.
    ({ app, get, warnings } = await appFor({
      ADDRESS_API_KIND: 'adressevaelger',
      ADDRESS_API_URL: fake.url,
    }));
  });
  afterAll(() => app.close());
  beforeEach(() => {
    warnings.length = 0;
  });
  const queries = () => fake.requests.map((request) => request.q);

  it('answers at most 8 suggestions as [{ tekst }], asking the provider for 8', async () => {
    const texts = Array.from({ length: 10 }, (_, i) => `Vestergade ${i + 1}, 4000 Roskilde`);
    fake.setMode({ kind: 'fixed', texts });
    const response = await get('Vester');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const body = response.json<{ tekst: string }[]>();
    expect(body).toHaveLength(8);
    expect(body[0]).toEqual({ tekst: 'Vestergade 1, 4000 Roskilde' });
    expect(Object.keys(body[0] ?? {})).toEqual(['tekst']);
    expect(fake.requests.at(-1)).toMatchObject({ kind: 'adressevaelger', q: 'Vester', limit: '8' });
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

  it('answers 200 [] and logs one warning when the provider fails', async () => {
    fake.setMode({ kind: 'error', status: 500 });
    const response = await get('Roskildevej 1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('HTTP 500');
  });

  it('does not cache failures: the next request asks the provider again', async () => {
    fake.setMode({ kind: 'error' });
    expect((await get('Algade 4000')).json()).toEqual([]);
    fake.setMode({ kind: 'ok' });
    expect((await get('Algade 4000')).json()).toHaveLength(8);
    expect(queries()).toEqual(['Algade 4000', 'Algade 4000']);
  });
});

describe('GET /api/address', () => {
  it('with ADDRESS_API_KIND=off answers [] without asking anyone', async () => {
    const { app, get, warnings } = await appFor({ ADDRESS_API_KIND: 'off', ADDRESS_API_URL: fake.url });
    const response = await get('Vestergade 10');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    // The forms then promise no suggestions.
    expect(response.headers['x-address-suggestions']).toBe('off');
    expect(fake.requests).toHaveLength(0);
    expect(warnings).toEqual([]);
    await app.close();
  });

  it('with GSearch at the fake answers its visningstekst', async () => {
    const { app, get } = await appFor({
      ADDRESS_API_KIND: 'gsearch',
      ADDRESS_API_URL: fake.urlFor('gsearch'),
      ADDRESS_API_TOKEN: fake.tokens.gsearch,
    });
    const answer = await get('Flakhaven 2');
    expect(answer.json()).toEqual([{ tekst: 'Flakhaven 2, 5000 Odense C' }]);
    expect(answer.headers['x-address-suggestions']).toBe('on');
    await app.close();
  });

  it('with a DAWA-compatible service at the fake answers its tekst', async () => {
    const { app, get } = await appFor({ ADDRESS_API_URL: fake.urlFor('dawa') });
    expect((await get('Boulevarden 13')).json()).toEqual([{ tekst: 'Boulevarden 13, 9000 Aalborg' }]);
    expect(fake.requests.map((request) => request.kind)).toEqual(['dawa']);
    await app.close();
  });

  it('cuts a provider that ignores the limit down to 8 suggestions', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `Torvegade ${i + 1}, 6700 Esbjerg`);
    const { app, get } = await appFor(
      { ADDRESS_API_KIND: 'off' },
      { provider: { name: 'generous', suggest: async () => texts } },
    );
    expect((await get('Torvegade')).json()).toEqual(texts.slice(0, 8).map((tekst) => ({ tekst })));
    await app.close();
  });

  it('gives a provider at most 2 s by default', () => {
    expect(addressTimeoutMs).toBe(2000);
  });
});

describe('the address rate limit', () => {
  it('answers 429 after too many requests from one address', async () => {
    const { app } = await appFor({ ADDRESS_API_KIND: 'off' });
    let last = 0;
    for (let i = 0; i < 121; i++) {
      last = (await app.inject({ method: 'GET', url: '/api/address?q=abc' })).statusCode;
    }
    expect(last).toBe(429);
    await app.close();
  });
});
