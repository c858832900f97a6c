import type { ArticleBlock } from '~/content/blog/article';

/** An article's content blocks as semantic HTML (headings are h2: the title is the page's h1). */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <div className="grid gap-5 text-lg leading-relaxed text-slate-800">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <h2 key={index} className="mt-4 text-2xl font-bold text-brand-950">
                {block.text}
              </h2>
            );
          case 'list':
            return (
              <ul key={index} className="grid list-disc gap-2 pl-6 marker:text-brand-600">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'paragraph':
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}
