import type { Config } from '@react-router/dev/config';
import { isInboxPath } from './app/content/inbox';
import { notFoundPaths } from './app/content/pages/errors/not-found-paths';

// Every route is prerendered to its own HTML file and hydrated in the browser.
// Static paths come straight from app/routes.ts (blog articles included: one route each), so no
// page can be forgotten; the extra ones are one per fake damage report of the not-found page.
// The staff inbox (/indbakke/*) is left out: its pages are client-only, rendered in the browser
// from the SPA fallback page (build/client/__spa-fallback.html) that the server answers them with.
export default {
  ssr: false,
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths().filter((path) => !isInboxPath(path)),
    ...notFoundPaths,
  ],
} satisfies Config;
