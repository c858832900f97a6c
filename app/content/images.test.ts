import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { images } from './images';

// happy-dom replaces URL, so resolve from the repository root vitest runs in.
const publicDir = join(process.cwd(), 'public');
const entries = Object.entries(images);

/** Minimal well-formedness check: balanced tags and no attribute given twice on one element. */
function xmlProblems(text: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const match of text.matchAll(/<(\/?)([a-zA-Z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, tagName = '', attrs = '', selfClosing] = match;
    if (closing) {
      if (stack.pop() !== tagName) problems.push(`unbalanced </${tagName}>`);
      continue;
    }
    const names = [...attrs.matchAll(/([\w:-]+)="[^"]*"/g)].map((m) => m[1]);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate) problems.push(`<${tagName}> repeats ${duplicate}`);
    if (!selfClosing) stack.push(tagName);
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  return problems;
}

describe('the illustration set', () => {
  it.each(entries)('%s is a small, self-contained SVG of the size the manifest states', (_name, image) => {
    const file = `${publicDir}${image.src}`;
    const text = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBeLessThan(6 * 1024);
    expect(text).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${image.width} ${image.height}"`));
    expect(xmlProblems(text)).toEqual([]);
    // No scripts, no fonts or text, nothing fetched from elsewhere.
    expect(text).not.toMatch(/<script|<text|<image|<foreignObject|href|url\(|@import/i);
  });

  it('gives every image a meaningful Danish alt text', () => {
    for (const [, image] of entries) {
      expect(image.alt.length).toBeGreaterThan(15);
      expect(image.alt).not.toMatch(/\b(image|picture|illustration|placeholder)\b/i);
    }
  });

  it('uses each file once', () => {
    const sources = entries.map(([, image]) => image.src);
    expect(new Set(sources).size).toBe(sources.length);
  });
});
