/**
 * The lead kinds: whatever a visitor sends through one of the forms is a lead of one kind, and
 * this is the one place that says what each kind is and how the rest of the code treats it.
 * Code that differs by kind reads a kind's entry (or a list made from the entries below) instead
 * of naming a kind. Adding a kind: README.md, "Adding a lead kind".
 *
 * Plain facts only, so the browser's pages can read them: each kind's zod schema and the fields
 * staff read live in its own module (domain/contact.ts, …) and are put together by
 * domain/lead-kind-schemas.ts. What the public pages read of a kind (its form's place, its customer
 * texts) is in domain/lead-kind-pages.ts and spread into its entry here.
 */
import { limits } from './constants.ts';
import { leadKindPages, leadKinds, type LeadKind, type LeadKindPageFacts } from './lead-kind-pages.ts';

export { leadKinds, type CustomerCopy, type LeadKind } from './lead-kind-pages.ts';
export { leadPagesOnCall } from './lead-paging.ts';

/** What a kind's sender gets by e-mail (LeadKindEntry.senderMail). */
export type SenderMail = 'receipt' | 'requested-pdf';

export interface LeadKindEntry extends LeadKindPageFacts {
  /** The kind's Danish name for staff: mails, figures, the inbox's detail view, CSV. */
  label: string;
  /** Its short name in the inbox's filters and badges. */
  shortLabel: string;
  /** The name the staff notification's subject starts with. */
  notificationLabel: string;
  /** Its references start with this ('SK-7F3K2Q'). */
  referencePrefix: 'SK' | 'RS' | 'RK';
  /** The fields of its form that hold the sender's name, e-mail and phone (stored in their own columns). */
  contactFields: { name: string; email: string; phone: string };
  /** The field that names the lead's topic in mail subjects and the inbox (its label, if it is an enumeration). */
  topicField: string;
  /** How many photos its form takes (0: none). */
  maxPhotos: number;
  /**
   * What the sender gets by e-mail: a receipt with the link to the customer's case page, or the
   * PDF the request was for (and then no case page).
   */
  senderMail: SenderMail;
  /**
   * Its first-response deadline (docs/decisions/first-response-deadlines.md): the callback time the
   * emergency was told, 24 weekday hours, the business hours of the insurer's rule (domain/insurers.ts),
   * or none. A lead that pages the on-call staff (`paging`) has the callback deadline whatever this says.
   */
  firstResponse: 'callback' | 'weekday-hours' | 'insurer-business-hours' | 'none';
  /** Its form asks the triage questions (domain/triage.ts); a page SMS of a kind without them names no priority. */
  triage: boolean;
  /** The field a page SMS names after the reference: who handed the case over ('Tryg'); null: none. */
  pageSmsSource: string | null;
  /**
   * Its customer is told by when we call (an insurer's assignment): the deadline is that time, and
   * in surge mode the emergencies' expected wait when that is later.
   */
  announcesCallTime: boolean;
  /**
   * Fields named in the staff notification's subject before the topic, as "Tryg, skadenr. 123"
   * (each value after its prefix).
   */
  subjectFields: readonly { key: string; prefix?: string }[];
  /**
   * Who handed the case over on the customer's behalf (an insurer's loss adjuster), from these
   * fields of its form: they get a receipt of their own. Null: nobody does.
   */
  requester: { name: string; email: string } | null;
}

