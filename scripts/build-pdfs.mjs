/**
 * Turns the resource texts in server/mail/resources/*.md into the PDFs that resource requests
 * e-mail: build/resources/<name>.pdf.
 *
 *   node scripts/build-pdfs.mjs [outDir]
 *
 * A small Markdown subset: '# title' (first line), the paragraph after it as subtitle,
 * '## heading', '- bullet', '- [ ] checkbox', paragraphs.
 *
 * The PDFs are accessible: DejaVu Sans is embedded (subset, with a ToUnicode map, so text can be
 * copied and read aloud), and they are tagged PDFs (PDF/UA style): a structure tree with H1, H2,
 * P and L/LI/Lbl/LBody elements that point to marked content on the pages, decorative drawings
 * and running headers/footers marked as artifacts, the language (da-DK) and the Danish title in
 * the document info and XMP metadata, shown as the window title.
 *
 * Plain JS so the build can run it without a TypeScript loader; the server and the tests call
 * the same functions.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, rgb } from 'pdf-lib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const resourcesSourceDir = join(root, 'server', 'mail', 'resources');
export const defaultPdfOutDir = join(root, 'build', 'resources');
/** The embedded fonts: DejaVu Sans (free licence, covers æøå, “ ” – • and more). */
export const pdfFontFiles = {
  regular: join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans.ttf'),
  bold: join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans-Bold.ttf'),
};
export const pdfLanguage = 'da-DK';

/** The font files, read once per process. */
let fontBytes;
const loadFontBytes = () =>
  (fontBytes ??= Promise.all([readFile(pdfFontFiles.regular), readFile(pdfFontFiles.bold)]).catch((error) => {
    fontBytes = undefined;
    throw error;
  }));

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

const escapeXml = (text) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c],
  );

/** XMP metadata with the same title, author, subject, language and dates as the document info. */
function xmpMetadata({ title, author, subject, creator, producer, date, language }) {
  const when = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const alt = (text) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
  xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:xmp="http://ns.adobe.com/xap/1.0/"
  xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<dc:format>application/pdf</dc:format>
<dc:title>${alt(title)}</dc:title>
<dc:description>${alt(subject)}</dc:description>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(author)}</rdf:li></rdf:Seq></dc:creator>
<dc:language><rdf:Bag><rdf:li>${escapeXml(language)}</rdf:li></rdf:Bag></dc:language>
<xmp:CreatorTool>${escapeXml(creator)}</xmp:CreatorTool>
<xmp:CreateDate>${when}</xmp:CreateDate>
<xmp:ModifyDate>${when}</xmp:ModifyDate>
<xmp:MetadataDate>${when}</xmp:MetadataDate>
<pdf:Producer>${escapeXml(producer)}</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * The structure tree of a tagged PDF, built alongside the drawing. Every drawing of real content
 * goes through `tag(page, element, draw)`, which wraps what `draw` pushes into the page's content
 * stream in a marked-content sequence (`/H1 <</MCID n>> BDC … EMC`) and links that MCID to the
 * structure element; everything else goes through `artifact(page, draw)` (`/Artifact BMC … EMC`).
 */
