#!/usr/bin/env node
// How much JavaScript each prerendered page makes a visitor download on first load, gzip -9.
//
//   npm run build
//   node scripts/js-size.mjs                 every page, from the HTML (script src, modulepreload,
//                                            the inline module's imports) plus the static imports
//                                            of those files
//   node scripts/js-size.mjs --browser       also load each page in Chromium against the built
//                                            server and count the scripts it really fetched
//   node scripts/js-size.mjs / /akut-skade   just these pages
//   node scripts/js-size.mjs --browser --then-click "Hent e-bogen gratis" /resources
//                                            then click that button and report what it loads
//                                            (the request dialog's code must load only then)
//   options: --max <KiB> (default 120) flags every page above it, pages with forms included;
//            --strict exits 1 if any is flagged
//            (`npm test` runs it after the build); --json prints the result as JSON
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientDir, prerenderedPaths, startBuiltServer } from './built-site.mjs';
import { chromiumFlags } from './chromium-flags.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const maxIndex = args.indexOf('--max');
const maxKiB = maxIndex >= 0 ? Number(args[maxIndex + 1]) : 120;
if (!Number.isFinite(maxKiB) || maxKiB <= 0) {
  process.stderr.write('--max needs a number of KiB\n');
  process.exit(2);
}
const clickIndex = args.indexOf('--then-click');
const thenClick = clickIndex >= 0 ? args[clickIndex + 1] : undefined;
const requestedPaths = args.filter(
  (arg, i) => arg.startsWith('/') && args[i - 1] !== '--max' && args[i - 1] !== '--then-click',
);

if (!existsSync(path.join(clientDir, 'index.html'))) {
  process.stderr.write('The built site is missing: run `npm run build` first.\n');
  process.exit(1);
}

/** Pages whose first load includes a form (marked in the table). */
const pagesWithForms = new Set(['/contact', '/akut-skade', '/anmeldelse', '/rekvisition', '/resources']);

const gzipCache = new Map();
/** gzip -9 size and raw size of a built file, by its URL path (/assets/x.js). */
function sizes(urlPath) {
  if (!gzipCache.has(urlPath)) {
    const file = path.join(clientDir, decodeURIComponent(urlPath.split('?')[0] ?? ''));
    if (!file.startsWith(clientDir) || !existsSync(file)) gzipCache.set(urlPath, null);
    else {
      const content = readFileSync(file);
      gzipCache.set(urlPath, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
    }
  }
  return gzipCache.get(urlPath);
}

/** Static `import … from "x"` / `import "x"` at the head of a module (what the browser fetches before running it). */
function staticImports(urlPath) {
  const file = path.join(clientDir, urlPath);
  if (!existsSync(file)) return [];
  const code = readFileSync(file, 'utf8');
  const found = [];
  const pattern = /^\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']\s*;?/;
  let rest = code.replace(/^\s*(?:\/\*[\s\S]*?\*\/|\/\/[^\n]*\n)*/, '');
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    found.push(new URL(match[1] ?? '', `http://x${urlPath}`).pathname);
    rest = rest.slice(match[0].length);
  }
  return found;
}

/** Every JavaScript file a page's HTML makes the browser load before it is interactive. */
function scriptsFromHtml(pagePath) {
  const html = readFileSync(
    path.join(clientDir, ...pagePath.split('/').filter(Boolean), 'index.html'),
    'utf8',
  );
  const urls = new Set();
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0];
    if (/\brel="modulepreload"/.test(tag)) {
      const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
      if (href) urls.add(href);
    }
  }
  // The inline boot module (scripts/defer-hydration.mjs) names every module it preloads and imports.
  for (const match of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const named of (match[1] ?? '').matchAll(/["'](\/[^"']+\.js)["']/g)) urls.add(named[1]);
  }
  const queue = [...urls].filter((url) => url.startsWith('/')).map((url) => url.split('?')[0]);
  const all = new Set();
  while (queue.length > 0) {
    const url = queue.shift();
    if (all.has(url)) continue;
    all.add(url);
    queue.push(...staticImports(url));
  }
  return [...all];
}

