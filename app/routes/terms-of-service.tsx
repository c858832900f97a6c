import { useLoaderData } from 'react-router';
import { LegalDocumentView } from '~/components/legal-document-view';
import { termsOfService } from '~/content/legal/terms-of-service';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(termsOfService, '/terms-of-service');

export const meta = loaderMeta;

export default function TermsOfService() {
  return <LegalDocumentView document={useLoaderData<typeof loader>().content} />;
}
