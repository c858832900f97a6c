/** An address provider answers a free-text query with address texts. */
export interface AddressProvider {
  readonly name: string;
  /** Throws on any failure (HTTP error, timeout via `signal`, unexpected answer). */
  suggest(query: string, limit: number, signal: AbortSignal): Promise<string[]>;
}

export class AddressProviderError extends Error {
  override name = 'AddressProviderError';
}

/** Reads a JSON body from a successful provider response or throws. */
export async function readJson(response: Response, provider: string): Promise<unknown> {
  if (!response.ok) {
    // The body is not needed; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    throw new AddressProviderError(`${provider} answered HTTP ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new AddressProviderError(`${provider} answered something that is not JSON`);
  }
}

/** Reads a JSON array from a provider response or throws. */
export async function readJsonArray(response: Response, provider: string): Promise<unknown[]> {
  const body = await readJson(response, provider);
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
