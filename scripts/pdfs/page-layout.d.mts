import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import type { PdfCompany } from '../build-pdfs.d.mts';
import type { StructureElement, StructureTree } from './tagged-document.d.mts';

export const teal: Color;
export const ink: Color;
export const muted: Color;
export const type: {
  header: number;
  title: { size: number; lineHeight: number };
  subtitle: { size: number; lineHeight: number };
  heading: { size: number; lineHeight: number };
  body: { size: number; lineHeight: number };
  footer: number;
};
export const pageWidth: number;
export const pageHeight: number;
export const margin: number;
export const contentWidth: number;

export function wrap(text: string, font: PDFFont, size: number, width: number): string[];

export interface PageCursor {
  page: PDFPage | undefined;
  y: number;
  newPage(): void;
  ensure(height: number): void;
  drawLines(
    element: StructureElement,
    lines: readonly string[],
    options: { font: PDFFont; size: number; x: number; color?: Color; lineHeight: number },
  ): void;
}

export function pageCursor(options: {
  pdf: PDFDocument;
  tree: StructureTree;
  company: PdfCompany;
  bold: PDFFont;
}): PageCursor;

export function drawFooters(options: {
  pdf: PDFDocument;
  tree: StructureTree;
  company: PdfCompany;
  regular: PDFFont;
}): void;
