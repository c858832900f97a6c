#!/usr/bin/env node
/**
 * `npm run build`: everything `npm start` serves.
 *   1. pages: react-router build (prerenders every route into build/client, PUBLIC_URL baked in)
 *   2. server: server/index.ts bundled with esbuild into dist/server/index.js, and the forms'
 *      server render entry into build/form-render (the answers to forms sent without scripts)
 *   3. extra build steps (hydration after first paint: scripts/defer-hydration.mjs; resource PDFs:
 *      scripts/build-pdfs.mjs) — add new steps to `extraSteps`
 *   4. pre-compression: .br and .gz next to every text file of build/client (served by
 *      server/static by Accept-Encoding); must stay the last step that writes build/client
 *   5. build/build-info.json: { publicUrl } the pages were built for (start.mjs compares it)
 */
import './require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bundleForNode } from './node-tools.mjs';
import { deferHydrationInDir } from './defer-hydration.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// domain/site.ts is TypeScript, which this script cannot import; its one constant is read here.
export const defaultPublicUrl =
  /defaultPublicUrl\s*=\s*'([^']+)'/.exec(readFileSync(join(root, 'domain', 'site.ts'), 'utf8'))?.[1] ??
  'http://localhost:3000';
export const clientDir = join(root, 'build', 'client');
export const serverBundle = join(root, 'dist', 'server', 'index.js');
export const buildInfoFile = join(root, 'build', 'build-info.json');

/** The PUBLIC_URL the pages are (to be) built for, normalised like the server does. */
export function currentPublicUrl(env = process.env) {
  return (env.PUBLIC_URL?.trim() || defaultPublicUrl).replace(/\/+$/, '');
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.xml',
  '.txt',
  '.webmanifest',
  '.ics',
  '.map',
  '.data',
]);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes .br (quality 11) and .gz (level 9) beside each text file, when they are smaller. */
export function precompress(dir) {
  let files = 0;
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const body = readFileSync(path);
    const variants = [
      [
        '.br',
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      ],
      ['.gz', gzipSync(body, { level: 9 })],
    ];
    for (const [suffix, compressed] of variants) {
      if (compressed.length < body.length) writeFileSync(path + suffix, compressed);
      else rmSync(path + suffix, { force: true });
    }
    files++;
  }
  return files;
}

export async function bundleServer() {
  await bundleForNode(join(root, 'server', 'index.ts'), serverBundle, { sourcemap: true });
}

/** Steps between the page build and pre-compression. Add new build steps here. */
const extraSteps = [
  ['hydration after the first paint', () => console.log(`  ${deferHydrationInDir(clientDir)} pages`)],
  [
    'resource PDFs',
    () =>
      existsSync(join(root, 'scripts', 'build-pdfs.mjs')) &&
      run(process.execPath, [join(root, 'scripts', 'build-pdfs.mjs')]),
  ],
];

export async function buildAll() {
  const publicUrl = currentPublicUrl();
  const started = Date.now();
  const step = (name) => console.log(`\n▶ ${name}`);
  process.env.PUBLIC_URL = publicUrl;
  rmSync(buildInfoFile, { force: true });

  step(`pages (react-router build, PUBLIC_URL=${publicUrl})`);
  run(process.execPath, [join(root, 'node_modules', '@react-router', 'dev', 'bin.cjs'), 'build']);

  step('form render entry (build/form-render/server-render.js)');
  run(process.execPath, [
    join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--config',
    join(root, 'vite.form-render.config.ts'),
  ]);

  step('server bundle (dist/server/index.js)');
  await bundleServer();

  for (const [name, fn] of extraSteps) {
    step(name);
    await fn();
  }

  step('pre-compression (.br, .gz)');
  console.log(`  ${precompress(clientDir)} files`);

  writeFileSync(
    buildInfoFile,
    JSON.stringify({ publicUrl, builtAt: new Date().toISOString() }, null, 2) + '\n',
  );
  console.log(`\n✓ built for ${publicUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildAll().catch((error) => {
    console.error(`\n✗ build failed: ${error.message}`);
    process.exit(1);
  });
}
