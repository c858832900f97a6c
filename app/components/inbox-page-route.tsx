import { useRouteError, type ClientLoaderFunctionArgs, type MetaDescriptor } from 'react-router';
import type * as Inbox from '~/components/inbox';
import type * as InboxPages from '~/components/inbox/pages';
import type { InboxPage } from '~/content/inbox';

type InboxModule = typeof Inbox;
type InboxPagesModule = typeof InboxPages;
/** The inbox's data loaders by name (app/components/inbox/loaders.ts): loadLeads, loadLead, … */
type InboxLoader = Extract<keyof InboxModule, `load${string}`>;

/** What sets one page behind the login apart; the rest of its route module is the same for all. */
export interface InboxPageRouteOptions {
  /** The page component, from app/components/inbox/pages.ts. */
  page: keyof InboxPagesModule;
  /** Its title (app/content/inbox.ts). */
  title: InboxPage;
  /** The loader of its data, if it has any: without one the route loads the code alone. */
  loader?: InboxLoader;
}

/**
 * The exports of the route module of one inbox page behind the login (app/routes/indbakke/, inside
 * layout.tsx's frame). Like the frame's own route module, it holds no inbox code: its client loader
 * imports the inbox's two modules on demand (app/components/inbox/index.ts for the loaders, the
 * head tags and the error page; app/components/inbox/pages.ts for the pages), so none of it
 * reaches a public page, then loads the page's data. Without the inbox's code (it failed to load)
 * the route renders nothing and the site's own error page takes over.
 */
export function inboxPageRoute({ page, title, loader }: InboxPageRouteOptions) {
  let inbox: InboxModule | undefined;
  let pages: InboxPagesModule | undefined;

  async function clientLoader(args: ClientLoaderFunctionArgs): Promise<unknown> {
    [inbox, pages] = await Promise.all([
      inbox ?? import('~/components/inbox'),
      pages ?? import('~/components/inbox/pages'),
    ]);
    return loader ? inbox[loader](args) : null;
  }

  const meta = (): MetaDescriptor[] => inbox?.inboxMeta(title) ?? [];

  function InboxPageRoute() {
    const Page = pages?.[page];
    return Page ? <Page /> : null;
  }

  function ErrorBoundary() {
    const error = useRouteError();
    if (!inbox) throw error;
    return <inbox.InboxError />;
  }

  return { clientLoader, meta, Page: InboxPageRoute, ErrorBoundary };
}
