import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../tests/support/images.ts';
import {
  flatten,
  fullText,
  markedContent,
  pdfTools,
  structureTree,
  textOf,
} from '../../../tests/support/pdf-checks.ts';
import type { StoredObject } from '../../storage/object-store.ts';
import { curveGeometry } from './pdf-drawing.ts';
import type { ReportFacts } from './report-facts.ts';
import { renderReportPdf } from './report-pdf.ts';

const at = (hours: number) => new Date(Date.UTC(2026, 2, 2, 8) + hours * 3_600_000);
const now = at(30);

/** A photo as a phone sends it, smaller: a real JPEG of a gradient. */
function photoJpeg(width = 1200, height = 900): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i % width) % 256, 90, (i / width) % 256, 255], i * 4);
  return jpeg.encode({ data, width, height }, 70).data;
}

function storageOf(objects: Map<string, StoredObject>) {
  return {
    get: async (key: string) => objects.get(key) ?? null,
    signedReadUrl: async (key: string) => `http://127.0.0.1:3999/api/objects/${key}?expires=1&signature=s`,
  };
}

function caseFacts(overrides: Partial<ReportFacts> = {}): ReportFacts {
  return {
    lead: {
      id: '5b0c2a4e-9a57-4c1e-8d3e-1f2a3b4c5d6e',
      kind: 'akut-skade',
      reference: 'AK-7Q2F',
      name: 'Per Jensen',
      phone: '+45 22 34 56 78',
      createdAt: at(0),
      calledBackAt: at(0.25),
      details: {
        forsikringsselskab: 'Tryg',
        skadeNr: 'S-1',
        adresse: 'Strandvejen 1, 2900 Hellerup',
        skadetype: 'vandskade',
        besked: 'Vand i kælderen',
      },
    },
    insurer: { name: 'Tryg', claimsEmail: 'skade@tryg.example' },
    milestones: [
      { kind: 'paa-adressen', at: at(2), by: 'Anna Holm', note: null, details: {} },
      {
        kind: 'skadestop',
        at: at(3),
        by: 'Anna Holm',
        note: 'Hovedhanen lukket, vandet suget op',
        details: {},
      },
      {
        kind: 'affugtning-startet',
        at: at(4),
        by: 'Bo Ek',
        note: null,
        details: { affugtere: 3, forventetDage: 14 },
      },
    ],
    readings: [0, 1, 2].map((day) => ({
      room: 'Kælder',
      point: 'Gulv ved trappen',
      value: 28 - day * 5,
      unit: 'pct' as const,
      method: 'Boret hul',
      material: 'Beton',
      target: 12,
      at: at(5 + day * 24),
    })),
    photos: [],
    deadlines: [
      { kind: 'paa-adressen', dueAt: at(4.25), metAt: at(2) },
      { kind: 'rapport-sendt', dueAt: at(40), metAt: null },
    ],
    ...overrides,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'report-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What pdftotext reads from the PDF (the text a person or an insurer's system gets out of it). */
function pdfText(bytes: Uint8Array): string {
  const file = join(dir, `r-${Math.random().toString(16).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the first report as a PDF', () => {
  it.skipIf(!pdfTools.pdfinfo)(
    'carries the recorded facts, and "Ikke registreret" where one is missing',
    async () => {
      const bytes = await renderReportPdf({ storage: storageOf(new Map()), now: () => now }, caseFacts());
      const text = pdfText(bytes);
      for (const fact of [
        'Skaderapport – sag AK-7Q2F',
        'Forsikringsselskab: Tryg',
        'Policenummer: Ikke registreret',
        'Skadenummer: S-1',
        'Navn: Per Jensen',
        'Adresse: Strandvejen 1, 2900 Hellerup',
        'Skadetype: Vandskade',
        'Vand i kælderen',
        'Skadestop',
        'Hovedhanen lukket, vandet suget op',
        'Affugtere: 3',
        'Forventet periode: 14 dage',
        'Affugtningen kører stadig',
        'Kælder – Gulv ved trappen',
        'Materiale: Beton',
        'Målværdi: 12 %',
        '18 %',
        'Der er ingen billeder på sagen.',
        'Overholdt',
      ])
        expect(text).toContain(fact);
      // The report's own clock is still open when it is drawn: never claimed as met.
      expect(text).toMatch(/Første rapport\s+\S+ \S+\s+–\s+Åben/);
    },
  );

  it('leaves out what was never recorded instead of inventing it', async () => {
    const bytes = await renderReportPdf(
      { storage: storageOf(new Map()), now: () => now },
      caseFacts({ milestones: [], readings: [], deadlines: [], insurer: null }),
    );
    const text = markedContent(await PDFDocument.load(bytes))
      .flatMap((page) => page.marked.map((m) => m.text))
      .join('\n');
    expect(text).toContain('Der er ikke registreret affugtning på sagen.');
    expect(text).toContain('Der er ikke registreret fugtmålinger på sagen.');
    expect(text).toContain('Der er ikke registreret milepæle på sagen endnu.');
    expect(text).not.toContain('Affugtere:');
  });

  it('is tagged: language, title, embedded fonts, every drawing structure or artifact, figures with text', async () => {
    const objects = new Map([['leads/x/1.png', { body: makePng(40, 30), contentType: 'image/png' }]]);
    const bytes = await renderReportPdf(
      { storage: storageOf(objects), now: () => now },
      caseFacts({
        photos: [
          {
            objectKey: 'leads/x/1.png',
            contentType: 'image/png',
            bytes: 100,
            originalName: 'kælder.png',
            at: at(1),
          },
        ],
      }),
    );
    const document = await PDFDocument.load(bytes);
    expect(textOf(document.catalog.lookup(PDFName.of('Lang')))).toBe('da-DK');
    expect(document.getTitle()).toBe('Skaderapport – sag AK-7Q2F');
    expect(
      document.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))?.toString(),
    ).toBe('true');
    for (const { outside } of markedContent(document)) expect(outside).toBe('');
    const { tree } = structureTree(document);
    const elements = flatten(tree);
    const types = new Set(elements.map((element) => element.type));
    for (const type of ['H1', 'H2', 'H3', 'P', 'Table', 'TR', 'TH', 'TD', 'Figure'])
      expect(types).toContain(type);
    expect(elements.filter((e) => e.type === 'TH').map(fullText)).toContain('Milepæl');
    // The curve and the photo: each a Figure with alternative text saying what it shows.
    const figures = [...document.context.enumerateIndirectObjects()]
      .map(([, object]) => object)
      .filter(
        (object): object is PDFDict =>
          object instanceof PDFDict && object.get(PDFName.of('S'))?.toString() === '/Figure',
      )
      .map((figure) => textOf(figure.lookup(PDFName.of('Alt'))));
    expect(figures).toEqual([
      expect.stringContaining('Fugtkurve for Kælder – Gulv ved trappen: 3 målinger'),
      expect.stringContaining('Billede 1: kælder.png'),
    ]);
    if (pdfTools.pdffonts) {
      const fonts = execFileSync('pdffonts', ['-'], { input: Buffer.from(bytes), encoding: 'utf8' });
      expect(fonts).toContain('DejaVuSans');
      expect(
        fonts
          .split('\n')
          .slice(2)
          .filter(Boolean)
          .every((line) => / yes +yes +yes /.test(line)),
      ).toBe(true);
    }
    if (pdfTools.qpdf) {
      const file = join(dir, 'tagged.pdf');
      writeFileSync(file, bytes);
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain(
        'No syntax or stream encoding errors',
      );
    }
  });

  it('draws a curve from the lowest to the highest of the readings and the target', () => {
    const geometry = curveGeometry(
      [
        { at: at(0), value: 30 },
        { at: at(24), value: 20 },
        { at: at(48), value: 15 },
      ],
      10,
      200,
      100,
    );
    expect(geometry.points).toEqual([
      { x: 0, y: 100 },
      { x: 100, y: 50 },
      { x: 200, y: 25 },
    ]);
    expect(geometry.targetY).toBe(0);
    // One reading alone sits in the middle of a scale around it.
    expect(curveGeometry([{ at: at(0), value: 20 }], null, 200, 100).points).toEqual([{ x: 100, y: 50 }]);
  });

  it.skipIf(!pdfTools.pdfinfo)(
    'renders a case with 40 photos and 200 readings (the time is printed)',
    async () => {
      const photo = photoJpeg();
      const objects = new Map<string, StoredObject>();
      const photos = Array.from({ length: 40 }, (_, index) => {
        const objectKey = `leads/x/${index + 1}.jpg`;
        objects.set(objectKey, { body: photo, contentType: 'image/jpeg' });
        return {
          objectKey,
          contentType: 'image/jpeg',
          bytes: photo.length,
          originalName: `foto-${index + 1}.jpg`,
          at: at(1),
        };
      });
      const readings = Array.from({ length: 200 }, (_, index) => ({
        room: `Rum ${(index % 5) + 1}`,
        point: `Punkt ${(index % 10) + 1}`,
        value: 40 - Math.floor(index / 10),
        unit: 'pct' as const,
        method: 'Pind',
        material: 'Træ',
        target: 15,
        at: at(5 + Math.floor(index / 10) * 24),
      }));
      const facts = caseFacts({ photos, readings });
      // Twice: the first render in a process also loads and compiles the PDF library's font code.
      const times: number[] = [];
      let bytes: Uint8Array = new Uint8Array();
      for (const _ of [1, 2]) {
        const started = performance.now();
        bytes = await renderReportPdf({ storage: storageOf(objects), now: () => now }, facts);
        times.push(performance.now() - started);
      }
      console.info(
        `report with 40 photos and 200 readings: first ${times[0]!.toFixed(0)} ms, then ${times[1]!.toFixed(0)} ms; ${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
      );
      const file = join(dir, 'large.pdf');
      writeFileSync(file, bytes);
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Tagged:\s+yes/);
      const text = pdfText(bytes);
      expect(text).toContain('foto-40.jpg');
      expect(text).toContain('Rum 5 – Punkt 10');
    },
  );
});
