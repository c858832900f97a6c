import { Icon } from '~/components/icon';
import { useLoaderData } from 'react-router';
import { Callout } from '~/components/sections/callout';
import { PageHero } from '~/components/sections/page-hero';
import { rekvisitionPage } from '~/content/pages/rekvisition';
import { formSectionIds } from '../../domain/plain-forms';
import { formIsland } from '~/forms/shared/form-island';
import { loaderMeta, pageData } from '~/lib/seo';

// The form's code loads when the visitor turns to the form, not with the page.
const RekvisitionForm = formIsland('rekvisition', () =>
  import('~/forms/rekvisition/rekvisition-form').then((module) => module.RekvisitionForm),
);

export const loader = () => pageData(rekvisitionPage, '/rekvisition');

export const meta = loaderMeta;

export default function Rekvisition() {
  const { hero, steps, urgent } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} tone="light" />
      {/* The form posts to this section (a form sent back with messages opens here). */}
      <section id={formSectionIds.rekvisition} aria-label={hero.title} className="scroll-mt-24 bg-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div className="grid content-start gap-6 lg:sticky lg:top-24 lg:order-last lg:self-start">
            <aside
              aria-labelledby="naar-du-har-sendt"
              className="grid gap-3 rounded-2xl bg-brand-50 p-5 sm:p-6"
            >
              <h2 id="naar-du-har-sendt" className="flex items-center gap-2 text-lg font-bold text-brand-950">
                <Icon name={steps.icon} className="size-5 text-brand-700" />
                {steps.title}
              </h2>
              <ul className="grid gap-2">
                {steps.items.map((item) => (
                  <li key={item} className="flex gap-2 text-slate-700">
                    <Icon name="check" className="mt-1 size-4 shrink-0 text-brand-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </aside>
            <Callout icon={urgent.icon} title={urgent.title} tone="emergency">
              <p>{urgent.text}</p>
              <a
                href={urgent.call.href}
                className="inline-flex items-center gap-2 font-bold text-emergency-800 underline underline-offset-4"
              >
                <Icon name="phone" className="size-5" />
                {urgent.call.label}
              </a>
            </Callout>
          </div>
          <div className="lg:col-span-2">
            <RekvisitionForm />
          </div>
        </div>
      </section>
    </>
  );
}
