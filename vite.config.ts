import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { defaultPublicUrl } from './domain/site.ts';

const publicUrl = (process.env.PUBLIC_URL || defaultPublicUrl).replace(/\/+$/, '');

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __PUBLIC_URL__: JSON.stringify(publicUrl) },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
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
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|^\0vite\/preload-helper\.js$/,
              priority: 2,
            },
            {
              // The text field: used by the form pages and by the inbox's login and pages (each a
              // chunk of its own), never by the other pages, so it must not reach `common`.
              name: 'input',
              test: /[\\/]app[\\/]components[\\/]ui[\\/]input\.tsx$/,
              priority: 2,
            },
            {
              name: 'common',
              test: /[\\/](app|domain)[\\/]|node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 6,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
