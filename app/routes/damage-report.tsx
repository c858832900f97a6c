import { Icon } from '~/components/icon';
import { Link, useLoaderData } from 'react-router';
import { Callout } from '~/components/sections/callout';
import { PageHero } from '~/components/sections/page-hero';
import { damageReportPage } from '~/content/pages/damage-report';
import { formSectionIds } from '../../domain/plain-forms';
import { formIsland } from '~/forms/shared/form-island';
import { loaderMeta, pageData } from '~/lib/seo';

// The form's code loads when the visitor turns to the form, not with the page.
const DamageReportForm = formIsland('anmeldelse', () =>
  import('~/forms/damage-report/damage-report-form').then((module) => module.DamageReportForm),
);

export const loader = () => pageData(damageReportPage, '/anmeldelse');

export const meta = loaderMeta;

export default function DamageReport() {
  const { hero, emergencyHint, preparation } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} tone="light" />
      {/* The form posts to this section (a form sent back with messages opens here). */}
      <section id={formSectionIds.anmeldelse} aria-label="Anmeld en skade" className="scroll-mt-24 bg-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 pb-16 sm:px-6 lg:grid-cols-3 lg:px-8">
          <div className="grid content-start gap-6 lg:sticky lg:top-24 lg:order-last lg:self-start">
            <Callout icon={emergencyHint.icon} title={emergencyHint.title} tone="emergency">
              <p>{emergencyHint.text}</p>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                <a
                  href={emergencyHint.call.href}
                  className="inline-flex items-center gap-2 font-bold text-emergency-800 underline underline-offset-4"
                >
                  <Icon name="phone" className="size-5" />
                  {emergencyHint.call.label}
                </a>
                <Link
                  to={emergencyHint.emergencyLink.to}
                  className="font-semibold text-emergency-800 underline underline-offset-4"
                >
                  {emergencyHint.emergencyLink.label}
                </Link>
              </div>
            </Callout>
            <aside aria-labelledby="forberedelse" className="grid gap-3 rounded-2xl bg-brand-50 p-5 sm:p-6">
              <h2 id="forberedelse" className="flex items-center gap-2 text-lg font-bold text-brand-950">
                <Icon name={preparation.icon} className="size-5 text-brand-700" />
                {preparation.title}
              </h2>
              <ul className="grid gap-2">
                {preparation.items.map((item) => (
                  <li key={item} className="flex gap-2 text-slate-700">
                    <Icon name="check" className="mt-1 size-4 shrink-0 text-brand-600" />
                    {item}
                  </li>
                ))}
              </ul>
              <p className="text-sm text-slate-600">{preparation.note}</p>
            </aside>
          </div>
          <div className="lg:col-span-2">
            <DamageReportForm />
          </div>
        </div>
      </section>
    </>
  );
}
