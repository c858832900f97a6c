import { useRouteError } from 'react-router';
import type * as Inbox from '~/components/inbox';

/** /indbakke/persondata: find, export or erase one person's data (see app/components/inbox/personal-data-page.tsx). */
let inbox: typeof Inbox | undefined;

export async function clientLoader() {
  inbox ??= await import('~/components/inbox');
  return null;
}

export const meta = () => inbox?.inboxMeta('personalData') ?? [];

export default function PersonalDataRoute() {
  return inbox ? <inbox.PersonalDataPage /> : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!inbox) throw error;
  return <inbox.InboxError />;
}
