import { Icon } from '~/components/icon';
import { Section } from '~/components/sections/section';
import { StructuredData } from '~/components/structured-data';

export interface FaqItem {
  question: string;
  answer: string;
}

/**
 * Questions and answers as disclosure widgets (`<details>`/`<summary>`): each opens and closes on
 * its own, several may be open at once, and they work before the page's scripts run or without
 * them. The answers are in the HTML, so search engines and find-in-page reach them too.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-3">
      {items.map((item) => (
        <details
          key={item.question}
          className="group overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-950 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 [&::-webkit-details-marker]:hidden">
            <h3>{item.question}</h3>
            <Icon
              name="chevron-down"
              className="size-5 shrink-0 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}

/** A page's questions and answers as its #faq section, with their FAQPage JSON-LD. */
export function FaqSection({
  faq,
  structuredData,
  tone,
}: {
  faq: { eyebrow: string; title: string; items: readonly FaqItem[] };
  structuredData: string;
  tone?: 'white' | 'tinted';
}) {
  return (
    <Section id="faq" eyebrow={faq.eyebrow} title={faq.title} tone={tone}>
      <FaqAccordion items={faq.items} />
      <StructuredData json={structuredData} />
    </Section>
  );
}
