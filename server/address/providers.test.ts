import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startFakeAddressProvider,
  type FakeAddressProvider,
  type FakeAddressProviderKind,
} from '../../tests/support/fake-address-provider.ts';
import type { AddressConfig } from '../config.ts';
import { createAddressService, type AddressService } from './address-service.ts';
import { createAddressProvider } from './create-provider.ts';
import { adressevaelgerDefaults } from './defaults.ts';

let fake: FakeAddressProvider;
beforeAll(async () => {
  fake = await startFakeAddressProvider();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const kinds: FakeAddressProviderKind[] = ['adressevaelger', 'gsearch', 'dawa'];

function configFor(kind: FakeAddressProviderKind, overrides: Partial<{ url: string; token: string }> = {}) {
  const url = overrides.url ?? fake.urlFor(kind);
  if (kind === 'dawa') return { kind, url, token: undefined } satisfies AddressConfig;
  return { kind, url, token: overrides.token ?? fake.tokens[kind] } satisfies AddressConfig;
}

function serviceFor(config: AddressConfig, timeoutMs?: number) {
  const warnings: { obj: object; msg: string }[] = [];
  const service: AddressService = createAddressService({
    provider: createAddressProvider(config),
    log: { warn: (obj, msg) => warnings.push({ obj, msg }) },
    timeoutMs,
  });
  return { service, warnings };
}

describe.each(kinds)('the %s provider', (kind) => {
  it('maps the answer to [{ tekst }], at most 8, asking for 8', async () => {
    fake.setMode({
      kind: 'fixed',
      texts: Array.from({ length: 10 }, (_, i) => `Vestergade ${i + 1}, 4000 Roskilde`),
    });
    const { service, warnings } = serviceFor(configFor(kind));
    const suggestions = await service.suggest('Vestergade');
    expect(suggestions).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ tekst: `Vestergade ${i + 1}, 4000 Roskilde` })),
    );
    expect(fake.requests.map((request) => request.limit)).toEqual(['8']);
    expect(warnings).toEqual([]);
  });

  it('removes duplicate texts, keeping the first', async () => {
    const texts = ['Algade 31, 4000 Roskilde', 'Algade 33, 4000 Roskilde', 'Algade 31, 4000 Roskilde'];
    fake.setMode({ kind: 'fixed', texts });
    const { service } = serviceFor(configFor(kind));
    expect(await service.suggest('Algade 3')).toEqual([
      { tekst: 'Algade 31, 4000 Roskilde' },
      { tekst: 'Algade 33, 4000 Roskilde' },
    ]);
  });

  it('finds real addresses in the default answer', async () => {
    const { service } = serviceFor(configFor(kind));
    expect(await service.suggest('Algade 3')).toContainEqual({ tekst: 'Algade 33, 4000 Roskilde' });
  });

  const failures: [string, () => void, RegExp][] = [
    ['refusing with 401', () => fake.setMode({ kind: 'error', status: 401 }), /HTTP 401/],
    ['refusing with 403', () => fake.setMode({ kind: 'error', status: 403 }), /HTTP 403/],
    ['failing with 500', () => fake.setMode({ kind: 'error', status: 500 }), /HTTP 500/],
    ['answering something that is not JSON', () => fake.setMode({ kind: 'garbage' }), /not JSON/],
    [
      'answering JSON of the wrong shape',
      () => fake.setMode({ kind: 'wrong-shape' }),
      /not (a list|an object)/,
    ],
    ['hanging up', () => fake.setMode({ kind: 'hangup' }), /fetch failed|socket|terminated/i],
  ];
  it.each(failures)('answers [] and logs one warning when %s', async (_, arrange, message) => {
    arrange();
    const { service, warnings } = serviceFor(configFor(kind));
    expect(await service.suggest('Vestergade 10')).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toBe('address provider failed; answering no suggestions');
    expect(warnings[0]?.obj).toMatchObject({ provider: kind, err: expect.stringMatching(message) });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers [] and logs one warning when the provider is down (connection refused)', async () => {
    const down = await startFakeAddressProvider();
    const url = down.urlFor(kind);
    await down.close();
    const { service, warnings } = serviceFor(configFor(kind, { url }));
    expect(await service.suggest('Vestergade 10')).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('gives up after the time-out and answers [] when the provider is too slow', async () => {
    fake.setMode({ kind: 'slow', delayMs: 2000 });
    const { service, warnings } = serviceFor(configFor(kind), 150);
    const started = Date.now();
    expect(await service.suggest('Algade 31')).toEqual([]);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(1500);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0]?.obj)).toMatch(/timeout|aborted/i);
  });
});

