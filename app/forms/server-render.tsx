/**
 * The forms as the server renders them for a browser that posted one without JavaScript: the
 * form again, with what was posted and the Danish messages, or the thank-you page's top section
 * with the reference. The same components as the pages, so the HTML the server puts into a
 * prerendered page is what React hydrates there.
 *
 * Plain Node can import this (after a Vite SSR build, or in vitest): nothing here touches `window`
 * or `document` until a form's code runs in a browser.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { LeadKind } from '../../domain/lead';
import { findResourceByTitle } from '../../domain/resources';
import { ContactForm } from './contact/contact-form';
import { DamageReportForm } from './damage-report/damage-report-form';
import { EmergencyForm } from './emergency/emergency-form';
import { ResourceRequestPlainForm } from './resource-request/resource-request-plain-form';
import { RekvisitionForm } from './rekvisition/rekvisition-form';
import type { FormAnswer } from '../../domain/plain-forms';
import { ThankYouMessage, shownReference, type ThankYouFacts } from './shared/thank-you-message';
import { ThankYouLinks } from './shared/thank-you-links';
import { resourceThankYouLinks, thankYouByCopy } from '~/content/pages/thank-you';

export interface RenderFormOptions {
  /** The resource a request is for (its title, as posted in `resourceTitle`). */
  resourceTitle?: string;
}

type FormRenderer = (answer: FormAnswer, options: RenderFormOptions) => string;

/** Each kind's own form, as its page renders it. */
const formRenderers: { readonly [K in LeadKind]: FormRenderer } = {
  kontakt: (answer) => renderToString(<ContactForm answer={answer} />),
  'akut-skade': (answer) => renderToString(<EmergencyForm answer={answer} />),
  // The report navigates to /tak once sent, so it needs a router around it; this one renders nothing.
  anmeldelse: (answer) =>
    renderToString(
      <MemoryRouter>
        <DamageReportForm answer={answer} />
      </MemoryRouter>,
    ),
  // Like the report, it navigates to /tak once sent.
  rekvisition: (answer) =>
    renderToString(
      <MemoryRouter>
        <RekvisitionForm answer={answer} />
      </MemoryRouter>,
    ),
  ressource: (answer, options) => {
    const title = options.resourceTitle ?? answer.values.resourceTitle ?? '';
    const resource = findResourceByTitle(title);
    if (!resource) throw new Error(`No resource is called ${JSON.stringify(title)}`);
    return renderToString(<ResourceRequestPlainForm resource={resource} answer={answer} />);
  },
};

/**
 * The `<form …>…</form>` of one kind, with the answer's values, field messages, error summary and
 * form message. For a resource request: the plain form of the resource named by
 * `options.resourceTitle` (or the posted `resourceTitle`); an unknown resource throws.
 */
export function renderFormHtml(kind: LeadKind, answer: FormAnswer, options: RenderFormOptions = {}): string {
  return formRenderers[kind](answer, options);
}

/**
 * The thank-you page's top section (`<section id="tak-besked">`) for a lead received with this
 * reference: what /tak?ref=<reference>&type=<kind> renders in its first render. A reference the
 * page would not show throws, so the server never puts in what the page would not hydrate to.
 */
export function renderThankYouHtml(
  reference: string,
  kind?: LeadKind,
  duplicate?: boolean,
  /**
   * What an emergency was told (surge mode), whether it is a water damage and whether it pages
   * although its kind does not always (an urgent assignment), as read from /tak's query.
   */
  extra: Partial<Pick<ThankYouFacts, 'announced' | 'waterDamage' | 'urgent'>> = {},
): string {
  const shown = shownReference(reference);
  if (!shown) throw new Error(`Not a reference the thank-you page shows: ${JSON.stringify(reference)}`);
  return renderToString(
    <ThankYouMessage
      reference={shown}
      kind={kind}
      duplicate={duplicate === true}
      byCopy={thankYouByCopy}
      {...extra}
    />,
  );
}

/** The "Hvad vil du nu?" section of a resource request's /tak (its own links, no damage report). */
export function renderResourceLinksHtml(): string {
  return renderToString(
    <MemoryRouter>
      <ThankYouLinks links={resourceThankYouLinks} />
    </MemoryRouter>,
  );
}
