#!/usr/bin/env node
// Lighthouse (mobile preset: Moto G-class emulation and simulated slow 4G, Lighthouse's defaults)
// over the BUILT site, one page after another (a 2-core machine measures badly in parallel).
//
//   npm run build
//   node scripts/lighthouse.mjs                       every prerendered page
//   node scripts/lighthouse.mjs / /akut-skade         just these
//   node scripts/lighthouse.mjs /sag                  the customer's case page (a lead is sent first;
//                                                    its receipt's link is read from DATA_DIR/mail)
//   node scripts/lighthouse.mjs --min performance=95,accessibility=100,best-practices=100,seo=100
//   node scripts/lighthouse.mjs --url http://127.0.0.1:3000   measure a server that is already running
//   node scripts/lighthouse.mjs --runs 3              each page 3 times; the table shows the median run
//                                                    (by performance score, then total blocking time)
//
// Prints a table, writes .lighthouse/summary.json and each page's full report as
// .lighthouse/<page>.json. With --min, exits 1 when a page scores below a threshold.
import './require-node.mjs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { prerenderedPaths, root, startBuiltServer } from './built-site.mjs';
import { chromiumFlags } from './chromium-flags.mjs';

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
  let runs = 1;
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
    else if (arg === '--runs') {
      runs = Number(argv[(i += 1)]);
      if (!Number.isInteger(runs) || runs < 1) usage('--runs needs a whole number ≥ 1');
    } else if (arg.startsWith('/')) paths.push(arg);
    else usage(`Unknown argument: ${arg}`);
  }
  return { paths, min, url, runs };
}

/** One Lighthouse run of a page, tried again when it recorded nothing. */
async function measure(url, measured = categories) {
  for (let attempt = 1; ; attempt++) {
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: measured,
    });
    if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runnerResult;
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    process.stderr.write(`  ${lhr.runtimeError.code}: trying again\n`);
  }
}

/** The middle run by performance score, ties broken by total blocking time. */
function medianRun(runs) {
  const key = (lhr) => [
    lhr.categories.performance?.score ?? 0,
    -(lhr.audits['total-blocking-time']?.numericValue ?? 0),
  ];
  const sorted = [...runs].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The case page has no fixed address: its path in the arguments, and how it is shown (no token). */
const casePagePath = '/sag';
const shownPath = (pagePath) => (pagePath.startsWith(`${casePagePath}/`) ? `${casePagePath}/…` : pagePath);

/** The case page is noindex on purpose: it has no search ranking to score (SEO is not measured). */
const categoriesOf = (pagePath) =>
  pagePath.startsWith(`${casePagePath}/`) ? categories.filter((category) => category !== 'seo') : categories;

function fileNameFor(pagePath) {
  if (pagePath.startsWith(`${casePagePath}/`)) return 'sag';
  return pagePath === '/' ? 'home' : pagePath.slice(1).replace(/[^a-z0-9-]+/gi, '_');
}

/**
 * A case page to measure: sends a damage report to the server under test as its form does (a form
 * token, then the lead after the token's 3-second time trap) and reads the link from the receipt
 * the .eml transport writes to DATA_DIR/mail.
 */
async function seedCasePage(server) {
  if (!server.dataDir) throw new Error('The case page needs the server this script starts (not --url).');
  const { token } = await (await fetch(`${server.origin}/api/leads/token`)).json();
  await new Promise((resolve) => setTimeout(resolve, 3_500));
  const response = await fetch(`${server.origin}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      kind: 'akut-skade',
      formToken: token,
      fuldeNavn: 'Lis Lighthouse',
      adresse: 'Algade 3, 4000 Roskilde',
      telefon: '23 45 67 89',
      email: 'lis.lighthouse@example.dk',
      forsikringsselskab: 'Tryg',
      policeNr: '',
      skadeNr: '',
      skadetype: 'vandskade',
      besked: 'Vand i kælderen efter skybruddet i nat.',
      images: [],
    }),
  });
  if (response.status !== 201)
    throw new Error(`The lead was refused: ${response.status} ${await response.text()}`);
  const mailDir = path.join(server.dataDir, 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const names = await readdir(mailDir).catch(() => []);
    for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
      // Quoted-printable may break a long line: join its soft line breaks first.
      const text = (await readFile(path.join(mailDir, name), 'utf8')).replace(/=\r?\n/g, '');
      const found = /\/sag\/[A-Za-z0-9_-]{43}/.exec(text);
      if (found) return found[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('No receipt with a case page link arrived within 30 s');
}

const options = parseArgs(process.argv.slice(2));
const paths = options.paths.length > 0 ? options.paths : [...prerenderedPaths(), casePagePath];
const server = options.url
  ? { origin: options.url.replace(/\/$/, ''), stop: async () => {} }
  : await startBuiltServer('lighthouse-data-');
try {
  for (const [index, pagePath] of paths.entries()) {
    if (pagePath === casePagePath) paths[index] = await seedCasePage(server);
  }
} catch (error) {
  await server.stop();
  throw error;
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', ...chromiumFlags],
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
    process.stderr.write(`Lighthouse ${shownPath(pagePath)} …\n`);
    // No config: Lighthouse's default is the mobile preset (emulated phone, simulated throttling).
    // A run can fail to record its trace (NO_NAVSTART, …); such a run measured nothing: retry it.
    const runs = [];
    for (let run = 1; run <= options.runs; run++) runs.push(await measure(url, categoriesOf(pagePath)));
    const lhr = medianRun(runs);
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
    const scriptBytes = lhr.audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    )?.transferSize;
    results.push({
      path: shownPath(pagePath),
      url: `${server.origin}${shownPath(pagePath)}`,
      scores,
      runs: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
      largestContentfulPaintMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      scriptTransferKiB: typeof scriptBytes === 'number' ? Math.round((scriptBytes / 1024) * 10) / 10 : null,
      failing,
    });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = ['path', ...categories, 'TBT ms', 'LCP s', 'JS KiB', ...(options.runs > 1 ? ['runs'] : [])];
const rows = results.map((result) => [
  result.path,
  ...categories.map((c) => String(result.scores[c] ?? '–')),
  String(result.totalBlockingTimeMs),
  (result.largestContentfulPaintMs / 1000).toFixed(1),
  String(result.scriptTransferKiB ?? '–'),
  ...(options.runs > 1 ? [result.runs.join(' ')] : []),
]);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
const line = (cells) =>
  `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
process.stdout.write(
  `\nLighthouse ${lighthouseVersion} mobile preset, ${options.runs > 1 ? `median of ${options.runs} runs` : 'one run'} per page (${new Date().toISOString()}); JS KiB = script transfer (compressed)\n\n`,
);
process.stdout.write(
  `${line(header)}\n|${widths.map((w, i) => (i === 0 ? '-' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|\n`,
);
for (const row of rows) process.stdout.write(`${line(row)}\n`);

const belowMinimum = [];
for (const result of results) {
  for (const [category, minimum] of Object.entries(options.min)) {
    if (!categoriesOf(result.path).includes(category)) continue;
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
