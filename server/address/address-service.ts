import { limits } from '../../domain/constants.ts';
import { LruCache } from './lru-cache.ts';
import type { AddressProvider } from './provider.ts';

export interface AddressSuggestion {
  tekst: string;
}

export interface AddressService {
  suggest(query: string): Promise<AddressSuggestion[]>;
  /** False when no provider is configured (ADDRESS_API_KIND=off): every answer is empty. */
  readonly enabled?: boolean;
}

export interface AddressServiceOptions {
  provider: AddressProvider | null;
  log: { warn: (obj: object, msg: string) => void };
  timeoutMs?: number;
  cacheEntries?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

/** At most 2 s: a slow provider must never hold up someone typing their address. */
export const addressTimeoutMs = 2000;

/**
 * Address suggestions through the configured provider. Never throws: a
 * missing provider, a failure or a timeout gives an empty list (the field stays free text), and
 * failures are logged. Only successful answers are cached.
 */
export function createAddressService(options: AddressServiceOptions): AddressService {
  const cache = new LruCache<AddressSuggestion[]>(
    options.cacheEntries ?? 500,
    options.cacheTtlMs ?? 10 * 60_000,
    options.now,
  );
  const timeoutMs = Math.min(options.timeoutMs ?? addressTimeoutMs, addressTimeoutMs);
  const max = limits.addressResults;

  return {
    enabled: options.provider !== null,
    async suggest(rawQuery) {
      const query = rawQuery.trim().replace(/\s+/g, ' ');
      if (query.length < limits.addressMinChars || !options.provider) return [];
      const key = query.toLocaleLowerCase('da-DK');
      const cached = cache.get(key);
      if (cached) return cached;
      try {
        const texts = await options.provider.suggest(query, max, AbortSignal.timeout(timeoutMs));
        const unique = [...new Set(texts)].slice(0, max).map((tekst) => ({ tekst }));
        cache.set(key, unique);
        return unique;
      } catch (error) {
        options.log.warn(
          { provider: options.provider.name, err: error instanceof Error ? error.message : String(error) },
          'address provider failed; answering no suggestions',
        );
        return [];
      }
    },
  };
}
