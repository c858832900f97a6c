import { describe, expect, it } from 'vitest';
import { leadFields, type LeadKind } from '../../domain/lead.ts';
import { triageQuestions } from '../../domain/triage.ts';
import { csvHeaders, csvRow, csvStart, type CsvLead } from './lead-csv.ts';

/** The cells of one CSV line (no quoting needed for the plain values used here). */
const cells = (line: string) => line.replace(/\r\n$/, '').split(';');

describe('the CSV export’s headings', () => {
  it('are unique, so a spreadsheet or importer can address every column by its heading', () => {
    const repeated = csvHeaders.filter((heading, index) => csvHeaders.indexOf(heading) !== index);
    expect(repeated).toEqual([]);
    expect(new Set(csvHeaders.map((heading) => heading.toLowerCase())).size).toBe(csvHeaders.length);
  });

  it('tell the lead’s kind from a resource’s type, and the sender’s contact from the requester’s', () => {
    expect(csvHeaders.slice(0, 8)).toEqual([
      'Reference',
      'Modtaget',
      'Henvendelse',
      'Status',
      'Prioritet',
      'Navn',
      'E-mail',
      'Telefon',
    ]);
    expect(csvHeaders).toContain('Ressourcetype');
    expect(csvHeaders).toContain('Anmeldertype');
    expect(csvHeaders).toEqual(
      expect.arrayContaining(['Rekvirentens navn', 'Rekvirentens telefon', 'Rekvirentens e-mail']),
    );
    expect(csvHeaders.slice(-2)).toEqual(['Antal billeder', 'Kunde']);
    expect(
      csvStart.startsWith('\uFEFFReference;Modtaget;Henvendelse;Status;Prioritet;Navn;E-mail;Telefon;'),
    ).toBe(true);
  });
});

describe('a CSV row', () => {
  it.each(Object.keys(leadFields) as LeadKind[])(
    'of a %s lead has a cell under every heading and each of its fields in its own column',
    (kind) => {
      const contact = new Set(['name', 'fuldeNavn', 'fullName', 'email', 'phone', 'telefon']);
      const own = leadFields[kind].filter((field) => !contact.has(field.key) && !field.format);
      const details = Object.fromEntries(own.map((field) => [field.key, `værdi-${field.key}`]));
      const lead: CsvLead = {
        kind,
        reference: 'SK-ABC123',
        createdAt: new Date('2026-11-22T02:55:00Z'),
        status: 'new',
        priority: 'normal',
        name: 'Karen Holm',
        email: 'karen@holm.dk',
        phone: '+4587654321',
        details,
        imageCount: 2,
        isCustomer: false,
      };
      const row = cells(csvRow(lead));
      expect(row).toHaveLength(csvHeaders.length);
      for (const field of own) {
        expect(
          row.filter((cell) => cell === `værdi-${field.key}`),
          field.key,
        ).toHaveLength(1);
      }
      expect(row[csvHeaders.indexOf('E-mail')]).toBe('karen@holm.dk');
      expect(row[csvHeaders.indexOf('Antal billeder')]).toBe('2');
    },
  );
});

describe('an emergency’s quick questions in the CSV', () => {
  it('gives each question its own column, the answer as Ja or Nej, and the lead’s priority', () => {
    const row = cells(
      csvRow({
        kind: 'akut-skade',
        reference: 'SK-KRT123',
        createdAt: new Date('2026-11-22T02:55:00Z'),
        status: 'new',
        priority: 'kritisk',
        name: 'Karen Holm',
        email: 'karen@holm.dk',
        phone: '+4587654321',
        details: { skadetype: 'vandskade', personfare: 'ja', kloakvand: 'nej' },
        imageCount: 0,
        isCustomer: false,
      }),
    );
    const cell = (heading: string) => row[csvHeaders.indexOf(heading)];
    expect(cell('Prioritet')).toBe('Kritisk');
    expect(cell(triageQuestions.personfare)).toBe('Ja');
    expect(cell(triageQuestions.kloakvand)).toBe('Nej');
    expect(cell(triageQuestions.ubeboelig)).toBe('');
    expect(cell(triageQuestions.saarbare)).toBe('');
  });
});
