import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';

/** /indbakke/log: the audit log (see app/components/inbox/audit-log-page.tsx). */
let inbox: typeof Inbox | undefined;
let pages: typeof InboxPages | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  [inbox, pages] = await Promise.all([
    inbox ?? import('~/components/inbox'),
    pages ?? import('~/components/inbox/pages'),
  ]);
  return inbox.loadAudit(args);
}

export const meta = () => inbox?.inboxMeta('log') ?? [];

export default function AuditLogRoute() {
  return pages ? <pages.AuditLogPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
