import { useLoaderData } from 'react-router';
import { CtaSection } from '~/components/sections/cta-section';
import { PageHero } from '~/components/sections/page-hero';
import { ResourceCard } from '~/components/sections/resource-card';
import { Section } from '~/components/sections/section';
import { resourcesPage } from '~/content/pages/resources';
import { ResourceRequestButton } from '~/forms/resource-request/resource-request-dialog';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(resourcesPage, '/resources');

export const meta = loaderMeta;

export default function Resources() {
  const { hero, offers, howItWorks, contact } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} tone="light" />
      <Section id="ressourcer" tone="tinted" className="pt-4 sm:pt-8">
        <div className="grid gap-8 lg:grid-cols-2">
          {offers.map((offer) => (
            <ResourceCard key={offer.request.title} resource={offer.card}>
              <ResourceRequestButton resource={offer.request} className="w-full sm:w-auto">
                {offer.buttonLabel}
              </ResourceRequestButton>
            </ResourceCard>
          ))}
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
