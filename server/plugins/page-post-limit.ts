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
