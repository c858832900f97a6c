/**
 * Two things several scripts need: our TypeScript bundled into one ES module that Node runs (the
 * server, the staff command, benches), and a free port on 127.0.0.1 for a server they start.
 */
import { createServer } from 'node:net';
import { build } from 'esbuild';

/**
 * Bundles `entry` (TypeScript) into `outfile`, an ES module for Node 20; packages stay in
 * node_modules. `extra` adds esbuild options (e.g. `{ sourcemap: true }`).
 * @param {string} entry
 * @param {string} outfile
 * @param {import('esbuild').BuildOptions} [extra]
 */
export function bundleForNode(entry, outfile, extra = {}) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    // Bundled CommonJS helpers may call require(); ESM has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    ...extra,
  });
}

/**
 * A free TCP port on 127.0.0.1.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
