/**
 * One resource text as a PDF: the document info and XMP metadata, the embedded font subsets, and
 * the content (title, subtitle, headings, paragraphs, bullet and checkbox lists) laid out with
 * page-layout.mjs and tagged with structure-tree.mjs.
 */
import {
  contentWidth,
  drawFooters,
  margin,
  muted,
  pageCursor,
  pageWidth,
  teal,
  type,
  wrap,
} from './page-layout.mjs';
import { parseResourceMarkdown } from './resource-markdown.mjs';
import { startTaggedPdf } from './tagged-document.mjs';

/**
 * Renders one resource text as an A4 tagged PDF with embedded fonts: headings, bullets,
 * checkboxes, the company in the header and footer, and page numbers. Returns the PDF bytes.
 */
export async function renderResourcePdf(markdown, company) {
  const { title, subtitle, blocks } = parseResourceMarkdown(markdown);
  const { pdf, regular, bold, tree } = await startTaggedPdf({
    title,
    subject: subtitle || title,
    company,
    fingerprint: `${markdown}\n${JSON.stringify(company)}`,
  });
  const cursor = pageCursor({ pdf, tree, company, bold });

  // Title block.
  cursor.newPage();
  cursor.drawLines(tree.element('H1', tree.document), wrap(title, bold, type.title.size, contentWidth), {
    font: bold,
    x: margin,
    ...type.title,
  });
  if (subtitle) {
    cursor.y -= 4;
    cursor.drawLines(
      tree.element('P', tree.document),
      wrap(subtitle, regular, type.subtitle.size, contentWidth),
      {
        font: regular,
        x: margin,
        color: muted,
        ...type.subtitle,
      },
    );
  }
  cursor.y -= 10;
  {
    const current = cursor.page;
    const at = cursor.y;
    tree.artifact(current, () =>
      current.drawLine({
        start: { x: margin, y: at },
        end: { x: pageWidth - margin, y: at },
        thickness: 1,
        color: teal,
      }),
    );
  }
  cursor.y -= 18;

  const body = { font: regular, ...type.body };
  let list; // the L element consecutive items of one kind go into
  for (const block of blocks) {
    if (block.kind !== 'bullet' && block.kind !== 'checkbox') list = undefined;
    if (block.kind === 'heading') {
      const lines = wrap(block.text, bold, type.heading.size, contentWidth);
      // Keep a heading with at least two lines of what follows.
      cursor.ensure(lines.length * type.heading.lineHeight + 10 + body.lineHeight * 2);
      cursor.y -= 10;
      cursor.drawLines(tree.element('H2', tree.document), lines, {
        font: bold,
        x: margin,
        color: teal,
        ...type.heading,
      });
      cursor.y -= 4;
    } else if (block.kind === 'paragraph') {
      cursor.drawLines(tree.element('P', tree.document), wrap(block.text, regular, body.size, contentWidth), {
        ...body,
        x: margin,
      });
      cursor.y -= 6;
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
      cursor.ensure(body.lineHeight);
      const current = cursor.page;
      const top = cursor.y;
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
      cursor.drawLines(tree.element('LBody', item), lines, { ...body, x: margin + indent });
      cursor.y -= block.kind === 'checkbox' ? 5 : 2;
    }
  }

  drawFooters({ pdf, tree, company, regular });
  tree.finish();
  return pdf.save();
}
