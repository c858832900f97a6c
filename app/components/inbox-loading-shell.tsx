import { inboxShellText } from '~/content/inbox-shell';

/**
 * What the staff inbox's pages show before their code has arrived: a header bar and a loading
 * line. It is the SPA fallback page's content (root.tsx renders it as the HydrateFallback), so the
 * browser paints at once instead of showing a blank page until the scripts have run; it has to
 * be contentful (text), or the paint that starts the scripts (scripts/defer-hydration.mjs) never
 * comes. Plain markup and no hooks: it ships with the root module every public page loads.
 */
export function InboxLoadingShell() {
  return (
    <div data-inbox-shell className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-brand-950 text-white">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-3 sm:px-6 lg:px-8">
          <span className="rounded bg-white/15 px-2 py-0.5 text-sm font-semibold">
            {inboxShellText.title}
          </span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        <p role="status" className="text-slate-700">
          {inboxShellText.loading}
        </p>
      </main>
    </div>
  );
}
