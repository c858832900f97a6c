export type ContentEncoding = 'br' | 'gzip';

/**
 * Picks the best pre-compressed variant the client accepts: brotli, then gzip, else none.
 * Honours q-values (q=0 refuses) and the "*" wildcard.
 */
export function chooseEncoding(
  header: string | undefined,
  available: { br: boolean; gzip: boolean },
): ContentEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q' && value !== undefined) weight = Number.parseFloat(value) || 0;
    }
    q.set(name, weight);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (available.br && accepts('br')) return 'br';
  if (available.gzip && (accepts('gzip') || accepts('x-gzip'))) return 'gzip';
  return null;
}
