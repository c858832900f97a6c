#!/usr/bin/env node
// The container image's build step for the administration commands: server/<entry>.ts bundled into
// dist/admin/<entry>.mjs, which scripts/admin-cli.mjs runs where no sources are.
import './require-node.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminEntries } from './admin-cli.mjs';
import { bundleForNode } from './node-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const name of adminEntries) {
  await bundleForNode(join(root, 'server', `${name}.ts`), join(root, 'dist', 'admin', `${name}.mjs`));
}
console.log(`administration commands in dist/admin: ${adminEntries.join(', ')}`);
