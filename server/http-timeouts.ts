/**
 * How long the HTTP server waits for slow and idle clients, in one place. buildApp hands these to
 * Fastify and to Node's http server. Why these numbers: docs/decisions/slow-clients.md.
 */
import type { ServerOptions } from 'node:http';

export interface HttpTimeouts {
  /**
   * The request line and headers must all arrive within this time of the request's first byte.
   * Real clients (and the TLS proxy) send them in one go; a client trickling them (slowloris) is
   * answered 408 and disconnected.
   */
  headersMs: number;
  /**
   * The whole request, body included, must arrive within this time. The largest body is a photo of
   * up to 10 MB streamed to PUT /api/objects/upload/:id from a phone, possibly on a slow mobile line
   * (leads themselves are JSON of at most 64 KiB).
   */
  requestMs: number;
  /** A connection on which nothing moves in either direction for this long is closed. */
  idleMs: number;
  /**
   * An idle keep-alive connection between two requests is closed after this time. Longer than the
   * 60 s idle timeout of common proxies and load balancers, so that they, not we, close it.
   */
  keepAliveMs: number;
  /**
   * How often Node checks the headers and request deadlines: a late client is disconnected at
   * most this long after its deadline.
   */
  checkIntervalMs: number;
}

export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({
  headersMs: 10_000,
  // 10 MB takes 5.5 minutes at 256 kbit/s; ten minutes let an upload through at 140 kbit/s.
  requestMs: 10 * 60_000,
  idleMs: 60_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 2_000,
});

/** Fastify's constructor options for these timeouts (its own names plus Node's http options). */
export function httpServerOptions(timeouts: Readonly<HttpTimeouts> = HTTP_TIMEOUTS): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    // Node reads headersTimeout and the checking interval only when the server is created.
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  };
}
