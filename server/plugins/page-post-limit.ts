/**
 * The limit on a server-rendered page's form posts (the case page, the adjuster's page): per
 * client (IPv4 address or IPv6 /64, ./client-key.ts) and sliding minute, counted in the database
 * so every server copy shares it. A limit of 0 or less means none.
 */
import type { SqlClient } from '../db/client.ts';
import { countInWindow } from '../db/sliding-window.ts';
import { clientKey } from './client-key.ts';

/** Counts this post and answers whether the client is now over `perMinute` posts to `page`. */
export async function overPagePostLimit(
  sql: SqlClient,
  page: string,
  ip: string,
  perMinute: number,
  now = new Date(),
): Promise<boolean> {
  if (perMinute <= 0) return false;
  const counted = await countInWindow(sql, `${page}-ip:${clientKey(ip)}`, now);
  return counted.count > perMinute;
}

/**
 * The per-client request limits of a page behind a secret link (the case page, the adjuster's
 * page): guessing a 256-bit token is hopeless; the limits keep the page cheap to serve anyway.
 */
export const linkPageRateLimits = {
  read: { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  write: { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
};
