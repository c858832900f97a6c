/**
 * The checks of a tagged PDF that the PDF tests share (scripts/build-pdfs.test.ts for the resource
 * PDFs, server/casework/report/ for the first report): the text each marked-content sequence shows,
 * decoded through the fonts' ToUnicode maps, and the structure tree with each element's text.
 */
import { spawnSync } from 'node:child_process';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { expect } from 'vitest';

export const standard14 = new Set(
  [
    'Courier',
    'Courier-Bold',
    'Courier-BoldOblique',
    'Courier-Oblique',
    'Helvetica',
    'Helvetica-Bold',
    'Helvetica-BoldOblique',
    'Helvetica-Oblique',
    'Times-Roman',
    'Times-Bold',
    'Times-BoldItalic',
    'Times-Italic',
    'Symbol',
    'ZapfDingbats',
  ].map((name) => `/${name}`),
);

export const decodeStream = (stream: PDFStream): string =>
  Buffer.from(
    stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents(),
  ).toString('latin1');

export const textOf = (value: PDFObject | undefined): string | undefined =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

/** Glyph code (hex) → text, from a font's ToUnicode CMap (pdf-lib writes bfchar entries). */
function toUnicode(font: PDFDict): Map<string, string> {
  const stream = font.lookup(PDFName.of('ToUnicode'), PDFStream);
  const cmap = decodeStream(stream);
  expect(cmap).not.toContain('beginbfrange');
  const map = new Map<string, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, unicode] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(code!.toLowerCase(), Buffer.from(unicode!, 'hex').swap16().toString('utf16le'));
  return map;
}

/** A page's content stream(s) as one string. */
function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((ref) => page.doc.context.lookup(ref, PDFStream))
      : contents
        ? [contents]
        : [];
  return streams.map(decodeStream).join('\n');
}

interface Marked {
  /** The marked-content tag: 'Artifact', or a structure type such as 'H1'. */
  tag: string;
  mcid?: number;
  /** The text it shows, decoded through the fonts' ToUnicode maps. */
  text: string;
}

/**
 * Splits each page's content stream into its top-level marked-content sequences (BDC/BMC … EMC)
 * with the text they show; `outside` is whatever content is in none of them (it should be empty:
 * in a tagged PDF everything is either structure or artifact).
 */
export function markedContent(document: PDFDocument): { page: PDFPage; marked: Marked[]; outside: string }[] {
  return document.getPages().map((page) => {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map(
      fonts.keys().map((name) => [name.decodeText(), toUnicode(fonts.lookup(name, PDFDict))]),
    );
    const content = pageContent(page);
    const marked: Marked[] = [];
    let outside = '';
    let last = 0;
    const sequence = /\/(\w+)\s*(?:<<([\s\S]*?)>>\s*BDC|BMC)([\s\S]*?)\bEMC\b/g;
    for (const match of content.matchAll(sequence)) {
      outside += content.slice(last, match.index);
      last = match.index + match[0].length;
      const [, tag, properties = '', body] = match;
      const mcid = /\/MCID (\d+)/.exec(properties);
      let map: Map<string, string> | undefined;
      let text = '';
      for (const op of body!.matchAll(/\/(\S+) [\d.]+ Tf|<([0-9A-Fa-f]*)> Tj/g)) {
        if (op[1]) map = maps.get(op[1]);
        else
          for (const code of op[2]!.toLowerCase().match(/.{4}/g) ?? []) {
            const char = map?.get(code);
            if (char === undefined) throw new Error(`glyph ${code} has no ToUnicode entry`);
            text += char;
          }
      }
      marked.push({ tag: tag!, mcid: mcid ? Number(mcid[1]) : undefined, text });
    }
    outside += content.slice(last);
    return { page, marked, outside: outside.trim() };
  });
}

/** All the text a PDF shows, structure and artifacts, in content order. */
export async function drawnText(pdf: Buffer): Promise<string> {
  const document = await PDFDocument.load(pdf);
  return markedContent(document)
    .flatMap(({ marked }) => marked.map((m) => m.text))
    .join('\n');
}

interface Element {
  type: string;
  kids: Element[];
  /** The text of the marked content this element points to itself (not its kids'). */
  text: string;
}

/** The structure tree below /StructTreeRoot, with each element's own marked-content text. */
export function structureTree(document: PDFDocument): { root: PDFDict; tree: Element[] } {
  const { context } = document;
  const root = document.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const pages = markedContent(document);
  const textAt = (pageRef: PDFObject | undefined, mcid: number) => {
    const page = pages.find((p) => p.page.ref === pageRef);
    const marked = page?.marked.find((m) => m.mcid === mcid);
    if (!marked) throw new Error(`no marked content ${mcid} on ${String(pageRef)}`);
    return marked.text;
  };
  const walk = (ref: PDFObject): Element[] => {
    const dict = context.lookup(ref, PDFDict);
    const type = dict.lookup(PDFName.of('S'), PDFName).decodeText();
    const page = dict.get(PDFName.of('Pg'));
    const k = dict.lookup(PDFName.of('K'));
    const kids: PDFObject[] = k instanceof PDFArray ? k.asArray() : k ? [k] : [];
    const element: Element = { type, kids: [], text: '' };
    for (const kid of kids) {
      if (kid instanceof PDFNumber) element.text += textAt(page, kid.asNumber());
      else {
        const kidDict = context.lookup(kid, PDFDict);
        if (kidDict.get(PDFName.of('Type'))?.toString() === '/MCR')
          element.text += textAt(
            kidDict.get(PDFName.of('Pg')),
            kidDict.lookup(PDFName.of('MCID'), PDFNumber).asNumber(),
          );
        else element.kids.push(...walk(kid));
      }
    }
    return [element];
  };
  const k = root.get(PDFName.of('K'));
  const tree = (k instanceof PDFArray ? k.asArray() : [k!]).flatMap(walk);
  return { root, tree };
}

export const flatten = (elements: Element[]): Element[] =>
  elements.flatMap((element) => [element, ...flatten(element.kids)]);

export const fullText = (element: Element): string => element.text + element.kids.map(fullText).join('');

const tool = (name: string, args: string[] = ['--version']) =>
  spawnSync(name, args, { encoding: 'utf8' }).error === undefined;
/** Which of the command-line PDF tools (Debian packages qpdf, poppler-utils) are installed. */
export const pdfTools = {
  qpdf: tool('qpdf'),
  pdffonts: tool('pdffonts', ['-v']),
  pdfinfo: tool('pdfinfo', ['-v']),
  pdftotext: tool('pdftotext', ['-v']),
};
