import type { Config } from '@react-router/dev/config';
import { notFoundPaths } from './app/content/pages/not-found-paths';

// Every route is prerendered to its own HTML file and hydrated in the browser (DESIGN §1).
// Static paths come straight from app/routes.ts (blog articles included: one route each), so no
// page can be forgotten; the extra ones are one per fake damage report of the not-found page.
export default {
  ssr: false,
  prerender: ({ getStaticPaths }) => [...getStaticPaths(), ...notFoundPaths],
} satisfies Config;
