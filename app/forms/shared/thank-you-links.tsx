import { ActionRow } from '~/components/sections/action-link';
import { Section } from '~/components/sections/section';
import type { Action } from '~/components/sections/types';
import { thankYouLinksSectionId } from '../../../domain/thank-you-query';

/**
 * /tak's "Hvad vil du nu?" section. The page renders it with its kind's links; the server renders
 * a resource request's in place of the prerendered one (server/forms/form-pages.ts).
 */
export function ThankYouLinks({ links }: { links: { title: string; actions: readonly Action[] } }) {
  return (
    <Section id={thankYouLinksSectionId}>
      <div className="grid justify-items-center gap-5 text-center">
        <h2 className="text-2xl font-bold text-brand-950">{links.title}</h2>
        <ActionRow actions={links.actions} className="flex flex-wrap justify-center gap-3" />
      </div>
    </Section>
  );
}
