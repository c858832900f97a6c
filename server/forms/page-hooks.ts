/**
 * What the plain forms add to the prerendered pages: each form page carries a form token in a
 * cookie (server/forms/form-cookie.ts), and /tak?ref=…&type=… shows the lead's reference and its
 * kind's words without scripts (server/forms/form-pages.ts).
 */
import type { FastifyRequest } from 'fastify';
import { leadKinds, type LeadKind } from '../../domain/lead.ts';
import { formPagePaths } from '../../domain/plain-forms.ts';
import type { Config } from '../config.ts';
import { referencePattern } from '../leads/reference.ts';
import type { PageHooks } from '../static/routes.ts';
import { setFormCookie } from './form-cookie.ts';
import type { FormPages } from './form-pages.ts';

const formPages = new Set<string>(Object.values(formPagePaths));

/** The reference (and kind, when given) of a thank-you address, when they are ones we make. */
export function thankYouQuery(request: FastifyRequest): { reference: string; kind?: LeadKind } | null {
  const query = request.query as Record<string, unknown> | undefined;
  const reference = typeof query?.ref === 'string' ? query.ref.toUpperCase() : '';
  if (!referencePattern.test(reference)) return null;
  const kind = typeof query?.type === 'string' ? query.type : undefined;
  if (kind === undefined) return { reference };
  return (leadKinds as readonly string[]).includes(kind) ? { reference, kind: kind as LeadKind } : null;
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
      return thanks ? pages.thankYouPage(thanks.reference, thanks.kind) : null;
    },
  };
}
