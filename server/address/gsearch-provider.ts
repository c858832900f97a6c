import { pickText, readJsonArray, type AddressProvider } from './provider.ts';

/**
 * Dataforsyningen's GSearch v2.0 address resource: GET <url>?q=…&limit=N with the token in the
 * `token` header (Dataforsyningen's recommended way; a `token` query parameter also works) answers
 * a bare JSON list of addresses whose display text is `visningstekst`. Formats and sources:
 * docs/decisions/address-provider.md.
 */
export function createGsearchProvider(
  url: string,
  token: string,
  fetchImpl: typeof fetch = fetch,
): AddressProvider {
  return {
    name: 'gsearch',
    async suggest(query, limit, signal) {
      const target = new URL(url);
      target.searchParams.set('q', query);
      target.searchParams.set('limit', String(limit));
      const response = await fetchImpl(target, { signal, headers: { accept: 'application/json', token } });
      const items = await readJsonArray(response, 'gsearch');
      return items.flatMap((item) => pickText(item, ['visningstekst']) ?? []);
    },
  };
}
