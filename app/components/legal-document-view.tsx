import { Fragment } from 'react';
import type { LegalBlock, LegalDocument } from '~/content/legal/legal-document';
import { formatDate } from '~/lib/format';

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul className="grid list-disc gap-2 pl-6 marker:text-brand-600">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'facts':
      return (
        <dl className="grid gap-x-6 gap-y-2 rounded-xl bg-brand-50 p-5 sm:grid-cols-[max-content_1fr]">
          {block.items.map((item) => (
            <Fragment key={item.label}>
              <dt className="font-semibold text-brand-950">{item.label}</dt>
              <dd className="wrap-anywhere">
                {item.href ? (
                  <a href={item.href} className="font-medium text-brand-800 underline underline-offset-4">
                    {item.value}
                  </a>
                ) : (
                  item.value
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      );
  }
}

/** A legal text with a table of contents; each section is linkable by its id. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <article className="bg-white">
      <header className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-3xl gap-4 px-4 pt-14 pb-8 sm:px-6 sm:pt-20">
          <h1 className="text-4xl font-bold text-balance text-brand-950 sm:text-5xl">{document.title}</h1>
          <p className="text-lg text-slate-700">{document.intro}</p>
          <p className="text-sm text-slate-600">
            {document.updatedLabel}:{' '}
            <time dateTime={document.updatedAt}>{formatDate(document.updatedAt)}</time>
          </p>
        </div>
      </header>
      <div className="mx-auto grid max-w-3xl gap-10 px-4 pb-20 sm:px-6">
        <nav
          aria-labelledby="indholdsfortegnelse"
          className="rounded-2xl p-5 ring-1 ring-slate-200 print:hidden"
        >
          <h2 id="indholdsfortegnelse" className="mb-3 text-lg font-bold text-brand-950">
            {document.tocTitle}
          </h2>
          <ol className="grid gap-1.5 sm:grid-cols-2">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-800 underline-offset-4 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {document.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titel`}
            className="grid scroll-mt-24 gap-4 text-slate-800"
          >
            <h2 id={`${section.id}-titel`} className="text-2xl font-bold text-brand-950">
              {section.heading}
            </h2>
            {section.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
