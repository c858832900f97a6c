import type { AddressConfig } from '../config.ts';
import { createAdressevaelgerProvider } from './adressevaelger-provider.ts';
import { createDawaProvider } from './dawa-provider.ts';
import { createGsearchProvider } from './gsearch-provider.ts';
import type { AddressProvider } from './provider.ts';

/** The provider ADDRESS_API_* selects, or null when suggestions are off (they are then always empty). */
export function createAddressProvider(
  config: AddressConfig | null,
  fetchImpl: typeof fetch = fetch,
): AddressProvider | null {
  if (!config) return null;
  switch (config.kind) {
    case 'adressevaelger':
      return createAdressevaelgerProvider(config.url, config.token, fetchImpl);
    case 'gsearch':
      return createGsearchProvider(config.url, config.token, fetchImpl);
    case 'dawa':
      return createDawaProvider(config.url, fetchImpl);
  }
}
