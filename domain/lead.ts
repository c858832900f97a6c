import { leadKindRegistry, type LeadKind } from './lead-kinds.ts';
import { leadFields, type Lead, type LeadField } from './lead-kind-schemas.ts';
import { spamFieldNames } from './spam.ts';

/**
 * A lead: whatever a visitor sends through one of the forms. What each kind is says
 * domain/lead-kinds.ts; its schema (its fields, rules and Danish messages) is used by its form,
 * by POST /api/leads and, through its field list (domain/lead-kind-schemas.ts), by the staff
 * e-mail, the inbox and the CSV export.
 */
export { leadKinds, leadKindLabels, type LeadKind } from './lead-kinds.ts';
export {
  leadFields,
  isPagingLead,
  leadSchema,
  type Lead,
  type LeadField,
  type LeadInput,
} from './lead-kind-schemas.ts';

/** Where a lead stands in the company's work. */
export const leadStatuses = ['new', 'in-progress', 'done', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'Ny',
  'in-progress': 'I gang',
  done: 'Afsluttet',
  spam: 'Spam',
};

/** The fields every lead has, stored in their own columns. */
export interface LeadContact {
  name: string;
  email: string;
  phone: string | undefined;
}

/** True for a field of the kind's form that holds the sender's name, e-mail or phone. */
export function isContactField(kind: LeadKind, key: string): boolean {
  return (Object.values(leadKindRegistry[kind].contactFields) as string[]).includes(key);
}

/** A lead's own fields besides the sender's name, e-mail and phone and its photos. */
export type LeadDetails = Record<string, string>;

/**
 * Splits a validated lead into the columns every lead has, its details and its photo URLs. The
 * spam fields (form token, honeypot) are judged by the server and never stored.
 */
export function splitLead(lead: Lead): { contact: LeadContact; details: LeadDetails; images: string[] } {
  const names = leadKindRegistry[lead.kind].contactFields;
  const values = lead as unknown as Record<string, unknown>;
  const details: LeadDetails = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'kind' || key === 'images' || spamFieldNames.includes(key)) continue;
    if (Object.values(names).includes(key as never)) continue;
    if (typeof value === 'string') details[key] = value;
  }
  const phone = values[names.phone];
  const email = values[names.email];
  return {
    contact: {
      name: String(values[names.name]),
      // An assignment may name the policyholder by phone alone: no e-mail is stored as ''.
      email: typeof email === 'string' ? email : '',
      phone: typeof phone === 'string' && phone ? phone : undefined,
    },
    details,
    images: Array.isArray(values.images) ? (values.images as string[]) : [],
  };
}

/** The lead's fields by the names its form uses: the stored columns and details put together. */
export function leadValues(
  kind: LeadKind,
  contact: LeadContact,
  details: LeadDetails,
): Record<string, string> {
  const names = leadKindRegistry[kind].contactFields;
  const values: Record<string, string> = {
    [names.name]: contact.name,
    [names.email]: contact.email,
    ...details,
  };
  if (contact.phone) values[names.phone] = contact.phone;
  return values;
}

/**
 * Fields of a lead written before its fields were stored one by one, whose message could not be
 * split: the service text and the message as they were sent.
 */
export const legacyFields: readonly LeadField[] = [
  { key: 'legacyService', label: 'Oprindelig ydelse' },
  { key: 'legacyMessage', label: 'Oprindelig besked', multiline: true },
];

export const notGiven = 'Ikke angivet';

export interface LeadRow {
  label: string;
  /** The value as people read it. */
  value: string;
  /** mailto: or tel: target. */
  href?: string;
  multiline?: boolean;
}

/** The labelled rows of a lead, ready for an e-mail table, the inbox's detail view or a CSV line. */
export function leadRows(kind: LeadKind, values: Readonly<Record<string, string | undefined>>): LeadRow[] {
  const fields = [...leadFields[kind], ...legacyFields];
  const rows: LeadRow[] = [];
  for (const field of fields) {
    const raw = values[field.key]?.trim();
    if (!raw) {
      if (field.showWhenEmpty) rows.push({ label: field.label, value: notGiven });
      continue;
    }
    const row: LeadRow = { label: field.label, value: field.format ? field.format(raw) : raw };
    if (field.link === 'mailto') row.href = `mailto:${raw}`;
    if (field.link === 'tel') row.href = `tel:${raw.replace(/\s/g, '')}`;
    if (field.multiline) row.multiline = true;
    rows.push(row);
  }
  return rows;
}

/** The prefix of the kind's references: SK for damage and contact leads, RS for resource requests, RK for assignments. */
export function referencePrefix(kind: LeadKind): 'SK' | 'RS' | 'RK' {
  return leadKindRegistry[kind].referencePrefix;
}

/**
 * The lead's topic for an e-mail subject and the inbox: its topic field (the damage type, the
 * chosen service, the resource), an enumeration by its label.
 */
export function leadTopic(kind: LeadKind, values: Readonly<Record<string, string | undefined>>): string {
  const key = leadKindRegistry[kind].topicField;
  const raw = values[key];
  if (raw === undefined) return '';
  const format = leadFields[kind].find((field) => field.key === key)?.format;
  return format ? format(raw) : raw;
}
