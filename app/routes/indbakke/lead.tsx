import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';

/** /indbakke/henvendelse/:id: one lead (see app/components/inbox/lead-detail-page.tsx). */
let inbox: typeof Inbox | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  inbox ??= await import('~/components/inbox');
  return inbox.loadLead(args);
}

export const meta = () => inbox?.inboxMeta('lead') ?? [];

export default function LeadRoute() {
  return inbox ? <inbox.LeadDetailPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
