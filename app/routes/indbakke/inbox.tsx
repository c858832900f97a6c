import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';

/** /indbakke: the leads, newest first, with filters (see app/components/inbox/lead-list-page.tsx). */
let inbox: typeof Inbox | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  inbox ??= await import('~/components/inbox');
  return inbox.loadLeads(args);
}

export const meta = () => inbox?.inboxMeta('inbox') ?? [];

export default function InboxRoute() {
  return inbox ? <inbox.LeadListPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