function structureTree(pdf) {
  const { context } = pdf;
  const rootRef = context.nextRef();
  /** Per page: the structure element of each MCID (index = MCID), for the parent tree. */
  const pages = new Map();

  const element = (type, parent, extra = {}) => {
    const ref = context.nextRef();
    const kids = context.obj([]);
    const dict = context.obj({ Type: 'StructElem', S: type, P: parent?.ref ?? rootRef, K: kids, ...extra });
    context.assign(ref, dict);
    parent?.kids.push(ref);
    return { ref, dict, kids, type, page: undefined };
  };
  const documentElement = element('Document', undefined);

  const pageEntry = (page) => {
    let entry = pages.get(page.ref.toString());
    if (!entry) {
      entry = { page, index: pages.size, parents: [] };
      pages.set(page.ref.toString(), entry);
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(entry.index));
    }
    return entry;
  };

  const tag = (page, target, draw) => {
    const entry = pageEntry(page);
    const mcid = entry.parents.length;
    entry.parents.push(target.ref);
    page.pushOperators(
      PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
        PDFName.of(target.type),
        context.obj({ MCID: mcid }),
      ]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    if (!target.page) {
      target.page = page;
      target.dict.set(PDFName.of('Pg'), page.ref);
    }
    target.kids.push(
      target.page === page ? PDFNumber.of(mcid) : context.obj({ Type: 'MCR', Pg: page.ref, MCID: mcid }),
    );
  };

  /** `kind`: undefined for decoration, or 'Header'/'Footer' for running page furniture. */
  const artifact = (page, draw, kind) => {
    page.pushOperators(
      kind
        ? PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
            PDFName.of('Artifact'),
            context.obj({ Type: 'Pagination', Subtype: kind }),
          ])
        : PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]),
    );
    draw();
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
  };

  /** Writes the tree into the catalog; call after the last drawing. */
  const finish = () => {
    const nums = [];
    for (const { index, parents } of pages.values())
      nums.push(PDFNumber.of(index), context.register(context.obj(parents)));
    const parentTree = context.register(context.obj({ Nums: nums }));
    context.assign(
      rootRef,
      context.obj({
        Type: 'StructTreeRoot',
        K: documentElement.ref,
        ParentTree: parentTree,
        ParentTreeNextKey: pages.size,
      }),
    );
    pdf.catalog.set(PDFName.of('StructTreeRoot'), rootRef);
    pdf.catalog.set(PDFName.of('MarkInfo'), context.obj({ Marked: true }));
  };

  return { document: documentElement, element, tag, artifact, finish };
}

/** Type sizes and spacing, in points. DejaVu Sans runs wider than Helvetica, so sizes are a touch smaller. */
const type = {
  header: 8.5,
  title: { size: 20, lineHeight: 26 },
  subtitle: { size: 11, lineHeight: 16 },
  heading: { size: 13, lineHeight: 18 },
  body: { size: 9.75, lineHeight: 14.6 },
  footer: 8,
};

/**
 * Renders one resource text as an A4 tagged PDF with embedded fonts: headings, bullets,
 * checkboxes, the company in the header and footer, and page numbers. Returns the PDF bytes.
 */
