/**
 * Every request the storm makes to the server goes through `call`: it counts the answers by
 * route and status, keeps each 5xx, and counts requests that got no answer at all.
 */

/**
 * @param {string} serverUrl the server's loopback origin
 */
export function createTally(serverUrl) {
  /** @type {Map<string, Map<number | 'no answer', number>>} */
  const byRoute = new Map();
  /** @type {{ route: string; status: number; at: number }[]} */
  const serverErrors = [];

  /** Counts one answer (or none) of `route`. */
  function record(route, status) {
    const statuses = byRoute.get(route) ?? new Map();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    byRoute.set(route, statuses);
    if (typeof status === 'number' && status >= 500) serverErrors.push({ route, status, at: Date.now() });
  }

  /**
   * fetch() on the server, counted under `route`; null when no answer came (then counted too).
   *
   * @param {string} route a label: 'POST /api/leads', 'GET /vagt/…'
   * @param {string} pathOrUrl a path, or a URL on the server
   * @param {RequestInit & { timeoutMs?: number }} [init]
   * @returns {Promise<{ status: number; text: string; headers: Headers } | null>}
   */
  async function call(route, pathOrUrl, init = {}) {
    const { timeoutMs = 30_000, ...rest } = init;
    const url = pathOrUrl.startsWith('/') ? `${serverUrl}${pathOrUrl}` : pathOrUrl;
    try {
      const response = await fetch(url, {
        redirect: 'manual',
        ...rest,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      record(route, response.status);
      return { status: response.status, text, headers: response.headers };
    } catch {
      record(route, 'no answer');
      return null;
    }
  }

  /** 'POST /api/leads: 201 × 200, 429 × 1' per route. */
  function lines() {
    return [...byRoute].map(
      ([route, statuses]) =>
        `${route}: ${[...statuses]
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ')}`,
    );
  }

  /** How many answers had this status, over every route. */
  function total(status) {
    let sum = 0;
    for (const statuses of byRoute.values()) sum += statuses.get(status) ?? 0;
    return sum;
  }

  return { call, record, lines, total, serverErrors };
}
