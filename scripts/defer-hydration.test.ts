import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
// @ts-expect-error plain JavaScript build script without type declarations
import { deferHydration, deferHydrationInDir } from './defer-hydration.mjs';

// The shape of React Router 7's prerendered page (head links and boot module), abridged.
const page = [
  '<!DOCTYPE html><html lang="da"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/react-3.js"/>',
  '<link rel="modulepreload" href="/assets/root-4.js"/>',
  '<link rel="modulepreload" href="/assets/home-5.js"/>',
  '<link rel="stylesheet" href="/assets/root-6.css"/></head>',
  '<body><main><h1>Skadeservice</h1></main>',
  '<script>window.__reactRouterContext = {"ssr":false};</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";\n',
  'import * as route0 from "/assets/root-4.js";\n',
  'import * as route1 from "/assets/home-5.js";\n  \n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join('');

/** Runs the rewritten boot script with a fake browser and records what it does, in order. */
async function runBoot(html: string) {
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no boot script');
  const events: string[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const fakeWindow: { __reactRouterRouteModules?: Record<string, unknown> } = {};
  const fakeDocument = {
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
  };
  const fakeImport = (url: string) => {
    events.push(`import ${url}`);
    if (url.includes('entry.client'))
      events.push(`routes ${Object.keys(fakeWindow.__reactRouterRouteModules ?? {}).join(',')}`);
    return Promise.resolve({ url });
  };
  const run = new Function(
    'window',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    '__import',
    script.replaceAll('import(', '__import('),
  );
  run(
    fakeWindow,
    fakeDocument,
    (fn: () => void) => frames.push(fn),
    (fn: () => void) => timers.push(fn),
    fakeImport,
  );
  return { events, frames, timers, fakeWindow };
}

describe('deferHydration', () => {
  it('removes the preload links from the head and the static imports from the boot module', () => {
    const html = deferHydration(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('async=""');
    expect(html).not.toMatch(/import \* as/);
    // Everything else is untouched: content, context script, stylesheet.
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-6.css"/>');
    expect(html).toContain('<main><h1>Skadeservice</h1></main>');
    expect(html).toContain('<script>window.__reactRouterContext = {"ssr":false};</script>');
  });

  it('loads nothing before the first frame is painted, then the same modules in the same order', async () => {
    const { events, frames, timers, fakeWindow } = await runBoot(deferHydration(page));
    expect(events).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    expect(events).toEqual([]); // still inside the frame, before its paint
    expect(timers).toHaveLength(1);
    timers[0]?.();
    await vi.waitFor(() => expect(events.at(-1)).toBe('routes root,routes/home'));
    expect(events).toEqual([
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
      'modulepreload /assets/react-3.js',
      'modulepreload /assets/root-4.js',
      'modulepreload /assets/home-5.js',
      'import /assets/manifest-1.js',
      'import /assets/root-4.js',
      'import /assets/home-5.js',
      'import /assets/entry.client-2.js',
      'routes root,routes/home',
    ]);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-4.js' },
      'routes/home': { url: '/assets/home-5.js' },
    });
  });

  it('fails loudly when React Router’s output no longer has the expected shape', () => {
    expect(() => deferHydration('<html><body><p>Ingen scripts</p></body></html>')).toThrow(/boot script/);
    expect(() => deferHydration(page.replace('import("/assets/entry.client-2.js");', 'boot();'))).toThrow(
      /unexpected React Router boot script/,
    );
  });
});

describe('deferHydrationInDir', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('rewrites every React Router page below the folder and leaves other HTML alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'defer-hydration-'));
    mkdirSync(join(dir, 'kontakt'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'kontakt', 'index.html'), page);
    writeFileSync(join(dir, 'plain.html'), '<p>Statisk</p>');
    expect(deferHydrationInDir(dir)).toBe(2);
    expect(readFileSync(join(dir, 'kontakt', 'index.html'), 'utf8')).not.toContain(
      '<link rel="modulepreload"',
    );
    expect(readFileSync(join(dir, 'plain.html'), 'utf8')).toBe('<p>Statisk</p>');
  });
});
