import { useSearchParams, useLoaderData } from 'react-router';
import { ActionRow } from '~/components/sections/action-link';
import { IconList } from '~/components/sections/icon-list';
import { Section } from '~/components/sections/section';
import { thankYouPage } from '~/content/pages/thank-you';
import { ThankYouMessage, useThankYouQuery } from '~/forms/shared/thank-you-message';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(thankYouPage, '/tak');

export const meta = loaderMeta;

export default function ThankYou() {
  const { tips, links } = useLoaderData<typeof loader>().content;
  // A form posted without JavaScript lands here with ?ref=…&type=…, and the server puts the same
  // section, rendered with them, into the page it sends: shown from the first render on.
  const [searchParams] = useSearchParams();
  const { reference, kind } = useThankYouQuery(searchParams);
  return (
    <>
      <ThankYouMessage reference={reference} kind={kind} />
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
