import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';

/** /indbakke: the leads, newest first, with filters (see app/components/inbox/lead-list-page.tsx). */
let inbox: typeof Inbox | undefined;
let pages: typeof InboxPages | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  [inbox, pages] = await Promise.all([
    inbox ?? import('~/components/inbox'),
    pages ?? import('~/components/inbox/pages'),
  ]);
  return inbox.loadLeads(args);
}

export const meta = () => inbox?.inboxMeta('inbox') ?? [];

export default function InboxRoute() {
  return pages ? <pages.LeadListPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
