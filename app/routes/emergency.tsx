import { useLoaderData } from 'react-router';
import { ActionRow } from '~/components/sections/action-link';
import { Callout } from '~/components/sections/callout';
import { CtaSection } from '~/components/sections/cta-section';
import { IconList } from '~/components/sections/icon-list';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { emergencyPage } from '~/content/pages/emergency';
import { formIsland } from '~/forms/shared/form-island';
import { loaderMeta, pageData } from '~/lib/seo';

// The form's code loads when the visitor turns to the form, not with the page.
const EmergencyForm = formIsland('akut-skade', () =>
  import('~/forms/emergency/emergency-form').then((module) => module.EmergencyForm),
);

export const loader = () => pageData(emergencyPage, '/akut-skade');

export const meta = loaderMeta;

export default function Emergency() {
  const { hero, lifeSafety, form, nextSteps, followUp, cta, icons } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} image={hero.image} tone="emergency">
        <p className="grid gap-1">
          <span className="text-sm font-semibold tracking-wide text-white/85 uppercase">
            {hero.phoneLabel}
          </span>
          <span className="text-4xl font-bold tracking-wide sm:text-5xl">{hero.phoneDisplay}</span>
        </p>
        <ActionRow actions={hero.actions} />
      </PageHero>
      <Section id="akut-formular" tone="tinted">
        <div className="mx-auto grid w-full max-w-3xl gap-6">
          <Callout icon={icons.lifeSafety} title={lifeSafety.title} tone="emergency">
            <p>{lifeSafety.text}</p>
          </Callout>
          <div className="grid gap-3">
            <p className="font-semibold tracking-wide text-brand-700 uppercase">{form.eyebrow}</p>
            <h2
              id="akut-formular-titel"
              className="text-3xl font-bold text-balance text-brand-950 sm:text-4xl"
            >
              {form.title}
            </h2>
            <p className="text-lg text-slate-700">{form.intro}</p>
          </div>
          <EmergencyForm />
        </div>
      </Section>
      <Section id="naeste-skridt" eyebrow={nextSteps.eyebrow} title={nextSteps.title}>
        <StepList steps={nextSteps.steps} />
      </Section>
      <Section
        id="opfoelgning"
        eyebrow={followUp.eyebrow}
        title={followUp.title}
        intro={followUp.intro}
        tone="tinted"
      >
        <IconList items={followUp.items} columns={3} />
      </Section>
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} tone="emergency" />
    </>
  );
}
