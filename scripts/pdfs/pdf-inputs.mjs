/**
 * What the resource PDFs are made from besides their texts: where the texts and the output live,
 * the embedded fonts, the language they declare, and the company details for header and footer.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const resourcesSourceDir = join(root, 'server', 'leads', 'resources');
export const defaultPdfOutDir = join(root, 'build', 'resources');
/** The embedded fonts: DejaVu Sans (free licence, covers æøå, “ ” – • and more). */
export const pdfFontFiles = {
  regular: join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans.ttf'),
  bold: join(root, 'node_modules', 'dejavu-fonts-ttf', 'ttf', 'DejaVuSans-Bold.ttf'),
};
export const pdfLanguage = 'da-DK';

/** The font files, read once per process. */
let fontBytes;
export const loadFontBytes = () =>
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
