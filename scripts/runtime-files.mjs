#!/usr/bin/env node
// The container image's build step that says which files under node_modules the image needs: the
// server bundle, the form render entry and the administration commands import their packages
// (packages stay external), so esbuild follows those imports from the built entries as Node
// would and lists every module file it reaches. Both sides of a `process.env.NODE_ENV` branch are
// kept: Node's reading of a CommonJS module's named exports follows both.
// The image keeps those, the data files of the packages they belong to (PGlite's WebAssembly,
// fonts, JSON read at run time) and every package.json; scripts/prune-runtime-files.mjs deletes
// the rest (other module formats, browser builds, development builds, unused packages).
//   node scripts/runtime-files.mjs > dist/runtime-files.txt
import './require-node.mjs';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { adminEntries } from './admin-cli.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entries = [
  join(root, 'dist', 'server', 'index.js'),
  join(root, 'build', 'form-render', 'server-render.js'),
  ...adminEntries.map((name) => join(root, 'dist', 'admin', `${name}.mjs`)),
];
for (const entry of entries) {
  if (!existsSync(entry))
    throw new Error(
      `${relative(root, entry)} is missing: run npm run build and scripts/bundle-admin.mjs first`,
    );
}

/**
 * Files the site reads by path rather than by import: the two fonts of the PDFs it draws
 * (scripts/pdfs/pdf-inputs.mjs); the package's other fonts are not needed.
 */
const readByPath = [
  'node_modules/dejavu-fonts-ttf/package.json',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
];

const result = await build({
  entryPoints: entries,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  outdir: join(root, 'node_modules', '.cache', 'runtime-files'),
  write: false,
  metafile: true,
  // Node reads `main` and `exports`, never `module` (esbuild's default condition: off).
  mainFields: ['main'],
  conditions: [],
  // Native add-ons and WebAssembly are loaded by path at run time: kept with their package.
  loader: { '.node': 'empty', '.wasm': 'empty', '.data': 'empty' },
  logLevel: 'error',
});

const files = Object.keys(result.metafile.inputs)
  .map((input) => resolve(process.cwd(), input.replace(/^[a-z-]+:/, '')))
  // From the first node_modules folder on (in a checkout it may be a link to another tree's).
  .flatMap((path) => /(?:^|\/)(node_modules\/.*)$/.exec(path)?.[1] ?? [])
  .concat(readByPath)
  .sort();
if (files.length === 0) throw new Error('no file under node_modules reached: the trace failed');
// Sanity: every listed file exists (a wrong root would prune everything).
for (const file of files) if (!existsSync(join(root, file))) throw new Error(`${file} does not exist`);
process.stdout.write(`${files.join('\n')}\n`);
