/**
 * The report's drawing blocks on top of the resource PDFs' layout (scripts/pdfs/): headings and
 * paragraphs, labelled facts, tagged tables (Table → TR → TH/TD, header cells scoped to their
 * column), and figures (a curve drawn with vector lines, a photo) with their alternative text.
 * Everything drawn is either tagged content or an artifact, as in docs/decisions/accessible-pdfs.md.
 */
import { PDFHexString, type PDFFont, type PDFImage } from 'pdf-lib';
import type { PdfCompany } from '../../../scripts/build-pdfs.d.mts';
import {
  contentWidth,
  margin,
  muted,
  teal,
  type,
  wrap,
  type PageCursor,
} from '../../../scripts/pdfs/page-layout.mjs';
import type { TaggedPdf } from '../../../scripts/pdfs/tagged-document.mjs';

export interface Canvas extends TaggedPdf {
  cursor: PageCursor;
  company: PdfCompany;
}

const body = type.body;
const small = { size: 8.5, lineHeight: 12.5 };

/** Widths of single characters per font and size: long words (links) are cut by summing them. */
const charWidths = new WeakMap<PDFFont, Map<string, number>>();
function charWidth(font: PDFFont, char: string, size: number): number {
  let widths = charWidths.get(font);
  if (!widths) charWidths.set(font, (widths = new Map()));
  const key = `${size}:${char}`;
  let width = widths.get(key);
  if (width === undefined) widths.set(key, (width = font.widthOfTextAtSize(char, size)));
  return width;
}

/** A text's width as the sum of its characters' (kerning is left out: lines keep a little slack). */
const measure = (text: string, font: PDFFont, size: number) => {
  let width = 0;
  for (const char of text) width += charWidth(font, char, size);
  return width;
};

/**
 * Wraps `text` into lines no wider than `width`, cutting words longer than a line (links). Widths
 * are summed per character: shaping every candidate line with the font, as the resource PDFs do,
 * costs more than the rest of a report with many links and table cells.
 */
function wrapLong(text: string, font: PDFFont, size: number, width: number): string[] {
  const room = width - 2;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => {
      if (measure(word, font, size) <= room) return [word];
      const chunks = [''];
      for (const char of word) {
        if (chunks.at(-1) && measure(chunks.at(-1)! + char, font, size) > room) chunks.push('');
        chunks[chunks.length - 1] += char;
      }
      return chunks;
    });
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || measure(candidate, font, size) <= room) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function heading(canvas: Canvas, text: string, level: 'H2' | 'H3' = 'H2'): void {
  const size = level === 'H2' ? type.heading : { size: 11, lineHeight: 15 };
  const lines = wrap(text, canvas.bold, size.size, contentWidth);
  // Keep a heading with at least two lines of what follows.
  canvas.cursor.ensure(lines.length * size.lineHeight + 10 + body.lineHeight * 2);
  canvas.cursor.y -= level === 'H2' ? 12 : 6;
  canvas.cursor.drawLines(canvas.tree.element(level, canvas.tree.document), lines, {
    font: canvas.bold,
    x: margin,
    color: level === 'H2' ? teal : undefined,
    ...size,
  });
  canvas.cursor.y -= 4;
}

export function paragraph(canvas: Canvas, text: string, options: { muted?: boolean } = {}): void {
  const font = canvas.regular;
  canvas.cursor.drawLines(
    canvas.tree.element('P', canvas.tree.document),
    wrapLong(text, font, body.size, contentWidth),
    { font, x: margin, ...body, ...(options.muted ? { color: muted } : {}) },
  );
  canvas.cursor.y -= 4;
}

/** "Label: value" lines, each a paragraph. */
export function facts(canvas: Canvas, rows: readonly (readonly [string, string])[]): void {
  for (const [label, value] of rows) paragraph(canvas, `${label}: ${value}`);
}

/**
 * A table with a header row; `widths` are fractions of the content width. A row that does not fit
 * starts a new page (the header row is not repeated: the cells' headers are their columns').
 */
export function table(
  canvas: Canvas,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  widths: readonly number[],
): void {
  const { tree, cursor } = canvas;
  const element = tree.element('Table', tree.document);
  const columns = widths.map((fraction) => fraction * contentWidth);
  const drawRow = (cells: readonly string[], isHeader: boolean) => {
    const font = isHeader ? canvas.bold : canvas.regular;
    const wrapped = cells.map((cell, index) => wrapLong(cell, font, small.size, columns[index]! - 6));
    const height = Math.max(...wrapped.map((lines) => lines.length)) * small.lineHeight + 4;
    cursor.ensure(height);
    const page = cursor.page!;
    const top = cursor.y;
    const row = tree.element('TR', element);
    let x = margin;
    wrapped.forEach((lines, index) => {
      const cell = tree.element(
        isHeader ? 'TH' : 'TD',
        row,
        isHeader ? { A: { O: 'Table', Scope: 'Column' } } : {},
      );
      lines.forEach((line, n) => {
        const text = n < lines.length - 1 ? `${line} ` : line;
        const cellX = x;
        tree.tag(page, cell, () =>
          page.drawText(text, {
            x: cellX,
            y: top - small.size - n * small.lineHeight,
            size: small.size,
            font,
          }),
        );
      });
      x += columns[index]!;
    });
    cursor.y = top - height;
    tree.artifact(page, () =>
      page.drawLine({
        start: { x: margin, y: cursor.y + 2 },
        end: { x: margin + contentWidth, y: cursor.y + 2 },
        thickness: isHeader ? 0.75 : 0.25,
        color: muted,
      }),
    );
  };
  drawRow(header, true);
  for (const cells of rows) drawRow(cells, false);
  cursor.y -= 8;
}

