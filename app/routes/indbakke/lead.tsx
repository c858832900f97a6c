import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';

/** /indbakke/henvendelse/:id: one lead (see app/components/inbox/lead-detail-page.tsx). */
let inbox: typeof Inbox | undefined;
let pages: typeof InboxPages | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  [inbox, pages] = await Promise.all([
    inbox ?? import('~/components/inbox'),
    pages ?? import('~/components/inbox/pages'),
  ]);
  return inbox.loadLead(args);
}

export const meta = () => inbox?.inboxMeta('lead') ?? [];

export default function LeadRoute() {
  return pages ? <pages.LeadDetailPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
