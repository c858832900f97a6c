/** The site's public origin, injected at build time by vite.config.ts. */
declare const __PUBLIC_URL__: string;
