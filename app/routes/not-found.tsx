import { NotFoundView } from '~/components/not-found-view';
import { notFoundPage } from '~/content/pages/errors/not-found';
import { company } from '../../domain/company';

// Built in the browser for any unknown path, so it stays small: a title and description for the
// tab and history, and noindex. No canonical link or sharing card: it answers 404, and link
// previews are made only of pages that exist.
export const meta = () => [
  { title: `${notFoundPage.metaTitle} | ${company.name}` },
  { name: 'description', content: notFoundPage.metaDescription },
  { name: 'robots', content: 'noindex' },
];

export default function NotFound() {
  return <NotFoundView />;
}
