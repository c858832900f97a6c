/**
 * A new tagged PDF with what every PDF of ours declares: the document info and XMP metadata
 * (title, author, subject, language, dates), the language, the title shown in the window, the two
 * DejaVu Sans subsets and an empty structure tree. The resource PDFs (resource-content.mjs) and the
 * first report to an insurer (server/casework/report/) start from it.
 */
import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName } from 'pdf-lib';
import { loadFontBytes, pdfLanguage } from './pdf-inputs.mjs';
import { structureTree } from './structure-tree.mjs';
import { xmpMetadata } from './xmp-metadata.mjs';

/**
 * `fingerprint`: the text the font subsets' six-letter name tags are derived from, so the same
 * content gives the same file. `date`: the document's dates (default now, whole seconds).
 */
export async function startTaggedPdf({ title, subject, company, fingerprint, date }) {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const now = date ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const info = {
    title,
    author: company.name,
    subject,
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
  // subset); the tag is derived from the content, so the same content gives the same file.
  const subsetName = (name) => {
    const digest = createHash('sha256').update(`${name}\n${fingerprint}`).digest();
    return `${Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('')}+${name}`;
  };
  const regular = await pdf.embedFont(regularBytes, { subset: true, customName: subsetName('DejaVuSans') });
  const bold = await pdf.embedFont(boldBytes, { subset: true, customName: subsetName('DejaVuSans-Bold') });
  return { pdf, regular, bold, tree: structureTree(pdf) };
}
