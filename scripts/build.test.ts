import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript build script without type declarations
import { currentPublicUrl, precompress } from './build.mjs';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip variants that decompress to the original text files', () => {
    const html = '<!doctype html><p>Skadeservice døgnet rundt</p>'.repeat(40);
    mkdirSync(join(dir, 'services'));
    writeFileSync(join(dir, 'services', 'index.html'), html);
    writeFileSync(join(dir, 'app.js'), 'export const x = 1;\n'.repeat(40));
    expect(precompress(dir)).toBe(2);
    expect(brotliDecompressSync(readFileSync(join(dir, 'services', 'index.html.br'))).toString()).toBe(html);
    expect(gunzipSync(readFileSync(join(dir, 'services', 'index.html.gz'))).toString()).toBe(html);
    expect(existsSync(join(dir, 'app.js.br'))).toBe(true);
  });

  it('leaves binary files and files that would not shrink alone', () => {
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4000));
    writeFileSync(join(dir, 'tiny.txt'), 'a');
    precompress(dir);
    expect(existsSync(join(dir, 'photo.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.txt.gz'))).toBe(false);
  });
});

describe('currentPublicUrl', () => {
  it('defaults to the local origin and drops trailing slashes', () => {
    expect(currentPublicUrl({})).toBe('http://localhost:3000');
    expect(currentPublicUrl({ PUBLIC_URL: 'https://skade.example.dk/' })).toBe('https://skade.example.dk');
  });
});
