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
