import { LegalDocumentView } from '~/components/legal-document-view';
import { privacyPolicy } from '~/content/legal/privacy-policy';
import { pageMeta } from '~/lib/seo';

export const meta = () =>
  pageMeta({
    title: privacyPolicy.metaTitle,
    description: privacyPolicy.metaDescription,
    path: '/privacy-policy',
  });

export default function PrivacyPolicy() {
  return <LegalDocumentView document={privacyPolicy} />;
}
