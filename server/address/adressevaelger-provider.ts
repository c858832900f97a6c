import { AddressProviderError, pickText, readJsonArray, type AddressProvider } from './provider.ts';

/**
 * The token-based successor of DAWA (see docs/decisions/address-provider.md for the assumed
 * request and answer): GET <url>?q=…&limit=N with the token in the `token` header; the answer is
 * a list of address items whose display text is `visningstekst` (falling back to `tekst` or
 * `betegnelse`, which some gateways use).
 */
export function createAdressevaelgerProvider(
  url: string,
  token: string | undefined,
  fetchImpl: typeof fetch = fetch,
): AddressProvider {
  return {
    name: 'adressevaelger',
    async suggest(query, limit, signal) {
      if (!token) throw new AddressProviderError('adressevaelger needs ADDRESS_API_TOKEN');
      const target = new URL(url);
      target.searchParams.set('q', query);
      target.searchParams.set('limit', String(limit));
      const response = await fetchImpl(target, {
        signal,
        headers: { accept: 'application/json', token },
      });
      const items = await readJsonArray(response, 'adressevaelger');
      return items.flatMap((item) => pickText(item, ['visningstekst', 'tekst', 'betegnelse']) ?? []);
    },
  };
}