export const leadKindRegistry = {
  kontakt: {
    ...leadKindPages.kontakt,
    label: 'Kontaktformular',
    shortLabel: 'Kontakt',
    notificationLabel: 'Kontaktformular',
    referencePrefix: 'SK',
    contactFields: { name: 'name', email: 'email', phone: 'phone' },
    topicField: 'service',
    maxPhotos: 0,
    senderMail: 'receipt',
    firstResponse: 'weekday-hours',
    triage: false,
    pageSmsSource: null,
    announcesCallTime: false,
    subjectFields: [],
    requester: null,
  },
  anmeldelse: {
    ...leadKindPages.anmeldelse,
    label: 'Skadeanmeldelse',
    shortLabel: 'Anmeldelse',
    notificationLabel: 'Skadeanmeldelse',
    referencePrefix: 'SK',
    contactFields: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
    topicField: 'skadetype',
    maxPhotos: limits.reportMaxImages,
    senderMail: 'receipt',
    firstResponse: 'weekday-hours',
    triage: false,
    pageSmsSource: null,
    announcesCallTime: false,
    subjectFields: [],
    requester: null,
  },
  'akut-skade': {
    ...leadKindPages['akut-skade'],
    label: 'Akut skade',
    shortLabel: 'Akut',
    notificationLabel: 'Akut skade',
    referencePrefix: 'SK',
    contactFields: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
    topicField: 'skadetype',
    maxPhotos: limits.emergencyMaxImages,
    senderMail: 'receipt',
    firstResponse: 'callback',
    triage: true,
    pageSmsSource: null,
    announcesCallTime: false,
    subjectFields: [],
    requester: null,
  },
  ressource: {
    ...leadKindPages.ressource,
    label: 'Ressource',
    shortLabel: 'Ressource',
    notificationLabel: 'Ressource anmodet',
    referencePrefix: 'RS',
    contactFields: { name: 'fullName', email: 'email', phone: 'phone' },
    topicField: 'resourceTitle',
    maxPhotos: 0,
    senderMail: 'requested-pdf',
    firstResponse: 'none',
    triage: false,
    pageSmsSource: null,
    announcesCallTime: false,
    subjectFields: [],
    requester: null,
  },
  rekvisition: {
    ...leadKindPages.rekvisition,
    label: 'Rekvisition',
    shortLabel: 'Rekvisition',
    notificationLabel: 'Rekvisition',
    referencePrefix: 'RK',
    // The lead's person is the policyholder; the adjuster who sent it is a party of the case.
    contactFields: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
    topicField: 'skadetype',
    maxPhotos: limits.reportMaxImages,
    senderMail: 'receipt',
    firstResponse: 'insurer-business-hours',
    triage: false,
    pageSmsSource: 'forsikringsselskab',
    announcesCallTime: true,
    subjectFields: [{ key: 'forsikringsselskab' }, { key: 'skadeNr', prefix: 'skadenr. ' }],
    requester: { name: 'taksatorNavn', email: 'taksatorEmail' },
  },
} as const satisfies Record<LeadKind, LeadKindEntry>;

type Registry = typeof leadKindRegistry;

/** One value per kind, in the kinds' order. */
function byKind<T>(value: (entry: LeadKindEntry, kind: LeadKind) => T): { [K in LeadKind]: T } {
  return Object.fromEntries(leadKinds.map((kind) => [kind, value(leadKindRegistry[kind], kind)])) as {
    [K in LeadKind]: T;
  };
}

export const leadKindLabels = byKind((entry) => entry.label);
export const leadKindShortLabels = byKind((entry) => entry.shortLabel);

/** The kinds whose entry has `flag` set, as their names' type. */
type KindsWith<Key extends keyof LeadKindEntry, Value> = {
  [K in LeadKind]: Registry[K][Key] extends Value ? K : never;
}[LeadKind];

/**
 * The kinds some of whose leads page the on-call staff (`paging` other than false). Whether one
 * lead does is its own fact (leadPagesOnCall, stored as leads.pages_on_call): read that, not the kind.
 */
export type PagingLeadKind = {
  [K in LeadKind]: Registry[K]['paging'] extends false ? never : K;
}[LeadKind];

/** The kinds whose sender gets a receipt and has a case page (all but a resource request). */
export type ReceiptLeadKind = KindsWith<'senderMail', 'receipt'>;
export function hasReceipt(kind: LeadKind): kind is ReceiptLeadKind {
  return leadKindRegistry[kind].senderMail === 'receipt';
}

/**
 * The kinds whose leads that do not page have a deadline counted on the clock from their arrival
 * (24 weekday hours, or an insurer's business hours): one stored without it is given it later
 * (server/leads/first-response.ts).
 */
export const clockDeadlineKinds = leadKinds.filter((kind) =>
  ['weekday-hours', 'insurer-business-hours'].includes(leadKindRegistry[kind].firstResponse),
);

/** The order of the first-response figures; a kind with a deadline not named here follows these. */
const deadlineFiguresOrder: readonly LeadKind[] = ['akut-skade', 'anmeldelse', 'kontakt'];
const figuresRank = (kind: LeadKind) => {
  const rank = deadlineFiguresOrder.indexOf(kind);
  return rank === -1 ? deadlineFiguresOrder.length : rank;
};

/** The kinds that have a deadline, in the order the figures show them. */
export const kindsWithDeadline: readonly LeadKind[] = leadKinds
  .filter((kind) => leadKindRegistry[kind].firstResponse !== 'none')
  .sort((a, b) => figuresRank(a) - figuresRank(b));

/** The kinds whose page has one plain form (not one per resource). */
export type PlainFormLeadKind = {
  [K in LeadKind]: Registry[K]['form'] extends { formId: string } ? K : never;
}[LeadKind];
