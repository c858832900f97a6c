/** An address provider answers a free-text query with address texts. */
export interface AddressProvider {
  readonly name: string;
  /** Throws on any failure (HTTP error, timeout via `signal`, unexpected answer). */
  suggest(query: string, limit: number, signal: AbortSignal): Promise<string[]>;
}

export class AddressProviderError extends Error {
  override name = 'AddressProviderError';
}

/** Reads a JSON array from a provider response or throws. */
export async function readJsonArray(response: Response, provider: string): Promise<unknown[]> {
  if (!response.ok) throw new AddressProviderError(`${provider} answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new AddressProviderError(`${provider} answered something that is not JSON`);
  }
  if (!Array.isArray(body)) throw new AddressProviderError(`${provider} answered JSON that is not a list`);
  return body;
}

/** The first non-empty string among the given fields of an item. */
export function pickText(item: unknown, fields: readonly string[]): string | null {
  if (!item || typeof item !== 'object') return null;
  for (const field of fields) {
    const value = (item as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return null;
}
