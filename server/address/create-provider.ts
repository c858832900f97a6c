import type { AddressConfig } from '../config.ts';
import { createAdressevaelgerProvider } from './adressevaelger-provider.ts';
import { createDawaProvider } from './dawa-provider.ts';
import type { AddressProvider } from './provider.ts';

/** The provider ADDRESS_API_* selects, or null (suggestions are then always empty). */
export function createAddressProvider(config: AddressConfig | null): AddressProvider | null {
  if (!config) return null;
  return config.kind === 'adressevaelger'
    ? createAdressevaelgerProvider(config.url, config.token)
    : createDawaProvider(config.url);
}
