import { useEffect, useRef, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, useLocation, useMatches } from 'react-router';
import './app.css';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { Toaster } from '~/components/toaster';
import { shellText } from '~/content/navigation';
import { ErrorView } from '~/components/error-view';
import { InboxLoadingShell } from '~/components/inbox-loading-shell';
import { inboxShellText } from '~/content/inbox-shell';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="da">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6560" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <Toaster />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The public site's skip link, header, main landmark and footer. Not in Layout: the staff inbox
 * has its own, and its pages start from the SPA fallback page, which Layout alone renders.
 */
function SiteShell({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#indhold"
        className="sr-only z-50 rounded-lg bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {shellText.skipLink}
      </a>
      <SiteHeader />
      <main id="indhold" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** Every route change scrolls smoothly to the top. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);
}

export default function App() {
  useScrollToTopOnNavigation();
  // The staff inbox's routes draw their own frame (app/components/inbox/).
  if (useMatches().some((match) => match.id.startsWith('routes/indbakke/'))) return <Outlet />;
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Unknown paths have their own route (routes/not-found.tsx); this catches unexpected failures. */
export function ErrorBoundary() {
  return (
    <SiteShell>
      <ErrorView />
    </SiteShell>
  );
}

/**
 * The content of the SPA fallback page, the only page rendered with it: the staff inbox's pages
 * (the one client-only part) show this shell until their code and data have arrived.
 */
export function HydrateFallback() {
  // React places the title and the meta tag in the document's head. Every page needs a title, and
  // the inbox is not for search engines.
  return (
    <>
      <title>{inboxShellText.documentTitle}</title>
      <meta name="robots" content="noindex" />
      <InboxLoadingShell />
    </>
  );
}
