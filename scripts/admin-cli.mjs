// The administration commands (`npm run staff`, `backup`, `restore`, `migrate`) on a checkout and
// in the container image alike. On a checkout the TypeScript entry is bundled fresh with esbuild
// (a dev dependency), so it never runs stale code; the image has no sources and no esbuild, and
// runs the bundle its build made (scripts/bundle-admin.mjs → dist/admin).
import './require-node.mjs';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The entries under server/ that the image carries as bundles, by command. */
export const adminEntries = ['staff-cli', 'backup-cli', 'migrate-cli'];

/** Runs server/<name>.ts (checkout) or dist/admin/<name>.mjs (image). */
export async function runAdminCli(name) {
  const source = join(root, 'server', `${name}.ts`);
  let outfile = join(root, 'dist', 'admin', `${name}.mjs`);
  if (existsSync(source)) {
    const { bundleForNode } = await import('./node-tools.mjs');
    const outDir = join(root, 'node_modules', '.cache', name);
    mkdirSync(outDir, { recursive: true });
    outfile = join(outDir, `${name}.mjs`);
    await bundleForNode(source, outfile);
  }
  await import(pathToFileURL(outfile).href);
}
