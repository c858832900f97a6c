import { notFoundReports } from './not-found';

/** Prefix of the prerendered not-found variants; the server serves one of them with status 404. */
export const notFoundPathPrefix = '/__not-found/';

export const notFoundPaths = notFoundReports.map((_, index) => `${notFoundPathPrefix}${index}`);

/**
 * The report a prerendered variant's path stands for, or null for any other path. The prerender
 * renders each path with a trailing slash (/__not-found/1/), so it is allowed.
 */
export function notFoundReportOfPath(pathname: string): number | null {
  if (!pathname.startsWith(notFoundPathPrefix)) return null;
  const number = pathname.slice(notFoundPathPrefix.length).replace(/\/$/, '');
  const index = /^\d+$/.test(number) ? Number(number) : -1;
  return notFoundReports[index] === undefined ? null : index;
}
