/**
 * The shared request helper. Every call sends the session's credentials, writes JSON
 * with a JSON content type, and treats any non-success status as an error whose message is
 * `status: body text` (or `status: status text` when the body is empty).
 */

/** A non-success HTTP answer. `message` keeps the `status: body` form the logs read. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, body);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a request; resolves with the ok Response, rejects with ApiError otherwise. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export interface GetJsonOptions {
  /** What a 401 answer means: an empty result (`null`) or an error. The spec's default is to throw. */
  on401?: 'returnNull' | 'throw';
  signal?: AbortSignal;
}

/** Reads JSON from the path formed by joining the query key's segments with '/'. */
export async function getJson<T>(
  queryKey: readonly (string | number)[],
  options: GetJsonOptions = {},
): Promise<T | null> {
  const response = await fetch(queryKey.join('/'), { credentials: 'include', signal: options.signal });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * The text to show a person for a failed request, or undefined when there is nothing worth showing
 * (the caller then uses its own Danish fallback).
 *
 * Why not `error.message`? The spec's `status: body text` is raw: for our API it would show
 * `400: {"message":…}`, and for a proxy's or the browser's failure it is English
 * ("502: Bad Gateway", "Failed to fetch"). Our API always answers `{ message }` in Danish,
 * so we show that message and nothing else; every other failure falls back to the form's Danish text.
 */
export function userFacingMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message.trim();
    }
  } catch {
    // Not JSON: not ours to show.
  }
  return undefined;
}

/** Reads the submission reference our API returns (`201 { id, reference }`), if any. */
export async function readReference(response: Response): Promise<string | undefined> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object' && 'reference' in data) {
      const reference = (data as { reference: unknown }).reference;
      if (typeof reference === 'string' && reference) return reference;
    }
  } catch {
    // The spec reads no response fields; a body we cannot parse is not an error.
  }
  return undefined;
}
