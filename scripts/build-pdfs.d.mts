export interface PdfCompany {
  name: string;
  legalName: string;
  phoneDisplay: string;
  email: string;
  cvr: string;
}
export type ResourceBlock = { kind: 'heading' | 'paragraph' | 'bullet' | 'checkbox'; text: string };
export const resourcesSourceDir: string;
export const defaultPdfOutDir: string;
/** The TrueType files embedded (as subsets) into the PDFs. */
export const pdfFontFiles: { regular: string; bold: string };
/** The language the PDFs declare (catalog /Lang and XMP dc:language). */
export const pdfLanguage: string;
export function readCompany(file?: string): Promise<PdfCompany>;
export function parseResourceMarkdown(markdown: string): {
  title: string;
  subtitle: string;
  blocks: ResourceBlock[];
};
export function renderResourcePdf(markdown: string, company: PdfCompany): Promise<Uint8Array>;
export function buildResourcePdfs(options?: {
  outDir?: string;
  sourceDir?: string;
  company?: PdfCompany;
}): Promise<{ file: string; bytes: number }[]>;
