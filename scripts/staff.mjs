#!/usr/bin/env node
// `npm run staff -- <command>`: bundles server/staff-cli.ts (TypeScript, like the server) and runs
// it. The commands and their Danish help text are in that file.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules', '.cache', 'staff-cli');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'staff-cli.mjs');
await build({
  entryPoints: [join(root, 'server', 'staff-cli.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
await import(pathToFileURL(outfile).href);
