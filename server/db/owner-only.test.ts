import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOwnerOnly } from './owner-only.ts';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('makeOwnerOnly', () => {
  it('takes every permission of others off folders and files, counts what it changed, and leaves links alone', () => {
    root = mkdtempSync(join(tmpdir(), 'owner-only-'));
    const data = join(root, 'data');
    mkdirSync(join(data, 'db', 'pg_wal'), { recursive: true });
    writeFileSync(join(data, 'db', 'pg_wal', '000000010000000000000001'), 'wal');
    writeFileSync(join(data, 'signing-secret'), 'x', { mode: 0o600 });
    writeFileSync(join(root, 'elsewhere'), 'not ours to change');
    chmodSync(join(root, 'elsewhere'), 0o644);
    symlinkSync(join(root, 'elsewhere'), join(data, 'link'));
    chmodSync(data, 0o755);
    chmodSync(join(data, 'db'), 0o777);
    chmodSync(join(data, 'db', 'pg_wal'), 0o750);
    chmodSync(join(data, 'db', 'pg_wal', '000000010000000000000001'), 0o666);

    expect(makeOwnerOnly(data)).toEqual({ changed: 4, refused: 0 });
    expect(modeOf(data)).toBe(0o700);
    expect(modeOf(join(data, 'db'))).toBe(0o700);
    expect(modeOf(join(data, 'db', 'pg_wal'))).toBe(0o700);
    expect(modeOf(join(data, 'db', 'pg_wal', '000000010000000000000001'))).toBe(0o600);
    expect(modeOf(join(data, 'signing-secret'))).toBe(0o600);
    expect(modeOf(join(root, 'elsewhere'))).toBe(0o644);
    // Once is enough: a second start changes nothing.
    expect(makeOwnerOnly(data)).toEqual({ changed: 0, refused: 0 });
    expect(makeOwnerOnly(join(root, 'missing'))).toEqual({ changed: 0, refused: 0 });
  });
});
