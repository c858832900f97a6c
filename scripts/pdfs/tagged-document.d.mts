import type { Color, PDFDocument, PDFFont, PDFPage, PDFRef } from 'pdf-lib';
import type { PdfCompany } from '../build-pdfs.d.mts';

/** A structure element of the tagged PDF (H1, H2, P, Table, TR, TH, TD, Figure, L, LI, …). */
export interface StructureElement {
  ref: PDFRef;
  type: string;
}

export interface StructureTree {
  document: StructureElement;
  element(type: string, parent: StructureElement, extra?: Record<string, unknown>): StructureElement;
  /** Draws real content as a marked-content sequence of `element`. */
  tag(page: PDFPage, element: StructureElement, draw: () => void): void;
  /** Draws decoration (`kind` undefined) or running page furniture ('Header' / 'Footer'). */
  artifact(page: PDFPage, draw: () => void, kind?: 'Header' | 'Footer'): void;
  finish(): void;
}

export interface TaggedPdf {
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
  tree: StructureTree;
}

export function startTaggedPdf(options: {
  title: string;
  subject: string;
  company: PdfCompany;
  fingerprint: string;
  date?: Date;
}): Promise<TaggedPdf>;

export type { Color };
