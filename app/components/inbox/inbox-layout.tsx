import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet, useLoaderData, useLocation, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { company } from '../../../domain/company';
import { inboxPaths } from '~/content/inbox';
import { inboxLayoutText as text } from '~/content/inbox-pages';
import { cn } from '~/lib/cn';
import { errorMessage, isUnauthorized, staffApi } from './api';
import { InboxFrame } from './inbox-frame';
import { LiveInbox } from './live-inbox';
import { LiveMessage } from './shared/live-message';
import { StaffRoleContext } from './shared/staff-role';
import { may, type StaffPermission } from '../../../domain/staff-api/roles';
import { useReload } from './shared/use-reload';
import type { loadStaff } from './loaders';

/** The pages of the inbox; one that needs a permission is shown only to those who have it. */
const navigation: {
  to: string;
  label: string;
  isCurrent: (path: string) => boolean;
  permission?: StaffPermission;
}[] = [
  {
    to: inboxPaths.inbox,
    label: text.nav.inbox,
    isCurrent: (path: string) => path === inboxPaths.inbox || path.startsWith('/indbakke/henvendelse/'),
  },
  {
    to: inboxPaths.personalData,
    label: text.nav.personalData,
    isCurrent: (path: string) => path === inboxPaths.personalData,
    permission: 'personalData',
  },
  { to: inboxPaths.rota, label: text.nav.rota, isCurrent: (path: string) => path === inboxPaths.rota },
  {
    to: inboxPaths.figures,
    label: text.nav.figures,
    isCurrent: (path: string) => path === inboxPaths.figures,
  },
  {
    to: inboxPaths.log,
    label: text.nav.log,
    isCurrent: (path: string) => path === inboxPaths.log,
    permission: 'auditLog',
  },
];

/**
 * The frame of every page behind the login: the staff member's name, the inbox's navigation and
 * "Log ud". What it shows is private, so it hides it whenever the browser might keep the page
 * (pagehide) and shows it again only after the server has confirmed the session.
 */
export function InboxLayout() {
  const { me } = useLoaderData<typeof loadStaff>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const reload = useReload();
  const [concealed, setConcealed] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mainRef = useRef<HTMLDivElement>(null);

  useFocusHeadingOnNavigation(mainRef, pathname);
  useConcealWhenCached(setConcealed, reload);

  const logout = async () => {
    setError(null);
    setLoggingOut(true);
    try {
      await staffApi.logout();
    } catch (caught) {
      // Already logged out (401) is what we wanted; anything else keeps the session and says so.
      if (!isUnauthorized(caught)) {
        setLoggingOut(false);
        setError(errorMessage(caught));
        return;
      }
    }
    flushSync(() => setConcealed(true));
    await navigate(inboxPaths.login, { state: { loggedOut: true } });
  };

  const header = (
    <header className="bg-brand-950 text-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link
          to={inboxPaths.inbox}
          className="rounded-lg focus-visible:outline-3 focus-visible:outline-white"
        >
          <span className="inline-flex items-center gap-2 sm:gap-3">
            <span className="text-base font-bold sm:text-lg">{company.name}</span>
            <span className="rounded bg-white/15 px-2 py-0.5 text-sm font-semibold">{text.title}</span>
          </span>
        </Link>
        <div className="flex items-center gap-3">
          <p className="hidden min-w-0 text-sm wrap-anywhere text-brand-100 sm:block">
            {text.signedInAs} <strong className="font-semibold text-white">{me.name}</strong>
          </p>
          <LiveInbox />
          <Button type="button" variant="ghostLight" size="sm" onClick={logout} disabled={loggingOut}>
            {loggingOut ? text.loggingOut : text.logout}
          </Button>
        </div>
        {/* Wraps onto a second line on a phone: every section stays in sight, none behind a scroll. */}
        <nav aria-label={text.navLabel} className="-mx-1 w-full">
          <ul className="flex flex-wrap gap-1">
            {navigation
              .filter((item) => !item.permission || may(me.role, item.permission))
              .map((item) => {
                const current = item.isCurrent(pathname);
                return (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      aria-current={current ? 'page' : undefined}
                      className={cn(
                        'inline-flex h-11 items-center rounded-lg px-3 font-medium whitespace-nowrap text-brand-50 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-white',
                        current && 'bg-white/15 text-white underline decoration-2 underline-offset-4',
                      )}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </nav>
        <p className="w-full text-sm wrap-anywhere text-brand-100 sm:hidden">
          {text.signedInAs} <strong className="font-semibold text-white">{me.name}</strong>
        </p>
      </div>
    </header>
  );

  return (
    <InboxFrame header={header}>
      <div
        ref={mainRef}
        className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:gap-3 print:p-0"
      >
        <LiveMessage message={error} tone="error" className="print:hidden" />
        <StaffRoleContext value={me.role}>
          {concealed ? <p className="text-slate-700">{text.loading}</p> : <Outlet />}
        </StaffRoleContext>
      </div>
    </InboxFrame>
  );
}

/**
 * Moves focus to the new page's heading after a navigation inside the inbox, so a screen reader
 * announces the page. On the first page only when focus has nowhere better to be (after logging in).
 */
function useFocusHeadingOnNavigation(container: RefObject<HTMLElement | null>, pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    const isFirst = first.current;
    first.current = false;
    if (isFirst && document.activeElement && document.activeElement !== document.body) return;
    container.current?.querySelector<HTMLElement>('h1')?.focus();
  }, [container, pathname]);
}

/**
 * Hides the private content when the page may go into the back/forward cache, and on its return
 * shows it again only if the session is still valid (otherwise: to the login page).
 */
function useConcealWhenCached(setConcealed: (value: boolean) => void, revalidate: () => Promise<void>) {
  const navigate = useNavigate();
  const onPageHide = useEffectEvent((event: PageTransitionEvent) => {
    if (event.persisted) flushSync(() => setConcealed(true));
  });
  const onPageShow = useEffectEvent((event: PageTransitionEvent) => {
    if (!event.persisted) return;
    staffApi.me().then(
      (me) => {
        if (me.secondFactor !== 'done') return navigate(inboxPaths.login, { replace: true });
        setConcealed(false);
        return revalidate();
      },
      () => navigate(inboxPaths.login, { replace: true }),
    );
  });

  useEffect(() => {
    const hide = (event: PageTransitionEvent) => onPageHide(event);
    const show = (event: PageTransitionEvent) => onPageShow(event);
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, []);
}
