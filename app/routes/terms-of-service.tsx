import { LegalDocumentView } from '~/components/legal-document-view';
import { termsOfService } from '~/content/legal/terms-of-service';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: termsOfService.metaTitle,
    description: termsOfService.metaDescription,
    path: '/terms-of-service',
  });

export default function TermsOfService() {
  return <LegalDocumentView document={termsOfService} />;
}
