import { useLoaderData } from 'react-router';
import { Icon } from '~/components/icon';
import { Callout } from '~/components/sections/callout';
import { ContactMethodGrid } from '~/components/sections/contact-method-card';
import { CtaSection } from '~/components/sections/cta-section';
import { FaqSection } from '~/components/sections/faq-accordion';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { StepList } from '~/components/sections/step-list';
import { telHref } from '../../domain/company';
import { contactPage } from '~/content/pages/contact';
import { formIsland } from '~/forms/shared/form-island';
import { pageDataWithFaq } from '~/content/structured-data';
import { loaderMeta } from '~/lib/seo';

// The form's code loads when the visitor turns to the form, not with the page.
const ContactForm = formIsland('kontakt', () =>
  import('~/forms/contact/contact-form').then((module) => module.ContactForm),
);

export const loader = () => pageDataWithFaq(contactPage, '/contact');

export const meta = loaderMeta;

export default function Contact() {
  const { hero, methods, form, faq, emergencyCta, urgentIcon, structuredData } =
    useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} actions={hero.actions} />
      <Section id="kontaktmuligheder" title={methods.title}>
        <ContactMethodGrid methods={methods.items} />
      </Section>
      <Section id="skriv-til-os" tone="tinted">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="grid content-start gap-6 lg:col-span-2">
            <p className="font-semibold tracking-wide text-brand-700 uppercase">{form.eyebrow}</p>
            <h2
              id="skriv-til-os-titel"
              className="text-3xl font-bold text-balance text-brand-950 sm:text-4xl"
            >
              {form.title}
            </h2>
            <p className="text-lg text-slate-700">{form.intro}</p>
            <p className="text-xl font-bold text-brand-950">{form.stepsTitle}</p>
            <StepList steps={form.steps} layout="vertical" />
            <Callout icon={urgentIcon} title={form.urgentNote.title} tone="emergency">
              <p>{form.urgentNote.text}</p>
              <a
                href={telHref}
                className="inline-flex w-fit items-center gap-2 font-bold text-emergency-800 underline underline-offset-4"
              >
                <Icon name="phone" className="size-5" />
                {form.urgentNote.callLabel}
              </a>
            </Callout>
          </div>
          <div className="self-start rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-3">
            <ContactForm />
          </div>
        </div>
      </Section>
      <FaqSection faq={faq} structuredData={structuredData} />
      <CtaSection
        title={emergencyCta.title}
        text={emergencyCta.text}
        actions={emergencyCta.actions}
        tone="emergency"
      />
    </>
  );
}
