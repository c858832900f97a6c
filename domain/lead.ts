import { z } from 'zod';
import { contactLeadSchema } from './contact.ts';
import { damageReportLeadSchema } from './damage-report.ts';
import { emergencyLeadSchema } from './emergency.ts';
import {
  damageTypeLabels,
  personTypeLabels,
  serviceOptionLabels,
  type DamageType,
  type PersonType,
  type ServiceOption,
} from './enums.ts';
import { formatPhone } from './phone.ts';
import { resourceRequestLeadSchema } from './resource-request.ts';
import { spamFieldNames } from './spam.ts';
import { triageAnswerLabels, triageQuestionNames, triageQuestions, type TriageAnswer } from './triage.ts';

/**
 * A lead: whatever a visitor sends through one of the four forms. Each kind has one schema (its
 * fields, rules and Danish messages) used by its form, by POST /api/leads and, through the field
 * list below, by the staff e-mail, the inbox and the CSV export.
 */
export const leadKinds = ['kontakt', 'anmeldelse', 'akut-skade', 'ressource'] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadKindLabels: Record<LeadKind, string> = {
  kontakt: 'Kontaktformular',
  anmeldelse: 'Skadeanmeldelse',
  'akut-skade': 'Akut skade',
  ressource: 'Ressource',
};

export const unknownLeadKindMessage = 'Ukendt henvendelsestype';

export const leadSchema = z.discriminatedUnion(
  'kind',
  [contactLeadSchema, damageReportLeadSchema, emergencyLeadSchema, resourceRequestLeadSchema],
  { error: unknownLeadKindMessage },
);
export type Lead = z.output<typeof leadSchema>;
export type LeadInput = z.input<typeof leadSchema>;

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

