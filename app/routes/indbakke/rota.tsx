import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';

/** /indbakke/vagtplan: who is on call, the chain, overrides, own number (see app/components/inbox/rota-page.tsx). */
let inbox: typeof Inbox | undefined;
let pages: typeof InboxPages | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  [inbox, pages] = await Promise.all([
    inbox ?? import('~/components/inbox'),
    pages ?? import('~/components/inbox/pages'),
  ]);
  return inbox.loadRota(args);
}

export const meta = () => inbox?.inboxMeta('rota') ?? [];

export default function RotaRoute() {
  return pages ? <pages.RotaPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
