/**
 * Build step: start loading the hydration scripts after the first paint, not with the HTML.
 * (docs/decisions/hydration-after-first-paint.md)
 *
 * React Router's prerendered HTML lists every module of the page as <link rel="modulepreload">
 * and boots with an inline module that imports the manifest and the route modules statically.
 * The browser then fetches ~120 KiB of JavaScript alongside the stylesheet and the hero image,
 * and on a slow phone connection the page paints only when most of it has arrived, although the
 * prerendered page needs none of it to be read. This step rewrites each page so that the same
 * modules are requested, in the same order, once the browser reports the first contentful paint:
 *   - the modulepreload links move into the boot script, which adds them after the paint;
 *   - the boot script imports the manifest, then the route modules, then entry.client, exactly
 *     what React Router's static imports did.
 * A page whose HTML does not look as expected fails the build: React Router changed its output.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const preloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
/** How long to wait for the browser's first-contentful-paint report before going by frames. */
const paintWaitMs = 3000;
const bootScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The page's HTML with hydration deferred to after the first paint.
 * @param {string} html React Router's prerendered page
 * @returns {string}
 */
export function deferHydration(html) {
  const boot = bootScript.exec(html);
  if (!boot) throw new Error('no React Router boot script (<script type="module" async>) found');
  const body = boot[1] ?? '';
  const manifest = /^import "([^"]+)";/m.exec(body)?.[1];
  const routes = [...body.matchAll(/^import \* as (route\d+) from "([^"]+)";/gm)];
  const routeModules = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(body)?.[1];
  const entry = /^import\("([^"]+)"\);/m.exec(body)?.[1];
  if (!manifest || routes.length === 0 || !routeModules || !entry) {
    throw new Error(`unexpected React Router boot script:\n${body}`);
  }
  const preloads = [...html.matchAll(preloadLink)].map((match) => match[1]);
  const names = routes.map((route) => route[1]).join(',');
  const imports = routes.map((route) => `import(${JSON.stringify(route[2])})`).join(',');
  const script =
    `let started=false;` +
    `const start=()=>{if(started)return;started=true;` +
    `for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    `import(${JSON.stringify(manifest)})` +
    `.then(()=>Promise.all([${imports}]))` +
    `.then(([${names}])=>{window.__reactRouterRouteModules=${routeModules};return import(${JSON.stringify(entry)})})};` +
    // rAF runs before the next paint; the timeout after it runs once that frame is painted.
    `const afterFrame=()=>requestAnimationFrame(()=>setTimeout(start));` +
    // The browser reports the first contentful paint once it is on screen, so the scripts are
    // requested after it, never in a race with it. Without that report within `paintWaitMs`,
    // or without paint timing, the frame after the next paint starts them.
    `if(typeof PerformanceObserver!=="undefined"&&PerformanceObserver.supportedEntryTypes?.includes("paint")){` +
    `new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length>0){observer.disconnect();setTimeout(start)}}).observe({type:"paint",buffered:true});` +
    `setTimeout(afterFrame,${paintWaitMs})}` +
    `else afterFrame();`;
  return html.replace(preloadLink, '').replace(bootScript, () => `<script type="module">${script}</script>`);
}

/**
 * Rewrites every prerendered page (index.html) under `dir`; returns how many it rewrote.
 * @param {string} dir build/client
 */
export function deferHydrationInDir(dir) {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, 'utf8');
    if (!html.includes('window.__reactRouterContext')) continue; // not a React Router page
    try {
      writeFileSync(file, deferHydration(html));
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    pages++;
  }
  return pages;
}
