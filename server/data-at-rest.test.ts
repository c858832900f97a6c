/**
 * What the server leaves on disk, read as another local user would: the real entry point, bundled
 * the way scripts/build.mjs does and run as its own process (its umask is its own), on the
 * embedded database with .eml files for mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForNode } from '../scripts/node-tools.mjs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoot } from './app-root.ts';
import { createClientFixture, type ClientFixture } from './test/client-fixture.ts';
import { contactBody } from './test/lead-bodies.ts';

let bundleDir: string;
let entry: string;
let fixture: ClientFixture;
let root: string;

beforeAll(async () => {
  mkdirSync(join(appRoot, 'dist'), { recursive: true });
  bundleDir = mkdtempSync(join(appRoot, 'dist', 'data-at-rest-test-'));
  entry = join(bundleDir, 'index.js');
  await bundleForNode(join(appRoot, 'server', 'index.ts'), entry, { logLevel: 'silent' });
  fixture = createClientFixture();
  root = mkdtempSync(join(tmpdir(), 'data-at-rest-'));
}, 120_000);

afterAll(() => {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
  fixture.remove();
});

/** Everything under `dir` (itself included) that others than its owner may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const info = lstatSync(path);
    if ((info.mode & 0o077) !== 0) open.push(`${path.slice(dir.length)} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return open;
}

const allFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

async function until<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('data at rest', () => {
  it('is the owner’s only, older files made so at start with one log line, and no mail copy holds a case link’s key', async () => {
    // A DATA_DIR as an older version left it: readable by everybody.
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'mail'), { recursive: true });
    writeFileSync(join(dataDir, 'mail', 'old.eml'), 'Subject: old\r\n\r\nold\r\n');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'mail'), 0o755);
    chmodSync(join(dataDir, 'mail', 'old.eml'), 0o644);

    const child: ChildProcess = spawn(process.execPath, [entry], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        CLIENT_DIR: fixture.dir,
        SPAM_CHECKS: 'off',
        RATE_LIMIT_SUBMISSIONS_PER_MINUTE: '0',
        ADDRESS_API_KIND: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await until(
        'the server',
        () => /site ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
      );
      const fixed = output.split('\n').filter((line) => line.includes('DATA_DIR is owner-only'));
      expect(fixed).toHaveLength(1);
      expect(fixed[0]).toContain('3 files and folders were readable by others and are no longer');

      const sent = await fetch(`${url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(contactBody),
      });
      expect(sent.status).toBe(201);
      const mailDir = join(dataDir, 'mail');
      const receipt = await until('the receipt', async () => {
        for (const name of readdirSync(mailDir).filter(
          (file) => file.endsWith('.eml') && file !== 'old.eml',
        )) {
          const raw = readFileSync(join(mailDir, name));
          const parsed = await simpleParser(raw);
          if (parsed.text?.includes('Følg din sag')) return { raw, text: parsed.text };
        }
        return undefined;
      });
      // The customer got the link; the copy on disk shows where it went, not the key.
      expect(receipt.text).toMatch(/Følg din sag: \S+\/sag\/\[skjult\]/);
      expect(receipt.raw.toString('latin1').replace(/=\r?\n/g, '')).not.toMatch(/\/sag\/[A-Za-z0-9_-]{43}/);

      // While it runs, no other user may even enter DATA_DIR or the database's folder.
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      expect(lstatSync(join(dataDir, 'db')).mode & 0o777).toBe(0o700);
      expect(lstatSync(mailDir).mode & 0o777).toBe(0o700);

      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      // The database (its WAL included), the signing secret, the mail copies: nobody else's.
      const files = allFiles(dataDir);
      expect(files.some((file) => file.includes(join('db', 'pg_wal')))).toBe(true);
      expect(files).toContain(join(dataDir, 'signing-secret'));
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