/** The table, or the sentence saying there is nothing to put in it. */
export function tableOr(
  canvas: Canvas,
  empty: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  widths: readonly number[],
): void {
  if (rows.length === 0) paragraph(canvas, empty);
  else table(canvas, header, rows, widths);
}

/** A Figure element with its alternative text and the box it occupies on the page. */
function figure(canvas: Canvas, alt: string, box: { x: number; y: number; width: number; height: number }) {
  return canvas.tree.element('Figure', canvas.tree.document, {
    Alt: PDFHexString.fromText(alt),
    A: { O: 'Layout', BBox: [box.x, box.y, box.x + box.width, box.y + box.height] },
  });
}

export interface CurvePoint {
  at: Date;
  value: number;
}

/**
 * Where each reading goes in a box of `width` × `height`: time left to right, the value bottom to
 * top, the scale from the lowest to the highest of the readings and the target (a flat series
 * gets a scale of ±1 around it; a single time sits in the middle).
 */
export function curveGeometry(
  points: readonly CurvePoint[],
  target: number | null,
  width: number,
  height: number,
): { points: { x: number; y: number }[]; targetY: number | null; min: number; max: number } {
  const values = [...points.map((p) => p.value), ...(target === null ? [] : [target])];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (min === max) [min, max] = [min - 1, max + 1];
  const times = points.map((p) => p.at.getTime());
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const x = (time: number) => (last === first ? width / 2 : ((time - first) / (last - first)) * width);
  const y = (value: number) => ((value - min) / (max - min)) * height;
  return {
    points: points.map((p) => ({ x: x(p.at.getTime()), y: y(p.value) })),
    targetY: target === null ? null : y(target),
    min,
    max,
  };
}

/** A measuring point's curve: axes and the scale as artifacts, the curve itself a Figure. */
export function curve(
  canvas: Canvas,
  points: readonly CurvePoint[],
  target: number | null,
  labels: { alt: string; min: string; max: string },
): void {
  const { cursor, tree } = canvas;
  const [width, height, left] = [contentWidth - 40, 90, margin + 36];
  cursor.ensure(height + 24);
  const page = cursor.page!;
  const bottom = cursor.y - height - 6;
  const geometry = curveGeometry(points, target, width, height);
  tree.artifact(page, () => {
    page.drawLine({
      start: { x: left, y: bottom },
      end: { x: left, y: bottom + height },
      thickness: 0.5,
      color: muted,
    });
    page.drawLine({
      start: { x: left, y: bottom },
      end: { x: left + width, y: bottom },
      thickness: 0.5,
      color: muted,
    });
    for (const [text, at] of [
      [labels.max, bottom + height - small.size / 2],
      [labels.min, bottom - small.size / 2],
    ] as const) {
      const textWidth = canvas.regular.widthOfTextAtSize(text, small.size);
      page.drawText(text, {
        x: left - 6 - textWidth,
        y: at,
        size: small.size,
        font: canvas.regular,
        color: muted,
      });
    }
  });
  const element = figure(canvas, labels.alt, { x: left, y: bottom, width, height });
  tree.tag(page, element, () => {
    if (geometry.targetY !== null) {
      const y = bottom + geometry.targetY;
      page.drawLine({
        start: { x: left, y },
        end: { x: left + width, y },
        thickness: 0.75,
        color: muted,
        dashArray: [3, 3],
      });
    }
    const placed = geometry.points.map((p) => ({ x: left + p.x, y: bottom + p.y }));
    placed
      .slice(1)
      .forEach((point, index) =>
        page.drawLine({ start: placed[index]!, end: point, thickness: 1.25, color: teal }),
      );
    for (const point of placed) page.drawCircle({ ...point, size: 1.75, color: teal });
  });
  cursor.y = bottom - 14;
}

/** Photos as thumbnails, three to a row, each a Figure with its alternative text. */
export function photoGrid(canvas: Canvas, photos: readonly { image: PDFImage; alt: string }[]): void {
  const { cursor, tree } = canvas;
  const gap = 10;
  const cell = (contentWidth - 2 * gap) / 3;
  for (let start = 0; start < photos.length; start += 3) {
    const row = photos.slice(start, start + 3).map((photo) => ({
      ...photo,
      ...photo.image.scaleToFit(cell, cell * 0.75),
    }));
    const height = Math.max(...row.map((photo) => photo.height));
    cursor.ensure(height + gap);
    const page = cursor.page!;
    row.forEach((photo, index) => {
      const box = {
        x: margin + index * (cell + gap),
        y: cursor.y - photo.height,
        width: photo.width,
        height: photo.height,
      };
      tree.tag(page, figure(canvas, photo.alt, box), () => page.drawImage(photo.image, box));
    });
    cursor.y -= height + gap;
  }
}
