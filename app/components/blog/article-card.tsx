import { Icon } from '~/components/icon';
import { Link } from 'react-router';
import { ArticleMeta } from '~/components/blog/article-meta';
import { LazyImage } from '~/components/lazy-image';
import type { BlogArticleMeta } from '~/content/blog/article';

/** An article in a list: image, category, title (the link), excerpt and meta. */
export function ArticleCard({
  article,
  readMore,
  headingLevel = 2,
  imagePriority = false,
}: {
  article: BlogArticleMeta;
  readMore: string;
  headingLevel?: 2 | 3;
  /** The card's image is in the first screen: load it with the page, not after the scripts. */
  imagePriority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md">
      <LazyImage image={article.image} className="aspect-[16/9] object-cover" priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
          {article.category}
        </p>
        <Heading className="text-xl font-bold text-balance text-brand-950">
          <Link
            to={`/blog/${article.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {article.title}
          </Link>
        </Heading>
        <p className="text-slate-700">{article.excerpt}</p>
        <ArticleMeta article={article} className="mt-auto pt-2 text-slate-600" />
        <span aria-hidden="true" className="inline-flex items-center gap-1 font-semibold text-brand-700">
          {readMore}
          <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-1" />
        </span>
      </div>
    </article>
  );
}
