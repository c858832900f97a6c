/**
 * What several scripts need: our TypeScript bundled into one ES module that Node runs (the server,
 * the staff command, benches), a free port on 127.0.0.1 for a server they start, and the
 * PostgreSQL database a bench measures.
 */
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';

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

/**
 * The PostgreSQL database a bench measures: DATABASE_URL when set, otherwise a new database
 * `name` in a throwaway PostgreSQL 15 cluster with the default durability (fsync, synchronous
 * commit), the figure of a real server. `clusterModule` is server/test/postgres-cluster.ts bundled
 * with `bundleForNode`. `stop()` removes the cluster (nothing when DATABASE_URL was used).
 * @param {string} name
 * @param {string} clusterModule
 * @returns {Promise<{ databaseUrl: string; throwaway: boolean; stop(): Promise<void> }>}
 */
export async function benchPostgres(name, clusterModule) {
  if (process.env.DATABASE_URL) {
    return { databaseUrl: process.env.DATABASE_URL, throwaway: false, stop: async () => {} };
  }
  const { startPostgresCluster } = await import(pathToFileURL(clusterModule).href);
  const cluster = await startPostgresCluster({ durable: true });
  try {
    const admin = new pg.Client({ connectionString: `${cluster.baseUrl}/postgres` });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return { databaseUrl: `${cluster.baseUrl}/${name}`, throwaway: true, stop: () => cluster.stop() };
}
