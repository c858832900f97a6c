import { Icon } from '~/components/icon';
import { useSearchParams, useLoaderData } from 'react-router';
import { ActionRow } from '~/components/sections/action-link';
import { IconList } from '~/components/sections/icon-list';
import { Section } from '~/components/sections/section';
import { referencePattern, thankYouPage } from '~/content/pages/thank-you';
import { loaderMeta, pageData } from '~/lib/seo';
import { useHydrated } from '~/lib/use-hydrated';

export const loader = () => pageData(thankYouPage, '/tak');

export const meta = loaderMeta;

/**
 * The reference arrives as ?ref= from the damage report. The prerendered HTML has none, so it is
 * read only after hydration (false on the server snapshot), which keeps hydration mismatch-free.
 */
function useReference(): string | null {
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const reference = hydrated ? searchParams.get('ref') : null;
  return reference && referencePattern.test(reference) ? reference.toUpperCase() : null;
}

export default function ThankYou() {
  const { hero, urgent, tips, links } = useLoaderData<typeof loader>().content;
  const reference = useReference();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 py-14 text-center sm:py-20">
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Icon name={hero.icon} className="size-9" />
          </span>
          <h1 className="text-4xl leading-tight font-bold text-balance text-brand-950 sm:text-5xl">
            {hero.title}
          </h1>
          <p className="text-lg text-slate-700 sm:text-xl">{hero.intro}</p>
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
        </div>
      </section>
      <Section id="mens-du-venter" eyebrow={tips.eyebrow} title={tips.title} intro={tips.intro} tone="tinted">
        <IconList items={tips.items} columns={2} />
      </Section>
      <Section id="videre">
        <div className="grid justify-items-center gap-5 text-center">
          <h2 className="text-2xl font-bold text-brand-950">{links.title}</h2>
          <ActionRow actions={links.actions} className="flex flex-wrap justify-center gap-3" />
        </div>
      </Section>
    </>
  );
}
