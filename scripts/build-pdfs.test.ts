import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../domain/company.ts';
import { resourceCatalogue } from '../domain/resources.ts';
import {
  buildResourcePdfs,
  parseResourceMarkdown,
  pdfLanguage,
  readCompany,
  resourcesSourceDir,
} from './build-pdfs.mjs';
import {
  decodeStream,
  drawnText,
  flatten,
  fullText,
  markedContent,
  pdfTools,
  standard14,
  structureTree,
  textOf,
} from '../tests/support/pdf-checks.ts';

const tools = pdfTools;
const missingTools = Object.entries(tools)
  .filter(([, present]) => !present)
  .map(([name]) => name);
if (missingTools.length > 0)
  console.warn(
    `build-pdfs.test: ${missingTools.join(', ')} not installed (Debian packages qpdf, poppler-utils); ` +
      'the tests that run them are skipped (CI installs them)',
  );

describe('resource PDFs', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'pdfs-'));
    await buildResourcePdfs({ outDir });
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  const resources = resourceCatalogue.map((resource) => [resource.title, resource] as const);
  const load = async (resource: (typeof resourceCatalogue)[number]) => {
    const source = parseResourceMarkdown(
      await readFile(join(resourcesSourceDir, resource.sourceFile), 'utf8'),
    );
    const bytes = await readFile(join(outDir, resource.fileName));
    return { source, bytes, file: join(outDir, resource.fileName), document: await PDFDocument.load(bytes) };
  };

  it('reads the company details from domain/company.ts', async () => {
    expect(await readCompany()).toEqual({
      name: company.name,
      legalName: company.legalName,
      phoneDisplay: company.phoneDisplay,
      email: company.email,
      cvr: company.cvr,
    });
  });

  it.each(resources)(
    'makes "%s" into a titled, multi-page PDF with Danish text, company and page numbers',
    async (title, resource) => {
      const { source, bytes, document } = await load(resource);
      expect(source.title).toBe(title);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(document.getTitle()).toBe(title);
      expect(document.getAuthor()).toBe(company.name);
      const pages = document.getPageCount();
      expect(pages).toBeGreaterThanOrEqual(2);
      const text = await drawnText(bytes);
      expect(text).toContain(company.name);
      expect(text).toContain(company.phoneDisplay);
      expect(text).toContain(`Side 1 af ${pages}`);
      expect(text).toContain(`Side ${pages} af ${pages}`);
      expect(text).toMatch(/[æøå]/);
      expect(text).toContain(title);
    },
  );

  it.each(resources)('"%s" embeds its fonts as subsets with a ToUnicode map', async (_title, resource) => {
    const { document } = await load(resource);
    const fonts = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFDict =>
          object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/Font',
      )
      .filter((font) => font.get(PDFName.of('Subtype'))?.toString() === '/Type0');
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      const name = font.get(PDFName.of('BaseFont'))!.toString();
      expect(standard14.has(name)).toBe(false);
      expect(name).toMatch(/^\/[A-Z]{6}\+DejaVuSans/);
      expect(font.get(PDFName.of('ToUnicode'))).toBeInstanceOf(PDFRef);
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
      expect(descriptor.lookup(PDFName.of('FontFile2'))).toBeInstanceOf(PDFStream);
    }
    // No font anywhere in the file relies on the viewer's own fonts.
    const allFonts = document.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFDict =>
          object instanceof PDFDict && object.get(PDFName.of('Type'))?.toString() === '/Font',
      );
    for (const font of allFonts) {
      expect(standard14.has(font.get(PDFName.of('BaseFont'))!.toString())).toBe(false);
      expect(font.get(PDFName.of('Subtype'))?.toString()).not.toBe('/Type1');
    }
  });

  it.each(resources)(
    '"%s" is a tagged PDF in Danish whose title is shown and is in the XMP metadata',
    async (title, resource) => {
      const { document } = await load(resource);
      const { catalog } = document;
      const markInfo = catalog.lookup(PDFName.of('MarkInfo'), PDFDict);
      expect(markInfo.get(PDFName.of('Marked'))?.toString()).toBe('true');
      expect(pdfLanguage).toBe('da-DK');
      expect(textOf(catalog.lookup(PDFName.of('Lang')))).toBe('da-DK');
      const preferences = catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
      expect(preferences.get(PDFName.of('DisplayDocTitle'))?.toString()).toBe('true');
      const metadata = catalog.lookup(PDFName.of('Metadata'), PDFStream);
      expect(metadata.dict.get(PDFName.of('Subtype'))?.toString()).toBe('/XML');
      const xmp = Buffer.from(decodeStream(metadata), 'latin1').toString('utf8');
      expect(xmp).toContain(`<rdf:li xml:lang="x-default">${title}</rdf:li>`);
      expect(xmp).toContain('<rdf:li>da-DK</rdf:li>');
    },
  );

  it.each(resources)(
    '"%s" has a structure tree of H1, H2, P and lists pointing to the text on the pages',
    async (title, resource) => {
      const { source, document } = await load(resource);
      const { root, tree } = structureTree(document);
      expect(tree.map((element) => element.type)).toEqual(['Document']);
      const body = tree[0]!.kids;
      expect(body[0]).toMatchObject({ type: 'H1', text: title });
      if (source.subtitle) expect(body[1]).toMatchObject({ type: 'P', text: source.subtitle });
      expect(body.filter((element) => element.type === 'H2').map((element) => element.text)).toEqual(
        source.blocks.filter((block) => block.kind === 'heading').map((block) => block.text),
      );
      // The last paragraph is the company's contact line from the footer of the last page.
      expect(body.at(-1)).toMatchObject({ type: 'P' });
      expect(body.at(-1)!.text).toContain(company.phoneDisplay);
      const paragraphs = body.filter((element) => element.type === 'P').map((element) => element.text);
      for (const block of source.blocks.filter((b) => b.kind === 'paragraph'))
        expect(paragraphs).toContain(block.text);

      const lists = body.filter((element) => element.type === 'L');
      expect(lists.length).toBeGreaterThan(0);
      const items = lists.flatMap((list) => list.kids);
      expect(new Set(items.map((item) => item.type))).toEqual(new Set(['LI']));
      const listBlocks = source.blocks.filter((b) => b.kind === 'bullet' || b.kind === 'checkbox');
      expect(items.map((item) => item.kids.find((kid) => kid.type === 'LBody')?.text)).toEqual(
        listBlocks.map((block) => block.text),
      );
      for (const [index, item] of items.entries()) {
        const labels = item.kids.filter((kid) => kid.type === 'Lbl');
        expect(labels.map((label) => label.text)).toEqual(listBlocks[index]!.kind === 'bullet' ? ['•'] : []);
      }
      const types = new Set(flatten(tree).map((element) => element.type));
      for (const type of ['Document', 'H1', 'H2', 'P', 'L', 'LI', 'LBody']) expect(types).toContain(type);
      // Everything but page furniture is reachable through the structure, in reading order.
      expect(fullText(tree[0]!)).toContain(listBlocks.at(-1)!.text);

      // The parent tree maps every page's MCIDs back to the elements.
      const parentTree = root.lookup(PDFName.of('ParentTree'), PDFDict);
      const nums = parentTree.lookup(PDFName.of('Nums'), PDFArray);
      const pages = document.getPages();
      expect(nums.size()).toBe(pages.length * 2);
      expect(root.lookup(PDFName.of('ParentTreeNextKey'), PDFNumber).asNumber()).toBe(pages.length);
      for (const { page, marked, outside } of markedContent(document)) {
        expect(outside, 'content outside marked-content sequences').toBe('');
        const key = page.node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber();
        const index = nums.asArray().findIndex((n, i) => i % 2 === 0 && (n as PDFNumber).asNumber() === key);
        const parents = nums.lookup(index + 1, PDFArray);
        const mcids = marked.filter((m) => m.tag !== 'Artifact').map((m) => m.mcid);
        expect(mcids).toEqual(Array.from({ length: mcids.length }, (_, i) => i));
        expect(parents.size()).toBe(mcids.length);
        for (const [mcid, ref] of parents.asArray().entries()) {
          const parent = document.context.lookup(ref, PDFDict);
          expect(parent.get(PDFName.of('S'))?.toString()).toBe(
            `/${marked[marked.findIndex((m) => m.mcid === mcid)]!.tag}`,
          );
        }
        // Artifacts are the header bar, rules, boxes and the running header and footer.
        const artifacts = marked.filter((m) => m.tag === 'Artifact').map((m) => m.text);
        expect(artifacts).toContain(company.name);
        expect(artifacts.some((text) => /^Side \d+ af \d+$/.test(text))).toBe(true);
      }
    },
  );

  it.skipIf(!tools.qpdf).each(resources)(
    '"%s" passes qpdf --check (needs qpdf)',
    async (_title, resource) => {
      const { file } = await load(resource);
      const result = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toContain('No syntax or stream encoding errors found');
      expect(result.status).toBe(0);
    },
  );

  it.skipIf(!tools.pdffonts || !tools.pdfinfo).each(resources)(
    '"%s": pdffonts shows only embedded fonts, pdfinfo the title and tags (needs poppler-utils)',
    async (title, resource) => {
      const { file } = await load(resource);
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
      expect(fonts.length).toBe(2);
      for (const row of fonts)
        expect(row).toMatch(/^[A-Z]{6}\+DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes yes yes/);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(new RegExp(`^Title:\\s+${title.replace(/[?.]/g, '\\$&')}$`, 'm'));
      expect(info).toMatch(/^Tagged:\s+yes$/m);
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

    const text = await drawnText(await readFile(join(outDir, 'skybrud-tjekliste.pdf')));
    expect(text).toContain('Luk højvandslukkeren manuelt, hvis den ikke lukker automatisk.');
  });
});
