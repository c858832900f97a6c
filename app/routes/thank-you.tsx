import { useSearchParams, useLoaderData } from 'react-router';
import { IconList } from '~/components/sections/icon-list';
import { Section } from '~/components/sections/section';
import { thankYouPage } from '~/content/pages/thank-you';
import { ThankYouLinks } from '~/forms/shared/thank-you-links';
import { ThankYouMessage, useThankYouQuery } from '~/forms/shared/thank-you-message';
import { loaderMeta, pageData } from '~/lib/seo';
import { leadKindPages } from '../../domain/lead-kind-pages';
import { thankYouTipsSectionId } from '../../domain/thank-you-query';

export const loader = () => pageData(thankYouPage, '/tak');

export const meta = loaderMeta;

export default function ThankYou() {
  const content = useLoaderData<typeof loader>().content;
  const { tips } = content;
  // A form posted without JavaScript lands here with ?ref=…&type=…, and the server puts the same
  // section, rendered with them, into the page it sends: shown from the first render on.
  const [searchParams] = useSearchParams();
  const thanks = useThankYouQuery(searchParams);
  // A requested PDF is no damage: no damage advice, no "Anmeld en skade mere" (the server drops
  // the same sections from a plain form's /tak, so the first render matches it).
  const resource =
    thanks.reference !== null &&
    thanks.kind !== undefined &&
    leadKindPages[thanks.kind].customerCopy === 'resource';
  return (
    <>
      <ThankYouMessage {...thanks} byCopy={content.byCopy} />
      {resource ? null : (
        <Section
          id={thankYouTipsSectionId}
          eyebrow={tips.eyebrow}
          title={tips.title}
          intro={tips.intro}
          tone="tinted"
        >
          <IconList items={tips.items} columns={2} />
        </Section>
      )}
      <ThankYouLinks links={resource ? content.resourceLinks : content.links} />
    </>
  );
}
