import { NotFoundView } from '~/components/not-found-view';
import { notFoundPage } from '~/content/pages/not-found';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({ title: notFoundPage.metaTitle, description: notFoundPage.metaDescription, noIndex: true });

export default function NotFound() {
  return <NotFoundView />;
}
