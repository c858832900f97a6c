/**
 * The page layout of the resource PDFs: A4 with margins, colours and type sizes, line wrapping,
 * a cursor that starts a new page (with its running header) when the next lines do not fit, and
 * the footer with the company's contact line and page numbers.
 */
import { rgb } from 'pdf-lib';

export const teal = rgb(0.059, 0.463, 0.431);
export const ink = rgb(0.06, 0.09, 0.16);
export const muted = rgb(0.39, 0.45, 0.55);

/** Type sizes and spacing, in points. DejaVu Sans runs wider than Helvetica, so sizes are a touch smaller. */
export const type = {
  header: 8.5,
  title: { size: 20, lineHeight: 26 },
  subtitle: { size: 11, lineHeight: 16 },
  heading: { size: 13, lineHeight: 18 },
  body: { size: 9.75, lineHeight: 14.6 },
  footer: 8,
};

export const [pageWidth, pageHeight] = [595.28, 841.89];
export const margin = 56;
export const contentWidth = pageWidth - margin * 2;
const bottom = margin + 28;

/** Splits `text` into lines no wider than `width` (a single word wider than that gets a line of its own). */
export const wrap = (text, font, size, width) => {
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

/**
 * Where the next line goes: the current `page` and `y`, the top of the next line, which falls as
 * lines are drawn. Every page starts with a teal bar and the company name as running header.
 */
export function pageCursor({ pdf, tree, company, bold }) {
  const cursor = {
    /** @type {import('pdf-lib').PDFPage | undefined} */
    page: undefined,
    y: 0,
    newPage() {
      cursor.page = pdf.addPage([pageWidth, pageHeight]);
      const current = cursor.page;
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
      cursor.y = pageHeight - 64;
    },

    ensure(height) {
      if (!cursor.page || cursor.y - height < bottom) cursor.newPage();
    },

    /**
     * Draws wrapped lines, each one a marked-content sequence of `element`. A line that wraps keeps
     * its (invisible) trailing space, so text read or copied from the tags has no run-together words.
     */
    drawLines(element, lines, { font, size, x, color = ink, lineHeight }) {
      for (const [index, line] of lines.entries()) {
        cursor.ensure(lineHeight);
        const current = cursor.page;
        const baseline = cursor.y - size;
        const text = index < lines.length - 1 ? `${line} ` : line;
        tree.tag(current, element, () => current.drawText(text, { x, y: baseline, size, font, color }));
        cursor.y -= lineHeight;
      }
    },
  };
  return cursor;
}

/**
 * The footer of every page, drawn once all pages exist: a rule, the company's contact line and
 * "Side n af m". Throws when the contact line and the page number do not fit side by side.
 */
export function drawFooters({ pdf, tree, company, regular }) {
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
}
