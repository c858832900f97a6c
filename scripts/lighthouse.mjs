#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G-class emulation and simulated slow 4G, Lighthouse's defaults)
// over the BUILT site, one page after another (a 2-core machine measures badly in parallel).
//
//   npm run build
//   node scripts/lighthouse.mjs                       every prerendered page
//   node scripts/lighthouse.mjs / /akut-skade         just these
//   node scripts/lighthouse.mjs --min performance=95,accessibility=100,best-practices=100,seo=100
//   node scripts/lighthouse.mjs --url http://127.0.0.1:3000   measure a server that is already running
//
// Prints a table, writes .lighthouse/summary.json and each page's full report as
// .lighthouse/<page>.json. With --min, exits 1 when a page scores below a threshold.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { prerenderedPaths, root, startBuiltServer } from './built-site.mjs';

const outDir = path.join(root, '.lighthouse');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

function usage(message) {
  if (message) process.stderr.write(`${message}\n\n`);
  process.stderr.write(
    'Usage: node scripts/lighthouse.mjs [path …] [--min category=score,…] [--url http://host:port]\n' +
      `Categories: ${categories.join(', ')}\n`,
  );
  process.exit(2);
}

function parseArgs(argv) {
  const paths = [];
  /** @type {Record<string, number>} */
  const min = {};
  let url = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--help' || arg === '-h') usage();
    else if (arg === '--min' || arg.startsWith('--min=')) {
      const value = arg === '--min' ? argv[(i += 1)] : arg.slice('--min='.length);
      for (const pair of (value ?? '').split(',').filter(Boolean)) {
        const [name, score] = pair.split('=');
        if (!name || !categories.includes(name) || !/^\d+$/.test(score ?? ''))
          usage(`Bad --min entry: ${pair}`);
        min[name] = Number(score);
      }
    } else if (arg === '--url') url = argv[(i += 1)] ?? usage('--url needs a value');
    else if (arg.startsWith('/')) paths.push(arg);
    else usage(`Unknown argument: ${arg}`);
  }
  return { paths, min, url };
}

/** The built server on 127.0.0.1, a free port and a throwaway DATA_DIR. */

function fileNameFor(pagePath) {
  return pagePath === '/' ? 'home' : pagePath.slice(1).replace(/[^a-z0-9-]+/gi, '_');
}

const options = parseArgs(process.argv.slice(2));
const paths = options.paths.length > 0 ? options.paths : prerenderedPaths();
const server = options.url
  ? { origin: options.url.replace(/\/$/, ''), stop: async () => {} }
  : await startBuiltServer('lighthouse-data-');

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
  logLevel: 'silent',
});

/** @type {{ path: string; url: string; scores: Record<string, number | null>; failing: string[] }[]} */
const results = [];
let lighthouseVersion = '';
let exitCode = 0;
try {
  await mkdir(outDir, { recursive: true });
  for (const pagePath of paths) {
    const url = `${server.origin}${pagePath}`;
    process.stderr.write(`Lighthouse ${pagePath} …\n`);
    // No config: Lighthouse's default is the mobile preset (emulated phone, simulated throttling).
    // A run can fail to record its trace (NO_NAVSTART, …); such a run measured nothing: retry it.
    let lhr;
    for (let attempt = 1; ; attempt++) {
      const runnerResult = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
      });
      if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
      lhr = runnerResult.lhr;
      if (!lhr.runtimeError) break;
      if (attempt === 3) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
      process.stderr.write(`  ${lhr.runtimeError.code}: trying again\n`);
    }
    lighthouseVersion = lhr.lighthouseVersion;
    await writeFile(path.join(outDir, `${fileNameFor(pagePath)}.json`), JSON.stringify(lhr));
    /** @type {Record<string, number | null>} */
    const scores = {};
    const failing = [];
    for (const category of categories) {
      const score = lhr.categories[category]?.score;
      scores[category] = typeof score === 'number' ? Math.round(score * 100) : null;
      // Name the audits that cost points, so a score below 100 says what to fix.
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
          failing.push(
            `${category}: ${audit.id} (${Math.round(audit.score * 100)}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
          );
        }
      }
    }
    results.push({ path: pagePath, url, scores, failing });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = ['path', ...categories];
const rows = results.map((result) => [
  result.path,
  ...categories.map((c) => String(result.scores[c] ?? '–')),
]);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
const line = (cells) =>
  `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
process.stdout.write(`\nLighthouse ${lighthouseVersion} mobile preset (${new Date().toISOString()})\n\n`);
process.stdout.write(
  `${line(header)}\n|${widths.map((w, i) => (i === 0 ? '-' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|\n`,
);
for (const row of rows) process.stdout.write(`${line(row)}\n`);

const belowMinimum = [];
for (const result of results) {
  for (const [category, minimum] of Object.entries(options.min)) {
    const score = result.scores[category];
    if (score === null || score === undefined || score < minimum) {
      belowMinimum.push(`${result.path}: ${category} ${score ?? '–'} < ${minimum}`);
    }
  }
}
const imperfect = results.filter((result) => result.failing.length > 0);
if (imperfect.length > 0) {
  process.stdout.write('\nAudits that cost points:\n');
  for (const result of imperfect) {
    process.stdout.write(`  ${result.path}\n${result.failing.map((f) => `    - ${f}`).join('\n')}\n`);
  }
}

await writeFile(
  path.join(outDir, 'summary.json'),
  `${JSON.stringify({ preset: 'mobile', measuredAt: new Date().toISOString(), minimum: options.min, results }, null, 2)}\n`,
);
process.stdout.write(
  `\nSummary written to ${path.relative(process.cwd(), path.join(outDir, 'summary.json'))}\n`,
);

if (belowMinimum.length > 0) {
  process.stdout.write(`\nBelow the minimum:\n${belowMinimum.map((entry) => `  - ${entry}`).join('\n')}\n`);
  exitCode = 1;
}
process.exit(exitCode);
