import type {} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AddressService } from './address-service.ts';

export interface AddressRouteOptions {
  address: AddressService;
}

/** Longer input is not an address; it is cut off rather than sent to the provider. */
const maxQueryLength = 200;

/** `q` given more than once is no text: the answer is then the empty list, never a 400. */
const addressQuery = z.object({ q: z.string().optional().catch(undefined) });
const suggestionsAnswer = z.array(z.object({ tekst: z.string() }));

/**
 * GET /api/address?q=… → [{ tekst }] (at most 8). Always 200 with a list: fewer than 3
 * characters, no provider or a provider failure all give []. `X-Address-Suggestions: on|off` says
 * whether a provider is configured, so the forms promise suggestions only when there are any.
 */
export async function addressRoutes(app: FastifyInstance, options: AddressRouteOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/address',
    {
      // Someone typing makes about 3 requests a second at most (300 ms debounce).
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: addressQuery, response: { 200: suggestionsAnswer } },
    },
    async (request, reply) => {
      const text = request.query.q?.slice(0, maxQueryLength) ?? '';
      const suggestions = await options.address.suggest(text);
      // Identical for everybody and the provider's data changes rarely; browsers may reuse it briefly.
      reply.header('cache-control', 'private, max-age=300');
      reply.header('x-address-suggestions', options.address.enabled === false ? 'off' : 'on');
      return suggestions;
    },
  );
}
