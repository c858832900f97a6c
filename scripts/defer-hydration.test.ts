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

/**
 * Runs the rewritten boot script with a fake browser and records what it does, in order.
 * `paintTiming`: the browser reports paints to a PerformanceObserver (Chromium, Firefox, Safari).
 */
async function runBoot(html: string, { paintTiming }: { paintTiming: boolean }) {
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('no boot script');
  const events: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const observers: ((names: string[]) => void)[] = [];
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
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    disconnected = false;
    constructor(callback: (list: unknown, observer: FakePerformanceObserver) => void) {
      observers.push((names) => {
        if (this.disconnected) return;
        callback({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) }, this);
      });
    }
    observe(options: { type: string; buffered: boolean }) {
      events.push(`observe ${options.type}${options.buffered ? ' (buffered)' : ''}`);
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  const run = new Function(
    'window',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'PerformanceObserver',
    '__import',
    script.replaceAll('import(', '__import('),
  );
  run(
    fakeWindow,
    fakeDocument,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms = 0) => timers.push({ run: fn, ms }),
    paintTiming ? FakePerformanceObserver : undefined,
    fakeImport,
  );
  /** The browser reports paint entries of these names. */
  const paint = (...names: string[]) => observers.forEach((notify) => notify(names));
  return { events, frames, timers, paint, fakeWindow };
}

const modulesInOrder = [
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
];

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

  it('loads nothing before the browser reports the first contentful paint, then the same modules in the same order', async () => {
    const { events, frames, timers, paint, fakeWindow } = await runBoot(deferHydration(page), {
      paintTiming: true,
    });
    expect(events).toEqual(['observe paint (buffered)']);
    paint('first-paint');
    expect(timers.filter((timer) => timer.ms === 0)).toHaveLength(0); // a paint without content
    paint('first-contentful-paint');
    const afterPaint = timers.filter((timer) => timer.ms === 0);
    expect(afterPaint).toHaveLength(1);
    afterPaint[0]?.run();
    await vi.waitFor(() => expect(events.at(-1)).toBe('routes root,routes/home'));
    expect(events.slice(1)).toEqual(modulesInOrder);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root-4.js' },
      'routes/home': { url: '/assets/home-5.js' },
    });

    // The fallback for a browser that never reports the paint runs later and loads nothing again.
    const fallback = timers.find((timer) => timer.ms > 0);
    expect(fallback?.ms).toBe(3000);
    fallback?.run();
    frames.forEach((frame) => frame());
    timers.filter((timer) => timer !== fallback && timer !== afterPaint[0]).forEach((timer) => timer.run());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(events.slice(1)).toEqual(modulesInOrder);
  });

  it('without a paint report goes by frames: the frame after the next paint loads the modules', async () => {
    for (const paintTiming of [false, true]) {
      const { events, frames, timers } = await runBoot(deferHydration(page), { paintTiming });
      if (paintTiming) timers.find((timer) => timer.ms === 3000)?.run(); // no report came
      expect(events.filter((event) => !event.startsWith('observe'))).toEqual([]);
      expect(frames).toHaveLength(1);
      frames[0]?.();
      expect(events.filter((event) => !event.startsWith('observe'))).toEqual([]); // inside the frame
      const afterFrame = timers.filter((timer) => timer.ms === 0);
      expect(afterFrame).toHaveLength(1);
      afterFrame[0]?.run();
      await vi.waitFor(() => expect(events.at(-1)).toBe('routes root,routes/home'));
      expect(events.filter((event) => !event.startsWith('observe'))).toEqual(modulesInOrder);
    }
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
