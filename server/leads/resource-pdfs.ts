/**
 * The PDFs a resource request e-mails. They are made by the build (scripts/build-pdfs.mjs) into
 * build/resources; the server only reads them.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Resource } from '../../domain/resources.ts';
import { appRoot } from '../app-root.ts';
import type { MailAttachment } from '../mail/transport.ts';

export const defaultPdfDir = join(appRoot, 'build', 'resources');

export async function loadResourcePdf(
  resource: Resource,
  pdfDir: string = defaultPdfDir,
): Promise<MailAttachment> {
  const file = join(pdfDir, resource.fileName);
  try {
    return { filename: resource.fileName, content: await readFile(file), contentType: 'application/pdf' };
  } catch (error) {
    throw new Error(`The PDF of "${resource.title}" is missing at ${file}; run npm run build`, {
      cause: error,
    });
  }
}
