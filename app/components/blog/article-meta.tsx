import { Icon } from '~/components/icon';
import type { BlogArticleMeta } from '~/content/blog/article';
import { articlePage } from '~/content/pages/blog';
import { formatDate } from '~/lib/format';
import { cn } from '~/lib/cn';

/** Author, date and read time of an article, as a description list. */
export function ArticleMeta({
  article,
  className,
  withAuthorTitle = false,
}: {
  article: BlogArticleMeta;
  className?: string;
  withAuthorTitle?: boolean;
}) {
  // A <dl> group holds only <dt> and <dd>, so each icon is drawn inside its value.
  const item = 'inline-flex items-center gap-1.5';
  return (
    <dl className={cn('flex flex-wrap gap-x-5 gap-y-2 text-sm', className)}>
      <div className={item}>
        <dt className="sr-only">{articlePage.byline}</dt>
        <dd className={item}>
          <Icon name="user-round" className="size-4" />
          {article.author}
          {withAuthorTitle ? `, ${article.authorTitle.toLowerCase()}` : null}
        </dd>
      </div>
      <div className={item}>
        <dt className="sr-only">{articlePage.publishedLabel}</dt>
        <dd className={item}>
          <Icon name="calendar-days" className="size-4" />
          <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time>
        </dd>
      </div>
      <div className={item}>
        <dt className="sr-only">Læsetid</dt>
        <dd className={item}>
          <Icon name="clock" className="size-4" />
          {articlePage.readTime(article.readTimeMinutes)}
        </dd>
      </div>
    </dl>
  );
}
