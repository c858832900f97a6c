#!/usr/bin/env node
// `npm run backup` / `npm run restore`: bundles server/backup-cli.ts (TypeScript, like the server)
// and runs it with the command and its arguments. Usage in that file.
import './require-node.mjs';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForNode } from './node-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules', '.cache', 'backup-cli');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, 'backup-cli.mjs');
await bundleForNode(join(root, 'server', 'backup-cli.ts'), outfile);
await import(pathToFileURL(outfile).href);
