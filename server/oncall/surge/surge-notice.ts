/**
 * Surge mode's notice at the top of every public page, put into the prerendered HTML by the
 * server (server/static/routes.ts), so it shows without JavaScript. A landmark region with a
 * name, styled by app/app.css's .surge-notice (no inline style: the pages' CSP).
 */
import { callbackPhraseSwaps, surgeNotice, surgeNoticeLabel } from '../../../domain/surge.ts';
import { escapeHtml } from '../../mail/html.ts';
import type { PageHooks } from '../../static/routes.ts';
import type { SurgeService } from './surge.ts';

/** The id of the notice's element (tests and the browser journeys find it by it). */
export const surgeNoticeId = 'travlt';

export function surgeNoticeHtml(minutes: number): string {
  const text = escapeHtml(surgeNotice(minutes)).replace(/ring 112\.$/, 'ring <a href="tel:112">112</a>.');
  return `<section id="${surgeNoticeId}" class="surge-notice" aria-label="${escapeHtml(surgeNoticeLabel)}"><p>${text}</p></section>`;
}

/**
 * The pages' hooks with the notice added while the site is in surge, and the pages' callback
 * promise ("inden for 15 minutter", in the text, the meta descriptions and the page data the
 * browser hydrates from) said as the same wait, so no page says two times.
 */
export function withSurgeNotice(hooks: PageHooks, surge: Pick<SurgeService, 'current'>): PageHooks {
  return {
    ...hooks,
    async notice() {
      const state = await surge.current();
      return state.mode === 'travlt'
        ? { html: surgeNoticeHtml(state.expectedCallbackMinutes), swaps: callbackPhraseSwaps(state) }
        : null;
    },
  };
}
