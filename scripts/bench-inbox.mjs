#!/usr/bin/env node
/**
 * The inbox's list and search at 100,000 leads, on PGlite and on PostgreSQL (a throwaway cluster
 * from the installed PostgreSQL 15 binaries, or DATABASE_URL): p50/p95 server time per case.
 *
 *   node scripts/bench-inbox.mjs [--only pglite|postgres]   (BENCH_LEADS, BENCH_RUNS to change sizes)
 */
import './require-node.mjs';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchPostgres, bundleForNode } from './node-tools.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.cache', 'bench-inbox');
const { values: args } = parseArgs({ options: { only: { type: 'string' } } });

mkdirSync(cacheDir, { recursive: true });
await bundleForNode(join(root, 'scripts', 'bench-inbox.ts'), join(cacheDir, 'bench.mjs'));
await bundleForNode(
  join(root, 'server', 'test', 'postgres-cluster.ts'),
  join(cacheDir, 'postgres-cluster.mjs'),
);
const { benchInbox } = await import(pathToFileURL(join(cacheDir, 'bench.mjs')).href);

const rows = [];
if (!args.only || args.only === 'pglite') {
  const result = await benchInbox('PGlite', undefined);
  console.log(`PGlite: ${process.env.BENCH_LEADS ?? 100000} leads seeded in ${result.seeded} s`);
  rows.push(...result.rows);
}
if (!args.only || args.only === 'postgres') {
  let database;
  try {
    database = await benchPostgres('bench_inbox', join(cacheDir, 'postgres-cluster.mjs'));
    const result = await benchInbox('PostgreSQL', database.databaseUrl);
    console.log(`PostgreSQL: leads seeded in ${result.seeded} s`);
    rows.push(...result.rows);
  } catch (error) {
    console.warn(`PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await database?.stop();
  }
}
console.table(rows);
console.log('target: p95 ≤ 50 ms server time per case');
