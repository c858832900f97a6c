/**
 * A URL's path as the router and the checks that depend on it see it: percent-escapes decoded
 * (`/%61pi/leads` is routed as `/api/leads`, `/s%61g/…` opens the case page).
 */

/**
 * Percent-escapes decoded where they can be: each run of escapes on its own, a run that is not
 * UTF-8 byte by byte for its ASCII escapes, an invalid escape (%ZZ) left as it is.
 */
export function decodeLeniently(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-7][0-9a-f])/gi, (_escape, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  });
}

/** Decoded until it no longer changes (a few rounds): a twice-encoded path is judged decoded too. */
export function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 3; round++) {
    const next = decodeLeniently(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The path of a request URL, decoded once as the router decodes it (the query left off). */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  return decodeLeniently(end === -1 ? url : url.slice(0, end));
}
