import { useRouteError, type ClientLoaderFunctionArgs } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';

/** /indbakke/beredskab: the month's on-call figures (see app/components/inbox/figures-page.tsx). */
let inbox: typeof Inbox | undefined;
let pages: typeof InboxPages | undefined;

export async function clientLoader(args: ClientLoaderFunctionArgs) {
  [inbox, pages] = await Promise.all([
    inbox ?? import('~/components/inbox'),
    pages ?? import('~/components/inbox/pages'),
  ]);
  return inbox.loadFigures(args);
}

export const meta = () => inbox?.inboxMeta('figures') ?? [];

export default function FiguresRoute() {
  return pages ? <pages.FiguresPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
