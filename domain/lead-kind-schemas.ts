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
import { leadKinds, leadPagesOnCall, type LeadKind, type PagingLeadKind } from './lead-kinds.ts';
import { formatPhone } from './phone.ts';
import { rekvisitionLeadSchema, rekvisitionUrgencyLabels } from './rekvisition.ts';
import { resourceRequestLeadSchema } from './resource-request.ts';
import { triageAnswerLabels, triageQuestionNames, triageQuestions, type TriageAnswer } from './triage.ts';
import { urgentWorkRequestKeys, urgentWorkRequestWording } from './urgent-work-request.ts';
import { timeZone } from './zoned-time.ts';

/**
 * The part of the lead-kind registry (domain/lead-kinds.ts) that holds each kind's zod schema and
 * the fields staff read, kept apart so the browser's pages that read a kind's plain facts do not
 * load every form's schema.
 */

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

const personTypeField: LeadField = {
  key: 'personType',
  label: 'Hvem er du',
  format: (value) => personTypeLabels[value as PersonType] ?? value,
  showWhenEmpty: true,
};

const requestTimeFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone,
  dateStyle: 'long',
  timeStyle: 'medium',
});

/**
 * The stored time of an express request in Danish time, to the second ('29. november 2026 kl.
 * 13.02.07'). Here, not with the wordings, which the forms load: the forms need no time zone.
 */
export function urgentWorkRequestTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : requestTimeFormat.format(time);
}

/**
 * A private person's answer to the express request for urgent work: yes or no, the exact wording
 * shown and when. Left out for a business, which is never asked.
 */
const urgentWorkRequestFields: LeadField[] = [
  {
    key: urgentWorkRequestKeys.answer,
    label: 'Udtrykkelig anmodning om akut arbejde',
    format: (value) => (value === 'ja' ? 'Ja' : value === 'nej' ? 'Nej' : value),
  },
  {
    key: urgentWorkRequestKeys.version,
    label: 'Tekst vist ved anmodningen',
    format: urgentWorkRequestWording,
  },
  { key: urgentWorkRequestKeys.at, label: 'Svaret afgivet', format: urgentWorkRequestTime },
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

/**
 * Every kind's schema and its fields in the order staff read them. A new form field gets its row
 * here; a new kind its entry (README.md, "Adding a lead kind").
 */
export const leadKindSchemas = {
  kontakt: {
    schema: contactLeadSchema,
    fields: [
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
  },
  anmeldelse: {
    schema: damageReportLeadSchema,
    fields: [
      personTypeField,
      { key: 'fuldeNavn', label: 'Navn', showWhenEmpty: true },
      { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
      { key: 'telefon', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
      { key: 'virksomhedsnavn', label: 'Virksomhedsnavn' },
      { key: 'cvr', label: 'CVR' },
      { key: 'rekvirentNavn', label: 'Rekvirent' },
      { key: 'rekvirentTelefon', label: 'Rekvirentens telefon', ...phoneFieldInfo },
      { key: 'rekvirentEmail', label: 'Rekvirentens e-mail', link: 'mailto' },
      ...damageFields,
      ...urgentWorkRequestFields,
    ],
  },
  'akut-skade': {
    schema: emergencyLeadSchema,
    fields: [
      // Not shown when empty: emergencies stored before the form asked have none.
      { ...personTypeField, showWhenEmpty: false },
      { key: 'fuldeNavn', label: 'Navn', showWhenEmpty: true },
      { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
      { key: 'telefon', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
      ...damageFields,
      ...triageLeadFields,
      ...urgentWorkRequestFields,
    ],
  },
  ressource: {
    schema: resourceRequestLeadSchema,
    fields: [
      { key: 'resourceTitle', label: 'Ressource', showWhenEmpty: true },
      { key: 'resourceType', label: 'Type', showWhenEmpty: true },
      { key: 'fullName', label: 'Navn', showWhenEmpty: true },
      { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
      { key: 'phone', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
      { key: 'companyName', label: 'Virksomhed', showWhenEmpty: true },
    ],
  },
  rekvisition: {
    schema: rekvisitionLeadSchema,
    fields: [
      { key: 'forsikringsselskab', label: 'Forsikringsselskab', showWhenEmpty: true },
      { key: 'skadeNr', label: 'Skadenummer', showWhenEmpty: true },
      { key: 'policeNr', label: 'Policenummer', showWhenEmpty: true },
      {
        key: 'hastegrad',
        label: 'Hastegrad',
        format: (value) => rekvisitionUrgencyLabels[value as keyof typeof rekvisitionUrgencyLabels] ?? value,
        showWhenEmpty: true,
      },
      { key: 'taksatorNavn', label: 'Taksator', showWhenEmpty: true },
      { key: 'taksatorEmail', label: 'Taksators e-mail', link: 'mailto', showWhenEmpty: true },
      { key: 'taksatorTelefon', label: 'Taksators telefon', ...phoneFieldInfo, showWhenEmpty: true },
      { key: 'fuldeNavn', label: 'Forsikringstager', showWhenEmpty: true },
      { key: 'email', label: 'E-mail', link: 'mailto', showWhenEmpty: true },
      { key: 'telefon', label: 'Telefon', ...phoneFieldInfo, showWhenEmpty: true },
      { key: 'adresse', label: 'Skadeadresse', showWhenEmpty: true },
      {
        key: 'skadetype',
        label: 'Skadetype',
        format: (value) => damageTypeLabels[value as DamageType] ?? value,
        showWhenEmpty: true,
      },
      { key: 'skadedato', label: 'Skadedato', showWhenEmpty: true },
      { key: 'besked', label: 'Beskrivelse', multiline: true, showWhenEmpty: true },
      // Staff only: the customer's case page, SMS and mails never show it.
      { key: 'adgang', label: 'Adgang', multiline: true, showWhenEmpty: true },
    ],
  },
} satisfies Record<LeadKind, { schema: z.ZodType<{ kind: LeadKind }>; fields: readonly LeadField[] }>;

type KindSchema = (typeof leadKindSchemas)[LeadKind]['schema'];

export const unknownLeadKindMessage = 'Ukendt henvendelsestype';

/** Any lead, told apart by its kind. */
export const leadSchema = z.discriminatedUnion(
  'kind',
  leadKinds.map((kind) => leadKindSchemas[kind].schema) as unknown as [KindSchema, ...KindSchema[]],
  { error: unknownLeadKindMessage },
);
export type Lead = z.output<typeof leadSchema>;
export type LeadInput = z.input<typeof leadSchema>;
export type LeadOfKind<K extends LeadKind> = Extract<Lead, { kind: K }>;

/** Every kind's fields in the order staff read them. */
export const leadFields = Object.fromEntries(
  leadKinds.map((kind): [LeadKind, readonly LeadField[]] => [kind, leadKindSchemas[kind].fields]),
) as { readonly [K in LeadKind]: readonly LeadField[] };

/**
 * True for a lead that pages the on-call staff (an emergency, an urgent assignment), by its kind's
 * `paging` (domain/lead-kind-pages.ts): decided when it is stored, then read from leads.pages_on_call.
 */
export function isPagingLead(lead: Lead): lead is LeadOfKind<PagingLeadKind> {
  return leadPagesOnCall(lead.kind, lead);
}
