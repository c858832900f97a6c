import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../domain/company.ts';
import { resourceCatalogue } from '../domain/resources.ts';
import { buildResourcePdfs, parseResourceMarkdown, readCompany, resourcesSourceDir } from './build-pdfs.mjs';

/** The text a PDF draws (hex strings shown with Tj in its deflated content streams), WinAnsi ≈ latin1. */
function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const pieces: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      pieces.push(Buffer.from(text[1]!, 'hex').toString('latin1'));
  }
  return pieces.join('\n');
}

describe('resource PDFs', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pdfs-'));
    await buildResourcePdfs({ outDir });
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('reads the company details from domain/company.ts', async () => {
    expect(await readCompany()).toEqual({
      name: company.name,
      legalName: company.legalName,
      phoneDisplay: company.phoneDisplay,
      email: company.email,
      cvr: company.cvr,
    });
  });

  it.each(resourceCatalogue.map((resource) => [resource.title, resource] as const))(
    'makes "%s" into a titled, multi-page PDF with Danish text, company and page numbers',
    async (title, resource) => {
      const source = await readFile(join(resourcesSourceDir, resource.sourceFile), 'utf8');
      expect(parseResourceMarkdown(source).title).toBe(title);
      const pdf = await readFile(join(outDir, resource.fileName));
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const document = await PDFDocument.load(pdf);
      expect(document.getTitle()).toBe(title);
      expect(document.getAuthor()).toBe(company.name);
      const pages = document.getPageCount();
      expect(pages).toBeGreaterThanOrEqual(2);
      const text = drawnText(pdf);
      expect(text).toContain(company.name);
      expect(text).toContain(company.phoneDisplay);
      expect(text).toContain(`Side 1 af ${pages}`);
      expect(text).toContain(`Side ${pages} af ${pages}`);
      expect(text).toMatch(/[æøå]/);
    },
  );

  it('the e-book has ten tips and the checklist covers before, during and after', async () => {
    const book = parseResourceMarkdown(
      await readFile(join(resourcesSourceDir, 'vaerdiredningsplan-10-tips.md'), 'utf8'),
    );
    const tips = book.blocks.filter((block) => block.kind === 'heading' && /^Tip \d+:/.test(block.text));
    expect(tips.map((tip) => tip.text.split(':')[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `Tip ${i + 1}`),
    );

    const list = parseResourceMarkdown(
      await readFile(join(resourcesSourceDir, 'skybrud-tjekliste.md'), 'utf8'),
    );
    const headings = list.blocks.filter((block) => block.kind === 'heading').map((block) => block.text);
    expect(headings.some((h) => h.startsWith('Før'))).toBe(true);
    expect(headings.some((h) => h.startsWith('Under'))).toBe(true);
    expect(headings.some((h) => h.startsWith('Efter'))).toBe(true);
    expect(list.blocks.filter((block) => block.kind === 'checkbox').length).toBeGreaterThanOrEqual(30);

    const text = drawnText(await readFile(join(outDir, 'skybrud-tjekliste.pdf')));
    expect(text).toContain('Luk højvandslukkeren manuelt, hvis den ikke lukker automatisk.');
  });
});
