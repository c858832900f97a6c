import { notFoundReports } from './not-found';

/** Prefix of the prerendered not-found variants; the server serves one of them with status 404. */
export const notFoundPathPrefix = '/__not-found/';

export const notFoundPaths = notFoundReports.map((_, index) => `${notFoundPathPrefix}${index}`);
