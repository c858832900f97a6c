import { useState } from 'react';
import { Icon } from '~/components/icon';
import { useHydrated } from '~/lib/use-hydrated';
import {
  referencePattern,
  thankYouHero as hero,
  thankYouUrgent as urgent,
  type ThankYouByCopy,
} from '~/content/pages/thank-you';
// domain/lead.ts carries every schema, which the thank-you page must not load; the registry none.
import { isLeadKind, leadKindPages, type LeadKind } from '../../../domain/lead-kind-pages';
import { duplicateQueryName, thankYouSectionId, urgentQueryName } from '../../../domain/plain-forms';
import { announcedCallbackText, surgeWaterAdvice, type AnnouncedCallback } from '../../../domain/surge';
import { readAnnouncedQuery } from '../../../domain/thank-you-query';

/** The reference as shown (upper case), or null when it is not one the forms hand out. */
export function shownReference(reference: string | null | undefined): string | null {
  return reference && referencePattern.test(reference) ? reference.toUpperCase() : null;
}

/** The lead kind named by ?type=, or undefined for anything else. */
export function leadKindOf(type: string | null | undefined): LeadKind | undefined {
  return type && isLeadKind(type) ? type : undefined;
}

/**
 * The reference and kind /tak shows, from its URL (?ref=…&type=…). In the first render in the
 * browser they are shown only when the page's HTML already shows that reference (the server put
 * its own rendering of the section in, for a form posted without JavaScript), so hydration finds
 * what it renders; otherwise, as on the prerendered page, they follow right after hydration.
 */
export function useThankYouQuery(search: URLSearchParams): {
  reference: string | null;
} & Partial<ThankYouFacts> {
  const hydrated = useHydrated();
  const reference = shownReference(search.get('ref'));
  const [inPage] = useState(
    () =>
      typeof document !== 'undefined' &&
      reference !== null &&
      document.getElementById(thankYouSectionId)?.getAttribute('data-reference') === reference,
  );
  return hydrated || inPage
    ? {
        reference,
        kind: leadKindOf(search.get('type')),
        duplicate: search.get(duplicateQueryName) === '1',
        urgent: search.get(urgentQueryName) === '1',
        ...readAnnouncedQuery((name) => search.get(name)),
      }
    : { reference: null };
}

/**
 * The top of /tak: the heading, what happens next and, when the visitor came from a form with a
 * reference, that reference. Rendered from the URL in the page's first render, and by the server
 * (renderThankYouHtml) for a form posted without JavaScript, so both are the same HTML. Without a
 * reference it is the prerendered page's default, the damage report's thanks. An emergency that
 * repeats an open one (`duplicate`) says so in place of the callback promise. `byCopy` is each
 * kind's heading and next step (thankYouByCopy): the page's loader data, not its code.
 */
export function ThankYouMessage({
  reference,
  kind,
  duplicate,
  urgent: markedUrgent,
  announced,
  waterDamage,
  byCopy,
}: { reference: string | null; byCopy: ThankYouByCopy } & Partial<ThankYouFacts>) {
  // Without a kind: the damage report's, the page's own default.
  const entry = kind ? leadKindPages[kind] : leadKindPages.anmeldelse;
  // A lead marked urgent by its sender (an insurer's assignment) is told it is handled as urgent.
  const text = reference
    ? byCopy[markedUrgent ? 'urgent' : entry.customerCopy]
    : { title: hero.title, nextStep: hero.intro };
  const emergency = reference !== null && entry.paging === true;
  const nextStep =
    reference && duplicate
      ? hero.duplicateNotice()
      : // In surge, or first in line: the time the emergency was told, not the normal 15 minutes.
        emergency && announced && (announced.inSurge || announced.critical)
        ? announcedCallbackText(announced)
        : text.nextStep;
  const waterFirst = emergency && !duplicate && announced?.inSurge === true && waterDamage === true;
  const askUrgent = !reference || entry.asksIfUrgent;
  return (
    <section
      id={thankYouSectionId}
      // Tells the page's first render in the browser which reference the HTML already shows.
      data-reference={reference ?? undefined}
      className="bg-gradient-to-b from-brand-50 to-white"
    >
      <div className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 py-14 text-center sm:py-20">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <Icon name={hero.icon} className="size-9" />
        </span>
        <h1 className="text-4xl leading-tight font-bold text-balance text-brand-950 sm:text-5xl">
          {text.title}
        </h1>
        <p className="text-lg text-slate-700 sm:text-xl">{nextStep}</p>
        {waterFirst ? <WaterAdvice /> : null}
        {reference ? (
          <div
            className="grid gap-1 rounded-2xl bg-white px-6 py-4 shadow-sm ring-1 ring-brand-200"
            data-testid="reference"
          >
            <p className="text-sm font-semibold text-slate-600">{hero.referenceLabel}</p>
            <p className="font-mono text-2xl font-bold tracking-wider text-brand-900">{reference}</p>
            <p className="text-sm text-slate-600">{hero.referenceNote}</p>
          </div>
        ) : null}
        {askUrgent ? (
          <p className="text-slate-700">
            {urgent.text}{' '}
            <a
              href={urgent.href}
              className="inline-flex items-center gap-1 font-bold text-brand-800 underline underline-offset-4"
            >
              <Icon name="phone" className="size-4" />
              {urgent.phoneDisplay}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** What /tak knows of a sent lead besides its reference (from its address). */
export interface ThankYouFacts {
  kind: LeadKind;
  /** The open emergency it repeats. */
  duplicate: boolean;
  /** It paged the on-call staff although its kind does not always (an urgent assignment). */
  urgent: boolean;
  /** The callback time an emergency was told (surge mode). */
  announced: AnnouncedCallback;
  /** A water damage: in surge its advice comes first. */
  waterDamage: boolean;
}

/** The water advice for an emergency told a long wait: power off, things up, photos first. */
export function WaterAdvice() {
  return (
    <div className="grid w-full gap-2 rounded-2xl bg-white px-6 py-4 text-left shadow-sm ring-1 ring-brand-200">
      <h2 className="text-lg font-bold text-brand-950">{surgeWaterAdvice.title}</h2>
      <ol className="grid list-decimal gap-1 pl-5 text-slate-800">
        {surgeWaterAdvice.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </div>
  );
}
