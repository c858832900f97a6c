import { vi } from 'vitest';

/**
 * Stubs the browser's fetch for a form test. The form token the forms fetch when they hydrate is
 * answered here (unavailable, as when the network fails: the forms then send without it), so the
 * test's own handler sees only the requests the test is about.
 */
export function stubFetch<Handler extends (url: string, init: RequestInit) => unknown>(
  handler: Handler,
): Handler {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    String(url).startsWith('/api/leads/token')
      ? Promise.resolve(new Response(null, { status: 503 }))
      : handler(url, init),
  );
  return handler;
}
