/**
 * A small build/client look-alike for the static-serving tests: pages with inline scripts like
 * React Router's, the three not-found pages, hashed assets and pre-compressed variants.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export function page(title: string, inlineScript: string): string {
  return `<!DOCTYPE html><html lang="da"><head><meta charset="utf-8"><title>${title}</title>
<link rel="modulepreload" href="/assets/entry-abc123.js"></head><body><h1>${title}</h1>
<script>${inlineScript}</script>
<script type="module" src="/assets/entry-abc123.js"></script>
<script type="module">import("/assets/entry-abc123.js");</script></body></html>`;
}

export interface ClientFixture {
  dir: string;
  files: Record<string, string>;
  remove(): void;
}

export function createClientFixture(): ClientFixture {
  const root = mkdtempSync(join(tmpdir(), 'client-fixture-'));
  const dir = join(root, 'client');
  const files: Record<string, string> = {
    'index.html': page('Forside', 'window.__reactRouterContext = {"url":"/"};'),
    'services/index.html': page('Ydelser', 'window.__reactRouterContext = {"url":"/services"};'),
    'blog/3d-scanning/index.html': page(
      'Artikel',
      'window.__reactRouterContext = {"url":"/blog/3d-scanning"};',
    ),
    '__not-found/0/index.html': page('Ups! Siden er skadet — brand', 'window.__nf = 0;'),
    '__not-found/1/index.html': page('Ups! Siden er skadet — vand', 'window.__nf = 1;'),
    '__not-found/2/index.html': page('Ups! Siden er skadet — stjålet', 'window.__nf = 2;'),
    '__spa-fallback.html': page('Fallback', 'window.__fallback = true;'),
    'assets/entry-abc123.js': 'console.log("entry");'.repeat(50),
    'assets/style-def456.css': 'body{margin:0}'.repeat(50),
    'robots.txt': 'User-agent: *\nAllow: /\n',
    // A page's loader data for client-side navigation (React Router's prerendered .data file).
    'services.data': '[{"_1":2},"routes/services",{"_3":4},"data",{"title":"Ydelser"}]\n',
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  // Variants as the build makes them (server/static never compresses at runtime).
  const compressed = [
    'index.html',
    'services/index.html',
    'assets/entry-abc123.js',
    '__not-found/0/index.html',
    '__not-found/1/index.html',
    '__not-found/2/index.html',
  ];
  for (const rel of compressed) {
    const content = Buffer.from(files[rel]!);
    writeFileSync(join(dir, `${rel}.br`), brotliCompressSync(content));
    writeFileSync(join(dir, `${rel}.gz`), gzipSync(content));
  }
  writeFileSync(
    join(dir, 'assets/style-def456.css.gz'),
    gzipSync(Buffer.from(files['assets/style-def456.css']!)),
  );
  return { dir, files, remove: () => rmSync(root, { recursive: true, force: true }) };
}
