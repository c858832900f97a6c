#!/usr/bin/env node
// The container image's packages stage: deletes from the production node_modules what the site
// never loads, by the list scripts/runtime-files.mjs made from the built entries.
//   node prune-runtime-files.mjs LIST NODE_MODULES
// - a package none of whose module files is listed goes whole (client-only packages, optional
//   drivers, what only a development log needs);
// - in the others, module files (.js, .cjs, .mjs) that are not listed go: the other module
//   format, browser and development builds, unused parts;
// - type declarations, TypeScript sources, source maps and documents go everywhere.
// Everything else of a kept package stays (package.json, JSON and data files read at run time,
// PGlite's WebAssembly, the native argon2 add-on). Pure Node, no package: it runs before any.
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const [listFile, nodeModules] = process.argv.slice(2);
if (!listFile || !nodeModules) throw new Error('usage: prune-runtime-files.mjs LIST NODE_MODULES');

/** Paths as listed: `node_modules/…`. */
const listed = new Set(
  readFileSync(listFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('node_modules/')),
);
if (listed.size === 0) throw new Error(`${listFile} lists no file`);
const packageOf = (file) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
const keptPackages = new Set([...listed].map(packageOf));

/** Loaded by path, not through an import that a trace sees: kept whole. */
const wholePackages = new Set(['node_modules/thread-stream', 'node_modules/pino']);
/** Folders of data files read by path (fonts): only the listed ones stay. */
const listedOnly = ['node_modules/dejavu-fonts-ttf/ttf'];
const moduleFile = /\.(?:c|m)?jsx?$/;
const neverNeeded = /(?:\.d\.(?:c|m)?ts|\.(?:c|m)?ts|\.tsx|\.map|\.md|\.markdown)$/i;

let removedBytes = 0;
function size(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0);
}
function remove(path) {
  removedBytes += size(path);
  rmSync(path, { recursive: true, force: true });
}

/** `dir` is `<prefix>node_modules`: each package in it (scoped ones too). */
function prunePackages(dir, prefix) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) {
      remove(join(dir, name));
      continue;
    }
    const names = name.startsWith('@') ? readdirSync(join(dir, name)).map((sub) => `${name}/${sub}`) : [name];
    for (const pkg of names) {
      const relative = `${prefix}node_modules/${pkg}`;
      if (keptPackages.has(relative)) pruneFiles(join(dir, pkg), relative, wholePackages.has(relative));
      else remove(join(dir, pkg));
    }
  }
}

function pruneFiles(dir, relative, whole) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') prunePackages(path, `${relative}/`);
      else pruneFiles(path, rel, whole);
    } else if (neverNeeded.test(entry.name)) remove(path);
    else if (listed.has(rel) || whole) continue;
    else if (moduleFile.test(entry.name) || listedOnly.includes(relative)) remove(path);
  }
}

prunePackages(nodeModules, '');
console.log(
  `pruned ${(removedBytes / 1e6).toFixed(1)} MB from ${nodeModules}; ${keptPackages.size} packages kept`,
);
