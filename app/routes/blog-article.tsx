import { Icon } from '~/components/icon';
import { lazy, Suspense } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ArticleBody } from '~/components/blog/article-body';
import { ArticleCard } from '~/components/blog/article-card';
import { ArticleMeta } from '~/components/blog/article-meta';
import { ShareButtons } from '~/components/blog/share-buttons';
import { LazyImage } from '~/components/lazy-image';
import { CtaSection } from '~/components/sections/cta-section';
import { Section } from '~/components/sections/section';
import { StructuredData } from '~/components/structured-data';
import { articleContent } from '~/content/blog/article-content';
import { findArticle, relatedArticles } from '~/content/blog/articles';
import { articlePage, blogPage } from '~/content/pages/blog';
import { notFoundPage } from '~/content/pages/errors/not-found';
import { blogPostingStructuredData, structuredDataJson } from '~/content/structured-data';
import { absoluteUrl, loaderMeta, pageMeta } from '~/lib/seo';

// Only reachable if an article route outlives its article: not worth loading with every article.
const NotFoundView = lazy(() =>
  import('~/components/not-found-view').then((m) => ({ default: m.NotFoundView })),
);

/** The article's id is the last segment of /blog/<id> (app/routes.ts has one route per article). */
function articleIdOf(pathname: string): string {
  return decodeURIComponent(
    pathname
      .replace(/(?<!\/)\/+$/, '')
      .split('/')
      .pop() ?? '',
  );
}

// `url`, not `request.url`: when prerendering, the request is for the page's data file
// (/blog/<id>.data); `url` is the page's own address.
export const loader = ({ url }: Pick<LoaderFunctionArgs, 'url'>) => {
  const article = findArticle(articleIdOf(url.pathname));
  if (!article)
    return {
      content: null,
      meta: pageMeta({
        title: notFoundPage.metaTitle,
        description: notFoundPage.metaDescription,
        noIndex: true,
      }),
    };
  return {
    content: {
      article,
      blocks: articleContent[article.id] ?? [],
      related: relatedArticles(article),
      readMore: blogPage.card.readMore,
      structuredData: structuredDataJson(blogPostingStructuredData(article)),
    },
    meta: pageMeta({
      title: article.title,
      description: article.excerpt,
      path: `/blog/${article.id}`,
      type: 'article',
    }),
  };
};

export const meta = loaderMeta;

export default function BlogArticlePage() {
  const { content } = useLoaderData<typeof loader>();
  // Only known ids have a route; unknown ones reach the catch-all (and the server's 404).
  if (!content)
    return (
      <Suspense>
        <NotFoundView />
      </Suspense>
    );

  const { article, blocks, related, readMore, structuredData } = content;
  const { cta } = articlePage;
  return (
    <>
      <StructuredData json={structuredData} />
      <article>
        <header className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-3xl gap-5 px-4 pt-10 pb-8 sm:px-6 sm:pt-14">
            <Link
              to="/blog"
              className="inline-flex w-fit items-center gap-2 font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              <Icon name="arrow-left" className="size-4" />
              {articlePage.backToList}
            </Link>
            <p className="w-fit rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
              <span className="sr-only">{articlePage.categoryLabel}: </span>
              {article.category}
            </p>
            <h1 className="text-3xl leading-tight font-bold text-balance text-brand-950 sm:text-5xl">
              {article.title}
            </h1>
            <p className="text-xl text-slate-700">{article.excerpt}</p>
            <ArticleMeta article={article} className="text-slate-700" withAuthorTitle />
          </div>
        </header>
        <div className="mx-auto grid max-w-3xl gap-10 px-4 pb-16 sm:px-6">
          <div className="overflow-hidden rounded-2xl shadow-sm ring-1 ring-slate-200">
            <LazyImage image={article.image} priority />
          </div>
          <ArticleBody blocks={blocks} />
          <footer className="grid gap-8 border-t border-slate-200 pt-8">
            <div className="grid gap-3">
              <h2 className="text-base font-bold text-brand-950">{articlePage.tagsLabel}</h2>
              <ul className="flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
            <ShareButtons url={absoluteUrl(`/blog/${article.id}`)} title={article.title} />
          </footer>
        </div>
      </article>
      {related.length > 0 ? (
        <Section id="laes-ogsaa" title={articlePage.related.title} tone="tinted">
          <ul className="grid gap-8 md:grid-cols-2">
            {related.map((other) => (
              <li key={other.id} className="grid">
                <ArticleCard article={other} readMore={readMore} headingLevel={3} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <CtaSection title={cta.title} text={cta.text} actions={cta.actions} />
    </>
  );
}
