import { useRouteError } from 'react-router';
import type * as Inbox from '~/components/inbox/login-entry';

/** /indbakke/login: password, then the second factor (see app/components/inbox/login/login-page.tsx). */
let inbox: typeof Inbox | undefined;

export async function clientLoader() {
  inbox ??= await import('~/components/inbox/login-entry');
  return null;
}

export const meta = () => inbox?.inboxMeta('login') ?? [];

export default function LoginRoute() {
  return inbox ? <inbox.LoginPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.LoginFrameError />;
}
