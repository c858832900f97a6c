import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatReport, htmlFiles, parseVnuJson } from './validate-html.mjs';

const root = '/site/build/client';

// The Nu HTML Checker's `--format json` output, abridged.
const output = JSON.stringify({
  version: '26.9.27',
  messages: [
    {
      type: 'error',
      url: `file:${root}/blog/index.html`,
      lastLine: 1,
      firstColumn: 40,
      lastColumn: 60,
      message: 'Element “svg” not allowed as child of element “div” in this context.',
      extract: '<div class="x">\n<svg aria-hidden="true">',
    },
    {
      type: 'info',
      url: `file:${root}/index.html`,
      lastLine: 1,
      firstColumn: 10,
      message:
        'Trailing slash on void elements has no effect and interacts badly with unquoted attribute values.',
    },
    {
      type: 'info',
      subType: 'warning',
      url: `file:${root}/sitemap/index.html`,
      lastLine: 1,
      firstColumn: 5000,
      message: 'Section lacks heading.',
    },
    {
      type: 'error',
      url: `file:${root}/blog/index.html`,
      lastLine: 1,
      firstColumn: 12,
      message: 'Bad value “street-address” for attribute “autocomplete” on element “input”.',
    },
    { type: 'non-document-error', url: `file:${root}/gone.html`, message: 'File not found.' },
  ],
});

describe('reading the HTML checker’s JSON', () => {
  it('sorts its messages into errors, warnings and info notes, with paths relative to the site', () => {
    const messages = parseVnuJson(output, root);
    expect(messages.map((m) => [m.severity, m.file, m.line, m.column])).toEqual([
      ['error', 'blog/index.html', 1, 40],
      ['info', 'index.html', 1, 10],
      ['warning', 'sitemap/index.html', 1, 5000],
      ['error', 'blog/index.html', 1, 12],
      ['error', 'gone.html', undefined, undefined],
    ]);
  });

  it('refuses an answer that is not the checker’s JSON', () => {
    expect(() => parseVnuJson('Exception in thread "main"', root)).toThrow(/did not answer with JSON/);
    expect(() => parseVnuJson('{}', root)).toThrow(/without messages/);
  });
});

describe('the report', () => {
  it('fails on errors, listing each per page in order, with the warnings and the totals', () => {
    const { ok, text } = formatReport(parseVnuJson(output, root), 30);
    expect(ok).toBe(false);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('blog/index.html: 2 errors');
    expect(lines[1]).toBe(
      '  error blog/index.html:1:12  Bad value “street-address” for attribute “autocomplete” on element “input”.',
    );
    expect(lines[2]).toMatch(/^ {2}error blog\/index\.html:1:40 {2}Element “svg” not allowed/);
    expect(lines[3]).toBe('      <div class="x"> <svg aria-hidden="true">');
    expect(text).toContain('gone.html: 1 error\n  error gone.html  File not found.');
    expect(text).toContain(
      'sitemap/index.html: 1 warning\n  warning sitemap/index.html:1:5000  Section lacks heading.',
    );
    expect(text).not.toContain('Trailing slash');
    expect(lines.at(-1)).toBe('30 pages checked: 3 errors in 2 pages, 1 warning, 1 info note');
  });

  it('passes with warnings only', () => {
    const warningsOnly = parseVnuJson(output, root).filter((m) => m.severity !== 'error');
    const { ok, text } = formatReport(warningsOnly, 2);
    expect(ok).toBe(true);
    expect(text.trimEnd().split('\n').at(-1)).toBe('2 pages checked: 0 errors, 1 warning, 1 info note');
  });
});

describe('the pages to check', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('are every .html file under the folder, pre-compressed copies left out', () => {
    dir = mkdtempSync(join(tmpdir(), 'validate-html-'));
    mkdirSync(join(dir, '__not-found', '1'), { recursive: true });
    mkdirSync(join(dir, 'assets'));
    for (const file of [
      'index.html',
      'index.html.br',
      'index.html.gz',
      '__spa-fallback.html',
      '__not-found/1/index.html',
      'assets/app.js',
    ])
      writeFileSync(join(dir, file), '');
    expect(htmlFiles(dir).map((file) => file.slice(dir!.length + 1))).toEqual([
      '__not-found/1/index.html',
      '__spa-fallback.html',
      'index.html',
    ]);
  });
});