describe('the requests each provider sends', () => {
  it('adressevaelger: GET <url>/adresser/soeg?tekst=…&maksimum=8&token=<shared token>', async () => {
    const { service } = serviceFor(configFor('adressevaelger'));
    await service.suggest('Århusgade 1');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      kind: 'adressevaelger',
      pathname: '/adresser/soeg',
      params: { tekst: 'Århusgade 1', maksimum: '8', token: adressevaelgerDefaults.token },
    });
  });

  it('adressevaelger: shows the titel of every kind of hit, streets included', async () => {
    const { service } = serviceFor(configFor('adressevaelger'));
    expect(await service.suggest('Århusgade')).toEqual([{ tekst: 'Århusgade 2100 København Ø' }]);
    expect(await service.suggest('Århusgade 1')).toEqual([
      { tekst: 'Århusgade 1, 2100 København Ø' },
      { tekst: 'Århusgade 1, st. tv, 2100 København Ø' },
    ]);
  });

  it('adressevaelger: cuts the text to the 73 characters the service accepts', async () => {
    const { service, warnings } = serviceFor(configFor('adressevaelger'));
    const long = `Vestergade 10 ${'x'.repeat(100)}`;
    await service.suggest(long);
    expect(fake.requests[0]?.q).toHaveLength(73);
    expect(warnings).toEqual([]);
  });

  it('adressevaelger: an answer with status "fejl" is a failure', async () => {
    fake.setMode({ kind: 'fejl' });
    const { service, warnings } = serviceFor(configFor('adressevaelger'));
    expect(await service.suggest('Vestergade 10')).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj).toMatchObject({
      err: expect.stringContaining('Søgningen kunne ikke gennemføres'),
    });
  });

  it('gsearch: GET <url>?q=…&limit=8 with the token in the token header, not the URL', async () => {
    const { service } = serviceFor(configFor('gsearch'));
    expect(await service.suggest('Vestergade 12')).toEqual([{ tekst: 'Vestergade 12, 8000 Aarhus C' }]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      kind: 'gsearch',
      pathname: '/rest/gsearch/v2.0/adresse',
      params: { q: 'Vestergade 12', limit: '8' },
      token: fake.tokens.gsearch,
    });
    expect(fake.requests[0]?.params).not.toHaveProperty('token');
  });

  it.each(['adressevaelger', 'gsearch'] as const)(
    '%s: a wrong token is refused, answering [] with one warning',
    async (kind) => {
      const { service, warnings } = serviceFor(configFor(kind, { token: 'forkert-token' }));
      expect(await service.suggest('Vestergade 10')).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.obj).toMatchObject({ err: `${kind} answered HTTP 401` });
    },
  );

  it('dawa: GET <url>/autocomplete?q=…&per_side=8 without a token', async () => {
    const { service } = serviceFor(configFor('dawa'));
    await service.suggest('Vestergade 14');
    expect(fake.requests[0]).toMatchObject({
      kind: 'dawa',
      pathname: '/autocomplete',
      params: { q: 'Vestergade 14', per_side: '8' },
      token: null,
    });
  });
});

describe('createAddressProvider', () => {
  it('gives no provider when suggestions are off', () => {
    expect(createAddressProvider(null)).toBeNull();
  });

  it.each(kinds)('names the %s provider after its kind', (kind) => {
    expect(createAddressProvider(configFor(kind))?.name).toBe(kind);
  });
});