/** The name of each kind's fields that hold the sender's name, e-mail and phone. */
const contactFieldNames = {
  kontakt: { name: 'name', email: 'email', phone: 'phone' },
  anmeldelse: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
  'akut-skade': { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
  ressource: { name: 'fullName', email: 'email', phone: 'phone' },
} as const satisfies Record<LeadKind, Record<keyof LeadContact, string>>;

/** True for a field of the kind's form that holds the sender's name, e-mail or phone. */
export function isContactField(kind: LeadKind, key: string): boolean {
  return (Object.values(contactFieldNames[kind]) as string[]).includes(key);
}

/** A lead's own fields besides the sender's name, e-mail and phone and its photos. */
export type LeadDetails = Record<string, string>;

/**
 * Splits a validated lead into the columns every lead has, its details and its photo URLs. The
 * spam fields (form token, honeypot) are judged by the server and never stored.
 */
export function splitLead(lead: Lead): { contact: LeadContact; details: LeadDetails; images: string[] } {
  const names = contactFieldNames[lead.kind];
  const values = lead as unknown as Record<string, unknown>;
  const details: LeadDetails = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'kind' || key === 'images' || spamFieldNames.includes(key)) continue;
    if (Object.values(names).includes(key as never)) continue;
    if (typeof value === 'string') details[key] = value;
  }
  const phone = values[names.phone];
  return {
    contact: {
      name: String(values[names.name]),
      email: String(values[names.email]),
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
  const names = contactFieldNames[kind];
  const values: Record<string, string> = {
    [names.name]: contact.name,
    [names.email]: contact.email,
    ...details,
  };
  if (contact.phone) values[names.phone] = contact.phone;
  return values;
}

export interface LeadField {
  /** The field's name in the kind's schema and form. */
  key: string;
  /** Its Danish label for staff (e-mail, inbox, CSV). */
  label: string;
  /** How the stored value reads: an enumeration's label, a phone number as people write it. */
  format?: (value: string) => string;
  /** Links staff can follow. */
  link?: 'mailto' | 'tel';
  /** Multi-line text. */
  multiline?: boolean;
  /** Shown as "Ikke angivet" when empty (otherwise left out, e.g. conditional fields). */
  showWhenEmpty?: boolean;
}

const phoneFieldInfo = { format: formatPhone, link: 'tel' } as const;
const damageFields: LeadField[] = [
  { key: 'adresse', label: 'Adresse', showWhenEmpty: true },
  { key: 'forsikringsselskab', label: 'Forsikringsselskab', showWhenEmpty: true },
  {
    key: 'skadetype',
    label: 'Skadetype',
    format: (value) => damageTypeLabels[value as DamageType] ?? value,
    showWhenEmpty: true,
  },
  { key: 'policeNr', label: 'Policenummer', showWhenEmpty: true },
  { key: 'skadeNr', label: 'Skadenummer', showWhenEmpty: true },
  { key: 'besked', label: 'Beskrivelse', multiline: true, showWhenEmpty: true },
];

/**
 * The emergency's quick questions, each under its own question as the form asks it. Shown
 * unanswered too: staff must tell "no" from "not answered".
 */
const triageLeadFields: LeadField[] = triageQuestionNames.map((key) => ({
  key,
  label: triageQuestions[key],
  format: (value) => triageAnswerLabels[value as TriageAnswer] ?? value,
  showWhenEmpty: true,
}));

/** Every kind's fields in the order staff read them. A new form field gets its row here. */
export const leadFields: Record<LeadKind, readonly LeadField[]> = {
  kontakt: [
    { key: 'name', label: 'Navn', showWhenEmpty: true },
    { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
    { key: 'phone', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
    {
      key: 'service',
      label: 'Ønsket ydelse',
      format: (value) => serviceOptionLabels[value as ServiceOption] ?? value,
      showWhenEmpty: true,
    },
    { key: 'message', label: 'Besked', multiline: true, showWhenEmpty: true },
  ],
  anmeldelse: [
    {
      key: 'personType',
      label: 'Hvem er du',
      format: (value) => personTypeLabels[value as PersonType] ?? value,
      showWhenEmpty: true,
    },
    { key: 'fuldeNavn', label: 'Navn', showWhenEmpty: true },
    { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
    { key: 'telefon', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
    { key: 'virksomhedsnavn', label: 'Virksomhedsnavn' },
    { key: 'cvr', label: 'CVR' },
    { key: 'rekvirentNavn', label: 'Rekvirent' },
    { key: 'rekvirentTelefon', label: 'Rekvirentens telefon', ...phoneFieldInfo },
    { key: 'rekvirentEmail', label: 'Rekvirentens e-mail', link: 'mailto' },
    ...damageFields,
  ],
  'akut-skade': [
    { key: 'fuldeNavn', label: 'Navn', showWhenEmpty: true },
    { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
    { key: 'telefon', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
    ...damageFields,
    ...triageLeadFields,
  ],
  ressource: [
    { key: 'resourceTitle', label: 'Ressource', showWhenEmpty: true },
    { key: 'resourceType', label: 'Type', showWhenEmpty: true },
    { key: 'fullName', label: 'Navn', showWhenEmpty: true },
    { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
    { key: 'phone', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
    { key: 'companyName', label: 'Virksomhed', showWhenEmpty: true },
  ],
};

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

/** Reference prefixes: SK for damage and contact leads, RS for resource requests. */
export function referencePrefix(kind: LeadKind): 'SK' | 'RS' {
  return kind === 'ressource' ? 'RS' : 'SK';
}

/** The lead's topic for an e-mail subject: the damage type, the chosen service or the resource. */
export function leadTopic(kind: LeadKind, values: Readonly<Record<string, string | undefined>>): string {
  if (kind === 'kontakt') return serviceOptionLabels[values.service as ServiceOption] ?? values.service ?? '';
  if (kind === 'ressource') return values.resourceTitle ?? '';
  return damageTypeLabels[values.skadetype as DamageType] ?? values.skadetype ?? '';
}
