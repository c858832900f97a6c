/**
 * What request logs may show of a URL. Some paths are keys in themselves: the customer's case
 * page (/sag/<token>), the on-call acknowledgement (/vagt/<signed link>, its short /v/<id>) and a
 * delivery report to a URL we signed (/sms-status/<provider>/<signed SMS id>,
 * server/sms/providers.ts); some queries carry a signature that opens a photo until it expires
 * (/api/objects/…?signature=…). Logs are read by more people and kept longer than either, so these
 * parts never reach them. The loss adjuster's page (/taksator/<token>) is keyed like the case page.
 *
 * The router decodes a path before matching it, so /s%61g/<token> opens the same case page as
 * /sag/<token>; the query parser decodes names (sign%61ture=…). The URL is therefore judged as
 * it reads decoded, in any case, and an escape that does not decode cannot hide what follows it.
 */
import type { FastifyRequest } from 'fastify';
import { keyedReportPaths } from '../sms/providers.ts';
import { decodeFully } from './url-path.ts';

const hidden = '[skjult]';
/** A path segment of the keyed pages, after decoding; the key is the segment after it. */
const keyedPath = new RegExp(
  `^\\/+(${['sag', 'taksator', 'vagt', 'v', ...keyedReportPaths.map((path) => path.slice(1))]
    .map((path) => path.split('/').map(escapeRegExp).join('\\/+'))
    .join('|')})\\/+`,
  'i',
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function redactPath(path: string): string {
  const decoded = decodeFully(path);
  const keyed = keyedPath.exec(decoded);
  if (!keyed) return path;
  // The key is the next segment; what follows it (e.g. /billeder) is no secret and helps reading.
  const rest = decoded.slice(keyed[0].length);
  const slash = rest.indexOf('/');
  return `/${keyed[1]!.toLowerCase().replace(/\/+/g, '/')}/${hidden}${slash === -1 ? '' : rest.slice(slash)}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return decodeFully(name.replaceAll('+', ' ')).trim().toLowerCase() === 'signature'
        ? `${name}=${hidden}`
        : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return redactPath(url);
  return `${redactPath(url.slice(0, question))}?${redactQuery(url.slice(question + 1))}`;
}

/** The logger's request serializer: method, redacted URL and client address. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
};
