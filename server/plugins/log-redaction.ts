/**
 * What request logs may show of a URL. Some paths are keys in themselves: the customer's case
 * page (/sag/<token>) and the on-call acknowledgement (/vagt/<signed link>); some queries carry a
 * signature that opens a photo until it expires (/api/objects/…?signature=…). Logs are read by
 * more people and kept longer than either, so these parts never reach them.
 */
import type { FastifyRequest } from 'fastify';

export function redactUrl(url: string): string {
  return url
    .replace(/^\/(sag|vagt)\/[^/?#]+/, '/$1/[skjult]')
    .replace(/([?&]signature=)[^&#]*/gi, '$1[skjult]');
}

/** The logger's request serializer: method, redacted URL and client address. */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }),
};
