import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { defaultPublicUrl } from './domain/site.ts';

const publicUrl = (process.env.PUBLIC_URL || defaultPublicUrl).replace(/\/+$/, '');

/** Our modules and the icons: `common` takes those used by six or more pages. */
const sharedModule = /[\\/](app|domain)[\\/]|node_modules[\\/]lucide-react[\\/]/;
/**
 * What only the form pages, /tak and the forms' code read: the forms' places and kinds, and their
 * shared rules (text fields, phone numbers, the spam fields, with Zod and the phone metadata).
 * Five forms share them: in `common` they would be on every page.
 */
const formModules = /[\\/]domain[\\/](fields|phone|spam|plain-forms)\.ts$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __PUBLIC_URL__: JSON.stringify(publicUrl) },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      // Reading a property has no side effect in this code (plain data, no getters that act), so a
      // read whose value nobody uses can go: a content module's leftover `facts.years` lines.
      treeshake: { propertyReadSideEffects: false },
      output: {
        // Left alone, the bundler makes a chunk per set of pages sharing a module: 20–45 files
        // of a few hundred bytes per page (one per icon), each a request and worse compression.
        // Two groups instead (docs/decisions/javascript-budget.md): the framework every page
        // needs, and our modules used by six or more pages. Form code (Zod, react-hook-form)
        // is used by fewer pages and stays out of what the others load.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              // Vite's preload helper (wraps every dynamic import) is loaded by every page too.
              // So is the class-name helper (clsx behind app/lib/cn.ts): left to the groups below, the
              // text field's group would take it along and every page would load that group for it.
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|clsx)[\\/]|^\0vite\/preload-helper\.js$|[\\/]app[\\/]lib[\\/]cn\.ts$/,
              priority: 2,
            },
            {
              // The form fields: used by the forms' code (loaded when a visitor turns to a form) and
              // by the inbox's pages, never on a page's first load. Counted with the inbox's chunks
              // they would reach `common`, which every page loads.
              name: 'input',
              test: /[\\/]app[\\/]components[\\/]ui[\\/](input|form-field|label)\.tsx$/,
              priority: 2,
            },
            {
              // What the inbox's page routes are made from (app/components/inbox-page-route.tsx,
              // with the lists of the inbox's chunks to preload): six route modules use it, so
              // `common`, which every page loads, would take it.
              name: 'inbox-page-route',
              test: /[\\/]app[\\/]components[\\/]inbox-page-route\.tsx$/,
              priority: 2,
            },
            {
              name: 'common',
              test: (id: string) => sharedModule.test(id) && !formModules.test(id),
              minShareCount: 6,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
