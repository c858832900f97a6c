import { pickText, readJsonArray, type AddressProvider } from './provider.ts';

/**
 * Any DAWA-compatible service: GET <base>/autocomplete?q=…&per_side=N answers a list of items
 * like { tekst, type: 'adresse', caretpos, forslagstekst, data: {…} }; we show `tekst`.
 */
export function createDawaProvider(baseUrl: string, fetchImpl: typeof fetch = fetch): AddressProvider {
  const base = baseUrl.replace(/(?<!\/)\/+$/, '');
  return {
    name: 'dawa',
    async suggest(query, limit, signal) {
      const url = `${base}/autocomplete?q=${encodeURIComponent(query)}&per_side=${limit}`;
      const response = await fetchImpl(url, { signal, headers: { accept: 'application/json' } });
      const items = await readJsonArray(response, 'dawa');
      return items.flatMap((item) => pickText(item, ['tekst']) ?? []);
    },
  };
}
