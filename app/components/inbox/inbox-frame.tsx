import type { ReactNode } from 'react';
import { inboxText } from '~/content/inbox';

const text = inboxText.shell;

/** The skip link, header and main landmark of the inbox's pages (the login page included). */
export function InboxFrame({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 print:bg-white">
      <a
        href="#indbakke-indhold"
        className="sr-only z-50 print:hidden rounded-lg bg-brand-800 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {text.skipLink}
      </a>
      {header}
      <main id="indbakke-indhold" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