/** Loads each page in Chromium against the built server and lists the scripts it fetched. */
async function scriptsFromBrowser(pagePaths) {
  const { chromium } = await import('@playwright/test');
  const result = new Map();
  const clicked = new Map();
  const { origin, stop } = await startBuiltServer('js-size-data-');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: chromiumFlags,
    });
    for (const pagePath of pagePaths) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set();
      /** @type {Set<string> | null} scripts and stylesheets requested after the click */
      let afterClick = null;
      page.on('request', (request) => {
        const type = request.resourceType();
        if (!request.url().startsWith(origin)) return;
        const file = new URL(request.url()).pathname;
        if (afterClick && (type === 'script' || type === 'stylesheet')) afterClick.add(file);
        else if (type === 'script') scripts.add(file);
      });
      await page.goto(`${origin}${pagePath}`, { waitUntil: 'networkidle' });
      // Idle-time preloads count as first load too.
      await page.waitForTimeout(500);
      await page.waitForLoadState('networkidle');
      result.set(pagePath, [...scripts]);
      const button = thenClick ? page.getByRole('button', { name: thenClick }).first() : null;
      if (button && (await button.count()) > 0) {
        afterClick = new Set();
        await button.click();
        await page.waitForTimeout(500);
        await page.waitForLoadState('networkidle');
        clicked.set(
          pagePath,
          [...afterClick].filter((file) => !scripts.has(file)),
        );
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    await stop();
  }
  return { result, clicked };
}

const pagePaths = requestedPaths.length > 0 ? requestedPaths : prerenderedPaths();
const browserRun = flag('--browser') ? await scriptsFromBrowser(pagePaths) : null;
const fromBrowser = browserRun?.result ?? null;
const kib = (bytes) => (bytes / 1024).toFixed(1);
const rows = pagePaths.map((pagePath) => {
  const measure = (files) => {
    let gzip = 0;
    let raw = 0;
    const missing = [];
    for (const file of files) {
      const size = sizes(file);
      if (!size) missing.push(file);
      else {
        gzip += size.gzip;
        raw += size.raw;
      }
    }
    return { files: files.length, gzip, raw, missing };
  };
  const html = measure(scriptsFromHtml(pagePath));
  const browser = fromBrowser ? measure(fromBrowser.get(pagePath) ?? []) : null;
  const worst = Math.max(html.gzip, browser?.gzip ?? 0);
  const hasForm = pagesWithForms.has(pagePath);
  return { path: pagePath, html, browser, hasForm, budgetKiB: maxKiB, overBudget: worst > maxKiB * 1024 };
});

if (flag('--json')) {
  process.stdout.write(`${JSON.stringify({ maxKiB, rows }, null, 2)}\n`);
} else {
  const header = [
    'page',
    'files',
    'raw KiB',
    'gzip KiB',
    ...(fromBrowser ? ['browser files', 'browser gzip KiB'] : []),
    '',
  ];
  const table = rows.map((row) => [
    row.path,
    String(row.html.files),
    kib(row.html.raw),
    kib(row.html.gzip),
    ...(row.browser ? [String(row.browser.files), kib(row.browser.gzip)] : []),
    `${row.overBudget ? 'over' : 'within'} ${row.budgetKiB} KiB${row.hasForm ? ' (form page)' : ''}`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...table.map((cells) => (cells[i] ?? '').length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  process.stdout.write(
    `JavaScript loaded on first load, gzip -9 (budget ${maxKiB} KiB on every page)\n\n${line(header)}\n`,
  );
  process.stdout.write(
    `|${widths.map((w, i) => (i === 0 || i === widths.length - 1 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|\n`,
  );
  for (const cells of table) process.stdout.write(`${line(cells)}\n`);
  for (const row of rows) {
    const missing = [...row.html.missing, ...(row.browser?.missing ?? [])];
    if (missing.length > 0)
      process.stdout.write(`  ${row.path}: not found in build/client: ${missing.join(', ')}\n`);
  }
  for (const [pagePath, files] of browserRun?.clicked ?? []) {
    const total = (ext) =>
      kib(
        files.filter((file) => file.endsWith(ext)).reduce((sum, file) => sum + (sizes(file)?.gzip ?? 0), 0),
      );
    process.stdout.write(
      `  ${pagePath}, after clicking "${thenClick}": +${files.length} files, +${total('.js')} KiB JS, +${total('.css')} KiB CSS (gzip)\n`,
    );
  }
  const over = rows.filter((row) => row.overBudget).length;
  process.stdout.write(
    `\n${over === 0 ? 'Every page is within its budget.' : `${over} page(s) over their budget.`}\n`,
  );
}

if (flag('--strict') && rows.some((row) => row.overBudget)) process.exit(1);
