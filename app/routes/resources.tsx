import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { PageHero } from '~/components/sections/page-hero';
import { ResourceCard } from '~/components/sections/resource-card';
import { Section } from '~/components/sections/section';
import { resourcesPage } from '~/content/pages/resources';
import { findResourceByTitle } from '../../domain/resources';
import { resourceSectionId } from '../../domain/plain-forms';
import { ResourceRequestButton } from '~/forms/resource-request/resource-request-dialog';
import { plainResourceFormsHtml } from '~/forms/resource-request/plain-form-html';
import { loaderMeta, pageData } from '~/lib/seo';

// The plain request forms go into the page as HTML made here, when the page is prerendered: the
// page's JavaScript carries none of their code, and React leaves their markup as it is (so a form
// the server sends back with its messages stays as sent).
export const loader = () =>
  pageData({ ...resourcesPage, plainForms: plainResourceFormsHtml() }, '/resources');

export const meta = loaderMeta;

export default function Resources() {
  const { hero, offers, howItWorks, contact, plainForms } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} tone="light" />
      <Section id="ressourcer" tone="tinted" className="pt-4 sm:pt-8">
        <div className="grid gap-8 lg:grid-cols-2">
          {offers.map((offer) => {
            const resourceId = findResourceByTitle(offer.request.title)?.id ?? '';
            const sectionId = resourceSectionId(resourceId);
            return (
              <ResourceCard key={offer.request.title} resource={offer.card}>
                <ResourceRequestButton resource={offer.request} className="w-full sm:w-auto">
                  {offer.buttonLabel}
                </ResourceRequestButton>
                {/* Shown only when the page is opened at it: where the button leads without scripts. */}
                <section
                  id={sectionId}
                  data-target-section=""
                  aria-labelledby={`${sectionId}-titel`}
                  className="mt-6 grid scroll-mt-24 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5"
                >
                  <h3 id={`${sectionId}-titel`} className="text-xl font-bold text-brand-950">
                    {offer.formTitle}
                  </h3>
                  <div dangerouslySetInnerHTML={{ __html: plainForms[resourceId] ?? '' }} />
                </section>
              </ResourceCard>
            );
          })}
        </div>
        <div className="mx-auto grid max-w-3xl gap-3 text-center">
          <h2 className="text-2xl font-bold text-brand-950">{howItWorks.title}</h2>
          <p className="text-lg text-slate-700">{howItWorks.text}</p>
        </div>
      </Section>
      <CtaSection title={contact.title} text={contact.text} actions={contact.actions} />
    </>
  );
}
