import { inboxShellText } from '~/content/inbox-shell';

/**
 * What the staff inbox's pages show before their code has arrived: a header bar and a loading
 * line. It is the SPA fallback page's content (root.tsx renders it as the HydrateFallback), so the
 * browser paints at once instead of showing a blank page until the scripts have run; it has to
 * be contentful (text), or the paint that starts the scripts (scripts/defer-hydration.mjs) never
 * comes. As little markup as will do, and no hooks: it ships with the root module every public
 * page loads.
 */
export function InboxLoadingShell() {
  return (
    <>
      <header className="bg-brand-950 px-4 py-3 font-semibold text-white">{inboxShellText.title}</header>
      <main className="p-4">
        <p role="status" className="text-slate-700">
          {inboxShellText.loading}
        </p>
      </main>
    </>
  );
}
