import { ActionRow } from '~/components/sections/action-link';
import type { Action } from '~/components/sections/types';
import { cn } from '~/lib/cn';

/** The closing call to action of a page. */
export function CtaSection({
  title,
  text,
  actions,
  tone = 'brand',
}: {
  title: string;
  text?: string;
  actions: readonly Action[];
  tone?: 'brand' | 'emergency';
}) {
  return (
    <section
      className={cn(
        'text-white',
        tone === 'emergency' ? 'bg-emergency-800' : 'bg-gradient-to-r from-brand-800 to-brand-700',
      )}
    >
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-14 text-center sm:px-6 sm:py-16">
        <h2 className="text-3xl font-bold text-balance sm:text-4xl">{title}</h2>
        {text ? <p className="text-lg text-white/90">{text}</p> : null}
        <ActionRow actions={actions} className="flex flex-wrap justify-center gap-3" />
      </div>
    </section>
  );
}
