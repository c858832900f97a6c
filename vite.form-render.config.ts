import { defineConfig } from 'vite';
import { defaultPublicUrl } from './domain/site.ts';

/**
 * The forms' server render entry (app/forms/server-render.tsx) as a Node module, for the server's
 * answers to forms sent without scripts (server/forms/form-pages.ts). Same aliases, constants and
 * asset naming as the page build, so the HTML it renders (icon sprite URL included) is the HTML
 * the pages carry; packages stay in node_modules.
 */
const publicUrl = (process.env.PUBLIC_URL || defaultPublicUrl).replace(/\/+$/, '');

export default defineConfig({
  define: { __PUBLIC_URL__: JSON.stringify(publicUrl) },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  logLevel: 'warn',
  // The pages' build copies public/; this one is code only.
  publicDir: false,
  build: {
    ssr: 'app/forms/server-render.tsx',
    outDir: 'build/form-render',
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: { output: { entryFileNames: 'server-render.js' } },
  },
});
