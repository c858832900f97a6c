import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, durableStartParams, openDurablePglite } from './pglite-durable.ts';

describe('PGlite on disk', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'pglite-durable-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('runs with fsync on, flushing the WAL with fsync(2) at every commit', async () => {
    const dir = join(root, 'fsync');
    await (await openDurablePglite(dir)).close();
    // The options openDurablePglite uses, with a file system whose count the test can read.
    const client = new PGlite({ fs: new DurableNodeFS(dir), startParams: [...durableStartParams] });
    try {
      await client.waitReady;
      const setting = async (name: string) =>
        (await client.query<{ value: string }>(`select current_setting('${name}') as value`)).rows[0]!.value;
      expect(await setting('fsync')).toBe('on');
      expect(await setting('wal_sync_method')).toBe('fsync');
      expect(await setting('synchronous_commit')).toBe('on');
      expect(await setting('full_page_writes')).toBe('on');
      await client.exec('create table t (id int)');
      const counted = client.fs as DurableNodeFS;
      const before = counted.fsyncs;
      for (let i = 0; i < 5; i++) await client.query('insert into t values ($1)', [i]);
      // PGlite's default would be 0: its NODEFS has no fsync and PostgreSQL runs with -F.
      expect(counted.fsyncs - before).toBeGreaterThanOrEqual(5);
    } finally {
      await client.close();
    }
    expect(PGlite.defaultStartParams).toContain('-F');
    expect(durableStartParams).not.toContain('-F');
  });

  it('never leaves half a database when the first start is killed', async () => {
    // Inside the repository, so that its packages resolve from node_modules.
    const bundle = resolve('node_modules/.cache/pglite-durable-test/open.mjs');
    await build({
      stdin: {
        contents: `import { openDurablePglite } from ${JSON.stringify(resolve('server/db/pglite-durable.ts'))};
          const client = await openDurablePglite(process.argv[2]);
          await client.close();`,
        resolveDir: resolve('.'),
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: bundle,
      logLevel: 'silent',
    });
    const dir = join(root, 'killed', 'db');
    // Killed as soon as the new database's files start to appear (PGlite copies them one by one).
    const child = spawn(process.execPath, [bundle, dir], { stdio: 'ignore', cwd: resolve('.') });
    const exited = new Promise((done) => child.once('exit', done));
    const parent = join(root, 'killed');
    const started = Date.now();
    for (;;) {
      const fresh = existsSync(parent)
        ? readdirSync(parent).find((name) => name.startsWith('.db-new-'))
        : undefined;
      if (fresh && existsSync(join(parent, fresh, 'PG_VERSION'))) break;
      if (Date.now() - started > 60_000 || child.exitCode !== null)
        throw new Error('the first start never began');
      await new Promise((done) => setTimeout(done, 1));
    }
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);

    const client = await openDurablePglite(dir);
    try {
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.close();
    }
    expect(readdirSync(parent)).toEqual(['db']);
  });
});
