/**
 * Turns the resource texts in server/leads/resources/*.md into the PDFs that resource requests
 * e-mail: build/resources/<name>.pdf.
 *
 *   node scripts/build-pdfs.mjs [outDir]
 *
 * A small Markdown subset: '# title' (first line), the paragraph after it as subtitle,
 * '## heading', '- bullet', '- [ ] checkbox', paragraphs (scripts/pdfs/resource-markdown.mjs).
 *
 * The PDFs are accessible: DejaVu Sans is embedded (subset, with a ToUnicode map, so text can be
 * copied and read aloud), and they are tagged PDFs (PDF/UA style): a structure tree with H1, H2,
 * P and L/LI/Lbl/LBody elements that point to marked content on the pages, decorative drawings
 * and running headers/footers marked as artifacts, the language (da-DK) and the Danish title in
 * the document info and XMP metadata, shown as the window title.
 *
 * The pieces are in scripts/pdfs/: pdf-inputs.mjs (paths, fonts, company details),
 * resource-markdown.mjs, resource-content.mjs (one PDF), page-layout.mjs, structure-tree.mjs and
 * xmp-metadata.mjs.
 *
 * Plain JS so the build can run it without a TypeScript loader; the server and the tests call
 * the same functions.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultPdfOutDir, readCompany, resourcesSourceDir } from './pdfs/pdf-inputs.mjs';
import { renderResourcePdf } from './pdfs/resource-content.mjs';

export {
  defaultPdfOutDir,
  pdfFontFiles,
  pdfLanguage,
  readCompany,
  resourcesSourceDir,
} from './pdfs/pdf-inputs.mjs';
export { parseResourceMarkdown } from './pdfs/resource-markdown.mjs';
export { renderResourcePdf };

/** Renders every server/leads/resources/*.md to outDir/<name>.pdf. Returns the written files. */
export async function buildResourcePdfs({
  outDir = defaultPdfOutDir,
  sourceDir = resourcesSourceDir,
  company,
} = {}) {
  const details = company ?? (await readCompany());
  await mkdir(outDir, { recursive: true });
  const written = [];
  for (const name of (await readdir(sourceDir)).filter((file) => file.endsWith('.md')).sort()) {
    const bytes = await renderResourcePdf(await readFile(join(sourceDir, name), 'utf8'), details);
    const file = join(outDir, `${basename(name, '.md')}.pdf`);
    await writeFile(file, bytes);
    written.push({ file, bytes: bytes.length });
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : defaultPdfOutDir;
  const written = await buildResourcePdfs({ outDir });
  for (const { file, bytes } of written) console.log(`pdf  ${file} (${(bytes / 1024).toFixed(1)} KiB)`);
}
