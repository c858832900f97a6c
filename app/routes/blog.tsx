import { useLoaderData } from 'react-router';
import { Icon } from '~/components/icon';
import { ArticleCard } from '~/components/blog/article-card';
import { ActionLink } from '~/components/sections/action-link';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section';
import { blogArticles } from '~/content/blog/articles';
import { blogPage } from '~/content/pages/blog';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData({ ...blogPage, articles: blogArticles }, '/blog');

export const meta = loaderMeta;

export default function Blog() {
  const { hero, listTitle, emptyState, card, articles } = useLoaderData<typeof loader>().content;
  return (
    <>
      <PageHero title={hero.title} intro={hero.intro} badge={hero.badge} tone="light" />
      <Section id="artikler" className="pt-2 sm:pt-6">
        <h2 className="sr-only">{listTitle}</h2>
        {articles.length > 0 ? (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article, index) => (
              <li key={article.id} className="grid">
                <ArticleCard
                  article={article}
                  readMore={card.readMore}
                  headingLevel={3}
                  imagePriority={index === 0}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mx-auto grid max-w-xl justify-items-center gap-4 rounded-2xl bg-brand-50 p-10 text-center">
            <Icon name="newspaper" className="size-10 text-brand-700" />
            <p className="text-xl font-bold text-brand-950">{emptyState.title}</p>
            <p className="text-slate-700">{emptyState.text}</p>
            <ActionLink action={emptyState.action} size="md" />
          </div>
        )}
      </Section>
    </>
  );
}
