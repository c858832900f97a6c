import { useLoaderData } from 'react-router';
import { LegalDocumentView } from '~/components/legal-document-view';
import { privacyPolicy } from '~/content/legal/privacy-policy';
import { loaderMeta, pageData } from '~/lib/seo';

export const loader = () => pageData(privacyPolicy, '/privacy-policy');

export const meta = loaderMeta;

export default function PrivacyPolicy() {
  return <LegalDocumentView document={useLoaderData<typeof loader>().content} />;
}
