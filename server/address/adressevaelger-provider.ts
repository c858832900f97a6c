import { AddressProviderError, pickText, readJson, type AddressProvider } from './provider.ts';

/** Adressevælger refuses a `tekst` longer than this (documented maximum length). */
export const adressevaelgerMaxTextLength = 73;

/**
 * Klimadatastyrelsen's Adressevælger: GET <base>/adresser/soeg?tekst=…&maksimum=N&token=… answers
 * { status: 'ok', beskrivelse: '', fund: [{ type, titel, … }] }, where `type` is one of adresse,
 * husnummer, vejnavn, navngivenvejpostnummer, and `titel` is the text to show (its own component
 * lists `titel` for every type). A failure is a non-2xx status or { status: 'fejl', beskrivelse }.
 * Formats and sources: docs/decisions/address-provider.md.
 */
export function createAdressevaelgerProvider(
  baseUrl: string,
  token: string,
  fetchImpl: typeof fetch = fetch,
): AddressProvider {
  const base = baseUrl.replace(/(?<!\/)\/+$/, '');
  return {
    name: 'adressevaelger',
    async suggest(query, limit, signal) {
      const target = new URL(`${base}/adresser/soeg`);
      target.searchParams.set('tekst', query.slice(0, adressevaelgerMaxTextLength).trim());
      target.searchParams.set('maksimum', String(limit));
      target.searchParams.set('token', token);
      const response = await fetchImpl(target, { signal, headers: { accept: 'application/json' } });
      const body = await readJson(response, 'adressevaelger');
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        throw new AddressProviderError('adressevaelger answered JSON that is not an object');
      }
      const { status, beskrivelse, fund } = body as Record<string, unknown>;
      if (status === 'fejl') {
        throw new AddressProviderError(`adressevaelger answered an error: ${String(beskrivelse)}`);
      }
      if (!Array.isArray(fund)) throw new AddressProviderError('adressevaelger answered without a fund list');
      return fund.flatMap((item) => pickText(item, ['titel']) ?? []);
    },
  };
}
