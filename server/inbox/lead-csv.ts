/**
 * The inbox's CSV export, made for Excel in Danish: UTF-8 with a byte order mark, semicolons,
 * CRLF, Danish headers, one row per lead with every field in its own column. A cell that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe, so a lead cannot plant a formula in the company's spreadsheet.
 */
import { csvLine } from '../../domain/csv.ts';
import {
  isContactField,
  leadFields,
  leadKindLabels,
  leadStatusLabels,
  leadValues,
  type LeadKind,
  type LeadStatus,
} from '../../domain/lead.ts';
import { formatPhone } from '../../domain/phone.ts';
import { leadPriorityLabels, type LeadPriority } from '../../domain/triage.ts';

/** The columns after the fixed ones: every field label of every kind, once, in reading order. */
const fieldColumns: {
  label: string;
  keys: { kind: LeadKind; key: string; format?: (value: string) => string }[];
}[] = [];
for (const [kind, fields] of Object.entries(leadFields) as [LeadKind, (typeof leadFields)[LeadKind]][]) {
  for (const field of fields) {
    if (isContactField(kind, field.key)) continue;
    let column = fieldColumns.find((c) => c.label === field.label);
    if (!column) fieldColumns.push((column = { label: field.label, keys: [] }));
    column.keys.push({ kind, key: field.key, ...(field.format ? { format: field.format } : {}) });
  }
}

/**
 * Headings for fields whose label, clear next to the other fields of its own kind, would be
 * ambiguous among every kind's columns ('Type' is also the kind of the lead).
 */
const fieldHeadings: Record<string, string> = {
  personType: 'Anmeldertype',
  rekvirentNavn: 'Rekvirentens navn',
  resourceType: 'Ressourcetype',
};

/** One heading per column, each used once (the sender's own contact columns come first). */
export const csvHeaders = [
  'Reference',
  'Modtaget',
  'Henvendelse',
  'Status',
  'Prioritet',
  'Navn',
  'E-mail',
  'Telefon',
  ...fieldColumns.map((column) => fieldHeadings[column.keys[0]!.key] ?? column.label),
  'Antal billeder',
  'Kunde',
];

const danishTime = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  dateStyle: 'short',
  timeStyle: 'short',
});

export interface CsvLead {
  kind: LeadKind;
  reference: string;
  createdAt: Date;
  status: LeadStatus;
  priority: LeadPriority;
  name: string;
  email: string;
  phone: string | null;
  details: Record<string, string>;
  imageCount: number;
  isCustomer: boolean;
}

export function csvRow(lead: CsvLead): string {
  const values = leadValues(
    lead.kind,
    { name: lead.name, email: lead.email, phone: lead.phone ?? undefined },
    lead.details,
  );
  return csvLine([
    lead.reference,
    danishTime.format(lead.createdAt),
    leadKindLabels[lead.kind],
    leadStatusLabels[lead.status],
    leadPriorityLabels[lead.priority],
    lead.name,
    lead.email,
    lead.phone ? formatPhone(lead.phone) : '',
    ...fieldColumns.map((column) => {
      const field = column.keys.find((key) => key.kind === lead.kind);
      const raw = field ? values[field.key]?.trim() : undefined;
      return raw ? (field?.format ? field.format(raw) : raw) : '';
    }),
    String(lead.imageCount),
    lead.isCustomer ? 'Ja' : 'Nej',
  ]);
}

export const csvStart = `\uFEFF${csvLine(csvHeaders)}`;
