/**
 * Turns the resource texts in server/mail/resources/*.md into the PDFs that resource requests
 * e-mail: build/resources/<name>.pdf.
 *
 *   node scripts/build-pdfs.mjs [outDir]
 *
 * A small Markdown subset: '# title' (first line), the paragraph after it as subtitle,
 * '## heading', '- bullet', '- [ ] checkbox', paragraphs. Standard fonts (WinAnsi) cover æøå.
 * Plain JS so the build can run it without a TypeScript loader; the server and the tests call
 * the same functions.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const resourcesSourceDir = join(root, 'server', 'mail', 'resources');
export const defaultPdfOutDir = join(root, 'build', 'resources');

/**
 * Company details for the PDF footer, read from domain/company.ts (a .ts file this script
 * cannot import). Only simple `key: 'value'` lines of the top-level object are read.
 */
export async function readCompany(file = join(root, 'domain', 'company.ts')) {
  const source = await readFile(file, 'utf8');
  const field = (key) => {
    const match = new RegExp(`^  ${key}: '([^']*)'`, 'm').exec(source);
    if (!match) throw new Error(`${file}: company.${key} not found`);
    return match[1];
  };
  return {
    name: field('name'),
    legalName: field('legalName'),
    phoneDisplay: field('phoneDisplay'),
    email: field('email'),
    cvr: field('cvr'),
  };
}

/** Parses the Markdown subset into blocks. */
export function parseResourceMarkdown(markdown) {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks = [];
  let title = '';
  let subtitle = '';
  let paragraph = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    if (title && !subtitle && blocks.length === 0) subtitle = text;
    else blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    let match;
    if ((match = /^# (.+)$/.exec(line))) {
      flush();
      title = match[1];
    } else if ((match = /^## (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'heading', text: match[1] });
    } else if ((match = /^- \[ \] (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'checkbox', text: match[1] });
    } else if ((match = /^- (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'bullet', text: match[1] });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  if (!title) throw new Error('A resource text must start with "# title"');
  return { title, subtitle, blocks };
}

const teal = rgb(0.059, 0.463, 0.431);
const ink = rgb(0.06, 0.09, 0.16);
const muted = rgb(0.39, 0.45, 0.55);

/**
 * Renders one resource text as an A4 PDF with headings, bullets, checkboxes, the company in the
 * header and footer, and page numbers. Returns the PDF bytes.
 */
export async function renderResourcePdf(markdown, company) {
  const { title, subtitle, blocks } = parseResourceMarkdown(markdown);
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(company.name);
  pdf.setSubject(subtitle || title);
  pdf.setCreator(company.name);
  pdf.setLanguage('da-DK');

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 56;
  const contentWidth = pageWidth - margin * 2;
  const bottom = margin + 28;

  let page;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([pageWidth, pageHeight]);
    page.drawRectangle({ x: 0, y: pageHeight - 8, width: pageWidth, height: 8, color: teal });
    page.drawText(company.name, { x: margin, y: pageHeight - 36, size: 9, font: bold, color: teal });
    y = pageHeight - 64;
  };

  const wrap = (text, font, size, width) => {
    const words = text.split(/\s+/).filter(Boolean);
    const lines = [];
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    if (current) lines.push(current);
    return lines;
  };

  const ensure = (height) => {
    if (!page || y - height < bottom) newPage();
  };

  const drawLines = (lines, { font, size, x, color = ink, lineHeight = size * 1.45 }) => {
    for (const line of lines) {
      ensure(lineHeight);
      page.drawText(line, { x, y: y - size, size, font, color });
      y -= lineHeight;
    }
  };

  // Title block.
  newPage();
  drawLines(wrap(title, bold, 24, contentWidth), { font: bold, size: 24, x: margin, lineHeight: 30 });
  if (subtitle) {
    y -= 4;
    drawLines(wrap(subtitle, regular, 13, contentWidth), {
      font: regular,
      size: 13,
      x: margin,
      color: muted,
      lineHeight: 18,
    });
  }
  y -= 10;
  page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 1, color: teal });
  y -= 18;

  const bodySize = 10.5;
  const bodyLine = bodySize * 1.5;
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const lines = wrap(block.text, bold, 14, contentWidth);
      // Keep a heading with at least two lines of what follows.
      ensure(lines.length * 19 + 10 + bodyLine * 2);
      y -= 10;
      drawLines(lines, { font: bold, size: 14, x: margin, color: teal, lineHeight: 19 });
      y -= 4;
    } else if (block.kind === 'paragraph') {
      drawLines(wrap(block.text, regular, bodySize, contentWidth), {
        font: regular,
        size: bodySize,
        x: margin,
        lineHeight: bodyLine,
      });
      y -= 6;
    } else {
      const indent = 18;
      const lines = wrap(block.text, regular, bodySize, contentWidth - indent);
      ensure(bodyLine);
      if (block.kind === 'bullet') {
        page.drawText('•', { x: margin + 4, y: y - bodySize, size: bodySize, font: bold, color: teal });
      } else {
        page.drawRectangle({
          x: margin + 1,
          y: y - bodySize - 1,
          width: 10,
          height: 10,
          borderColor: teal,
          borderWidth: 1,
        });
      }
      drawLines(lines, { font: regular, size: bodySize, x: margin + indent, lineHeight: bodyLine });
      y -= block.kind === 'checkbox' ? 5 : 2;
    }
  }

  const pages = pdf.getPages();
  const footer = `${company.name} · Døgnvagt ${company.phoneDisplay} · ${company.email}`;
  pages.forEach((p, index) => {
    p.drawLine({
      start: { x: margin, y: margin + 12 },
      end: { x: pageWidth - margin, y: margin + 12 },
      thickness: 0.5,
      color: muted,
    });
    p.drawText(footer, { x: margin, y: margin, size: 8.5, font: regular, color: muted });
    const label = `Side ${index + 1} af ${pages.length}`;
    p.drawText(label, {
      x: pageWidth - margin - regular.widthOfTextAtSize(label, 8.5),
      y: margin,
      size: 8.5,
      font: regular,
      color: muted,
    });
  });
  return pdf.save();
}

/** Renders every server/mail/resources/*.md to outDir/<name>.pdf. Returns the written files. */
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
