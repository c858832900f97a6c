/**
 * The embedded database's lock: a live holder refuses, one that is gone (or whose process id now
 * belongs to a later process, or who never finished writing it) does not block.
 */
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockEmbeddedDatabase } from './pglite-lock.ts';

describe('the embedded database lock', () => {
  let dir: string;
  let db: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
    db = join(dir, 'db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second opener while the first holds it, and lets it in after release', async () => {
    const release = await lockEmbeddedDatabase(db, { what: 'server', waitMs: 0 });
    const refused = await lockEmbeddedDatabase(db, { what: 'npm run staff', waitMs: 0 }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(DatabaseInUseError);
    expect((refused as DatabaseInUseError).holder).toMatchObject({ pid: process.pid, what: 'server' });
    release();
    (await lockEmbeddedDatabase(db, { what: 'npm run staff', waitMs: 0 }))();
  });

  it('waits for a holder that lets go within the wait', async () => {
    const release = await lockEmbeddedDatabase(db, { what: 'npm run staff', waitMs: 0 });
    setTimeout(release, 300);
    const started = Date.now();
    (await lockEmbeddedDatabase(db, { what: 'server', waitMs: 5_000 }))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('takes over a lock whose process id now belongs to a process that started later', async () => {
    const release = await lockEmbeddedDatabase(db, { what: 'server', waitMs: 0 });
    const live = JSON.parse(readFileSync(`${db}.lock`, 'utf8')) as { started: number | null };
    release();
    // Linux only: elsewhere the start time is unknown and a live id always holds.
    if (live.started === null) return;
    writeFileSync(
      `${db}.lock`,
      JSON.stringify({ pid: process.pid, started: live.started - 1, what: 'server' }),
    );
    (await lockEmbeddedDatabase(db, { what: 'npm run staff', waitMs: 0 }))();
  });

  it('takes over a lock left half written once it is 2 s old, not before', async () => {
    writeFileSync(`${db}.lock`, '{"pid":');
    const old = new Date(Date.now() - 3_000);
    utimesSync(`${db}.lock`, old, old);
    (await lockEmbeddedDatabase(db, { what: 'server', waitMs: 0 }))();

    // Fresh: its writer may be between creating and writing it.
    writeFileSync(`${db}.lock`, '{"pid":');
    const started = Date.now();
    (await lockEmbeddedDatabase(db, { what: 'server', waitMs: 0 }))();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_800);
  });
});
