/**
 * What the plain forms add to the prerendered pages: each form page carries a form token in a
 * cookie (server/forms/form-cookie.ts), and /tak?ref=…&type=… shows the lead's reference and its
 * kind's words without scripts (server/forms/form-pages.ts).
 */
import type { FastifyRequest } from 'fastify';
import { leadKinds, type LeadKind } from '../../domain/lead.ts';
import { duplicateQueryName, formPagePaths, urgentQueryName } from '../../domain/plain-forms.ts';
import type { Config } from '../config.ts';
import { referencePattern } from '../leads/reference.ts';
import type { PageHooks } from '../static/routes.ts';
import { setFormCookie } from './form-cookie.ts';
import type { FormPages, ThankYouAddress } from './form-pages.ts';
import { readAnnouncedQuery } from '../../domain/thank-you-query.ts';

const formPages = new Set<string>(Object.values(formPagePaths));

/**
 * The reference (and kind, when given, and the open emergency it repeats) of a thank-you address,
 * when they are ones we make.
 */
export function thankYouQuery(request: FastifyRequest): ThankYouAddress | null {
  const query = request.query as Record<string, unknown> | undefined;
  const reference = typeof query?.ref === 'string' ? query.ref.toUpperCase() : '';
  if (!referencePattern.test(reference)) return null;
  const repeats = query?.[duplicateQueryName] === '1' ? { duplicate: true as const } : {};
  const kind = typeof query?.type === 'string' ? query.type : undefined;
  if (kind === undefined) return { reference, ...repeats };
  if (!(leadKinds as readonly string[]).includes(kind)) return null;
  // Only displayed, and only when it is a time we could have announced (domain/thank-you-query.ts).
  const { announced, waterDamage } = readAnnouncedQuery((name) => {
    const value = query?.[name];
    return typeof value === 'string' ? value : value === undefined ? undefined : '';
  });
  return {
    reference,
    kind: kind as LeadKind,
    ...repeats,
    ...(query?.[urgentQueryName] === '1' ? { urgent: true as const } : {}),
    ...(announced ? { announced } : {}),
    ...(waterDamage ? { waterDamage } : {}),
  };
}

export function plainFormPageHooks(
  config: Pick<Config, 'signingSecret' | 'publicUrl'>,
  pages: FormPages | null,
): PageHooks {
  const secure = config.publicUrl.startsWith('https:');
  return {
    beforePage(path, request, reply) {
      if (formPages.has(path)) setFormCookie(request, reply, { secret: config.signingSecret, secure });
    },
    pageFor(path, request) {
      if (path !== '/tak' || !pages) return null;
      const thanks = thankYouQuery(request);
      return thanks ? pages.thankYouPage(thanks) : null;
    },
  };
}
