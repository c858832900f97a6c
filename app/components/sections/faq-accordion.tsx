import { Icon } from '~/components/icon';
import { useId, useState } from 'react';
import { cn } from '~/lib/cn';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Questions and answers: the WAI-ARIA accordion pattern (a button with aria-expanded in a
 * heading, controlling its answer). Each item opens independently; several may be open at once.
 * Answers stay in the prerendered HTML (hidden until opened) so search engines and
 * no-JS readers get them too. Hand-written rather than Radix Accordion: this is all of it, and it
 * keeps 10 KiB of JavaScript off the pages with an FAQ.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-3">
      {items.map((item, index) => {
        const isOpen = open.has(index);
        const questionId = `${baseId}-question-${index}`;
        const answerId = `${baseId}-answer-${index}`;
        return (
          <div
            key={item.question}
            className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            <h3>
              <button
                type="button"
                id={questionId}
                aria-expanded={isOpen}
                aria-controls={answerId}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-950 hover:bg-brand-50"
              >
                {item.question}
                <Icon
                  name="chevron-down"
                  className={cn('size-5 shrink-0 transition-transform', isOpen && 'rotate-180')}
                />
              </button>
            </h3>
            <div
              id={answerId}
              role="region"
              aria-labelledby={questionId}
              hidden={!isOpen}
              className="px-5 pb-5 text-slate-700"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
