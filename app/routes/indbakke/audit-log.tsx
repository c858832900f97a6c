import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';

/** /indbakke/log: the audit log (see app/components/inbox/audit-log-page.tsx). */
let inbox: typeof Inbox | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  inbox ??= await import('~/components/inbox');
  return inbox.loadAudit(args);
}

export const meta = () => inbox?.inboxMeta('log') ?? [];

export default function AuditLogRoute() {
  return inbox ? <inbox.AuditLogPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