export async function renderResourcePdf(markdown, company) {
  const { title, subtitle, blocks } = parseResourceMarkdown(markdown);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const info = {
    title,
    author: company.name,
    subject: subtitle || title,
    creator: company.name,
    producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)',
    date: now,
    language: pdfLanguage,
  };
  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setCreator(info.creator);
  pdf.setProducer(info.producer);
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  pdf.setLanguage(pdfLanguage);
  pdf.catalog.set(
    PDFName.of('Metadata'),
    pdf.context.register(
      pdf.context.stream(new TextEncoder().encode(xmpMetadata(info)), { Type: 'Metadata', Subtype: 'XML' }),
    ),
  );

  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await loadFontBytes();
  // A subset font's name starts with a six-letter tag and '+' (so viewers and checkers know it is a
  // subset); the tag is derived from the text, so the same text gives the same file.
  const subsetName = (name) => {
    const digest = createHash('sha256')
      .update(`${name}\n${markdown}\n${JSON.stringify(company)}`)
      .digest();
    return `${Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('')}+${name}`;
  };
  const regular = await pdf.embedFont(regularBytes, { subset: true, customName: subsetName('DejaVuSans') });
  const bold = await pdf.embedFont(boldBytes, { subset: true, customName: subsetName('DejaVuSans-Bold') });
  const tree = structureTree(pdf);
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 56;
  const contentWidth = pageWidth - margin * 2;
  const bottom = margin + 28;

  let page;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage([pageWidth, pageHeight]);
    const current = page;
    tree.artifact(current, () =>
      current.drawRectangle({ x: 0, y: pageHeight - 8, width: pageWidth, height: 8, color: teal }),
    );
    tree.artifact(
      current,
      () =>
        current.drawText(company.name, {
          x: margin,
          y: pageHeight - 36,
          size: type.header,
          font: bold,
          color: teal,
        }),
      'Header',
    );
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

  /**
   * Draws wrapped lines, each one a marked-content sequence of `element`. A line that wraps keeps
   * its (invisible) trailing space, so text read or copied from the tags has no run-together words.
   */
  const drawLines = (element, lines, { font, size, x, color = ink, lineHeight }) => {
    for (const [index, line] of lines.entries()) {
      ensure(lineHeight);
      const current = page;
      const baseline = y - size;
      const text = index < lines.length - 1 ? `${line} ` : line;
      tree.tag(current, element, () => current.drawText(text, { x, y: baseline, size, font, color }));
      y -= lineHeight;
    }
  };

  // Title block.
  newPage();
  drawLines(tree.element('H1', tree.document), wrap(title, bold, type.title.size, contentWidth), {
    font: bold,
    x: margin,
    ...type.title,
  });
  if (subtitle) {
    y -= 4;
    drawLines(tree.element('P', tree.document), wrap(subtitle, regular, type.subtitle.size, contentWidth), {
      font: regular,
      x: margin,
      color: muted,
      ...type.subtitle,
    });
  }
  y -= 10;
  {
    const current = page;
    const at = y;
    tree.artifact(current, () =>
      current.drawLine({
        start: { x: margin, y: at },
        end: { x: pageWidth - margin, y: at },
        thickness: 1,
        color: teal,
      }),
    );
  }
  y -= 18;

  const body = { font: regular, ...type.body };
  let list; // the L element consecutive items of one kind go into
  for (const block of blocks) {
    if (block.kind !== 'bullet' && block.kind !== 'checkbox') list = undefined;
    if (block.kind === 'heading') {
      const lines = wrap(block.text, bold, type.heading.size, contentWidth);
      // Keep a heading with at least two lines of what follows.
      ensure(lines.length * type.heading.lineHeight + 10 + body.lineHeight * 2);
      y -= 10;
      drawLines(tree.element('H2', tree.document), lines, {
        font: bold,
        x: margin,
        color: teal,
        ...type.heading,
      });
      y -= 4;
    } else if (block.kind === 'paragraph') {
      drawLines(tree.element('P', tree.document), wrap(block.text, regular, body.size, contentWidth), {
        ...body,
        x: margin,
      });
      y -= 6;
    } else {
      if (list?.kind !== block.kind) {
        list = {
          kind: block.kind,
          element: tree.element('L', tree.document, {
            A: { O: 'List', ListNumbering: block.kind === 'bullet' ? 'Disc' : 'None' },
          }),
        };
      }
      const item = tree.element('LI', list.element);
      const indent = 18;
      const lines = wrap(block.text, regular, body.size, contentWidth - indent);
      ensure(body.lineHeight);
      const current = page;
      const top = y;
      if (block.kind === 'bullet') {
        tree.tag(current, tree.element('Lbl', item), () =>
          current.drawText('•', {
            x: margin + 4,
            y: top - body.size,
            size: body.size,
            font: bold,
            color: teal,
          }),
        );
      } else {
        // An empty box to tick by hand: decoration; the list itself says what the items are.
        tree.artifact(current, () =>
          current.drawRectangle({
            x: margin + 1,
            y: top - body.size - 1.5,
            width: 10,
            height: 10,
            borderColor: teal,
            borderWidth: 1,
          }),
        );
      }
      drawLines(tree.element('LBody', item), lines, { ...body, x: margin + indent });
      y -= block.kind === 'checkbox' ? 5 : 2;
    }
  }

  const pages = pdf.getPages();
  const footer = `${company.name} · Døgnvagt ${company.phoneDisplay} · ${company.email}`;
  const pageLabel = (index) => `Side ${index + 1} af ${pages.length}`;
  const footerGap = 12;
  if (
    regular.widthOfTextAtSize(footer, type.footer) +
      footerGap +
      regular.widthOfTextAtSize(pageLabel(pages.length - 1), type.footer) >
    contentWidth
  )
    throw new Error(`The PDF footer "${footer}" is too long for the page`);
  // The contact line is read once, as the last paragraph; on the other pages it is page furniture.
  const contact = tree.element('P', tree.document);
  pages.forEach((p, index) => {
    tree.artifact(p, () =>
      p.drawLine({
        start: { x: margin, y: margin + 12 },
        end: { x: pageWidth - margin, y: margin + 12 },
        thickness: 0.5,
        color: muted,
      }),
    );
    const drawFooter = () =>
      p.drawText(footer, { x: margin, y: margin, size: type.footer, font: regular, color: muted });
    if (index === pages.length - 1) tree.tag(p, contact, drawFooter);
    else tree.artifact(p, drawFooter, 'Footer');
    const label = pageLabel(index);
    tree.artifact(
      p,
      () =>
        p.drawText(label, {
          x: pageWidth - margin - regular.widthOfTextAtSize(label, type.footer),
          y: margin,
          size: type.footer,
          font: regular,
          color: muted,
        }),
      'Footer',
    );
  });
  tree.finish();
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
