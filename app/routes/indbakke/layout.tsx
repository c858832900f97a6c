import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';

/**
 * The frame of the inbox's pages behind the login: it checks the session (GET /api/staff/me) on
 * every navigation and sends anyone without one to /indbakke/login.
 *
 * The inbox is client-only: never prerendered (react-router.config.ts); the server answers
 * /indbakke and everything under it with React Router's SPA fallback page. Its route modules are
 * this thin on purpose: all the inbox's code is one module loaded on demand
 * (app/components/inbox/index.ts), so none of it reaches a public page.
 */
let inbox: typeof Inbox | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  inbox ??= await import('~/components/inbox');
  return inbox.loadStaff(args);
}

export default function InboxLayoutRoute() {
  return inbox ? <inbox.InboxLayout /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Without the inbox's code (it failed to load) the site's own error page takes over.
  if (!inbox) throw error;
  return <inbox.InboxFrameError />;
}
