/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify's own `true` believes every X-Forwarded-For
 * entry and takes the first, which the client writes; its number option refuses to trust
 * anything. So a number of hops becomes proxy-addr's hop rule as a function: the socket's peer is
 * hop 0, the last entry hop 1, and so on, and the client is the first hop not trusted. That relies
 * on nothing but the proxies reaching the server (README, "Production behind a TLS proxy"); a
 * list of proxy addresses checks the peers themselves.
 */
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config.ts';

export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return [...trust.addresses];
}
