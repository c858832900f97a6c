#!/usr/bin/env node
// `npm run staff -- <command>`: bundles server/staff-cli.ts (TypeScript, like the server) and runs
// it. The commands and their Danish help text are in that file.
import './require-node.mjs';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './node-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules', '.cache', 'staff-cli');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'staff-cli.mjs');
await bundleForNode(join(root, 'server', 'staff-cli.ts'), outfile);
await import(pathToFileURL(outfile).href);
