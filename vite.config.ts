import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { defaultPublicUrl } from './domain/site.ts';

const publicUrl = (process.env.PUBLIC_URL || defaultPublicUrl).replace(/\/+$/, '');

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __PUBLIC_URL__: JSON.stringify(publicUrl) },
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
