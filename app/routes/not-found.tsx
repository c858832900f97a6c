import { NotFoundView } from '~/components/not-found-view';
import { notFoundPage } from '~/content/pages/not-found';
import { ogImageAlt, ogImagePath } from '~/lib/og-image';
import { publicUrl } from '~/lib/seo';
import { company } from '../../domain/company';

// Built in the browser for any unknown path, so it stays small: no canonical link for a page
// that is not there, noindex, and the sharing card with its description.
export const meta = () => [
  { title: `${notFoundPage.metaTitle} | ${company.name}` },
  { name: 'description', content: notFoundPage.metaDescription },
  { name: 'robots', content: 'noindex' },
  { property: 'og:image', content: `${publicUrl}${ogImagePath}` },
  { property: 'og:image:alt', content: ogImageAlt },
];

export default function NotFound() {
  return <NotFoundView />;
}
