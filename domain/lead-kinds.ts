import { limits } from './constants.ts';

/**
 * The lead kinds: whatever a visitor sends through one of the forms is a lead of one kind, and
 * this is the one place that says what each kind is and how the rest of the code treats it.
 * Code that differs by kind reads a kind's entry (or a list made from the entries below) instead
 * of naming a kind. Adding a kind: README.md, "Adding a lead kind".
 *
 * Plain facts only, so the browser's pages can read them: each kind's zod schema and the fields
 * staff read live in its own module (domain/contact.ts, …) and are put together by
 * domain/lead-kind-schemas.ts.
 */
export const leadKinds = ['kontakt', 'anmeldelse', 'akut-skade', 'ressource'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Which of the customer's texts a kind reads (LeadKindEntry.customerCopy). */
export type CustomerCopy = 'damage-report' | 'emergency' | 'contact' | 'resource';
/** What a kind's sender gets by e-mail (LeadKindEntry.senderMail). */
export type SenderMail = 'receipt' | 'requested-pdf';

export interface LeadKindEntry {
  /** The kind's Danish name for staff: mails, figures, the inbox's detail view, CSV. */
  label: string;
  /** Its short name in the inbox's filters and badges. */
  shortLabel: string;
  /** The name the staff notification's subject starts with. */
  notificationLabel: string;
  /** Its references start with this ('SK-7F3K2Q'). */
  referencePrefix: 'SK' | 'RS';
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
   * emergency was told, 24 weekday hours, or none.
   */
  firstResponse: 'callback' | 'weekday-hours' | 'none';
  /**
   * Where its form is: the page the plain HTML form posts to, the form's element id and the
   * section that holds it; `perResource` when the page has one form per resource
   * (domain/plain-forms.ts, resourceFormId).
   */
  form: { path: string; formId: string; sectionId: string } | { path: string; perResource: true };
  /**
   * Which of the customer's texts it reads: the top of /tak (app/content/pages/thank-you.ts) and
   * what its case page says comes next (server/case/copy.ts).
   */
  customerCopy: CustomerCopy;
  /** Whether /tak asks "Er situationen blevet akut i mellemtiden?" (not for an emergency, nor where no damage was reported). */
  asksIfUrgent: boolean;
  /**
   * An emergency: it pages the on-call staff, counts in surge mode, the submission cap and the
   * emergency figures, is checked for repeats of an open one, and the inbox shows it as urgent.
   */
  pagesOnCall: boolean;
}

export const leadKindRegistry = {
  kontakt: {
    label: 'Kontaktformular',
    shortLabel: 'Kontakt',
    notificationLabel: 'Kontaktformular',
    referencePrefix: 'SK',
    contactFields: { name: 'name', email: 'email', phone: 'phone' },
    topicField: 'service',
    maxPhotos: 0,
    senderMail: 'receipt',
    firstResponse: 'weekday-hours',
    form: { path: '/contact', formId: 'kontaktformular', sectionId: 'skriv-til-os' },
    customerCopy: 'contact',
    asksIfUrgent: true,
    pagesOnCall: false,
  },
  anmeldelse: {
    label: 'Skadeanmeldelse',
    shortLabel: 'Anmeldelse',
    notificationLabel: 'Skadeanmeldelse',
    referencePrefix: 'SK',
    contactFields: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
    topicField: 'skadetype',
    maxPhotos: limits.reportMaxImages,
    senderMail: 'receipt',
    firstResponse: 'weekday-hours',
    form: { path: '/anmeldelse', formId: 'anmeldelse-formular', sectionId: 'skadeanmeldelse' },
    customerCopy: 'damage-report',
    asksIfUrgent: true,
    pagesOnCall: false,
  },
  'akut-skade': {
    label: 'Akut skade',
    shortLabel: 'Akut',
    notificationLabel: 'Akut skade',
    referencePrefix: 'SK',
    contactFields: { name: 'fuldeNavn', email: 'email', phone: 'telefon' },
    topicField: 'skadetype',
    maxPhotos: limits.emergencyMaxImages,
    senderMail: 'receipt',
    firstResponse: 'callback',
    form: { path: '/akut-skade', formId: 'akut-skadeformular', sectionId: 'akut-formular' },
    customerCopy: 'emergency',
    asksIfUrgent: false,
    pagesOnCall: true,
  },
  ressource: {
    label: 'Ressource',
    shortLabel: 'Ressource',
    notificationLabel: 'Ressource anmodet',
    referencePrefix: 'RS',
    contactFields: { name: 'fullName', email: 'email', phone: 'phone' },
    topicField: 'resourceTitle',
    maxPhotos: 0,
    senderMail: 'requested-pdf',
    firstResponse: 'none',
    form: { path: '/resources', perResource: true },
    customerCopy: 'resource',
    asksIfUrgent: false,
    pagesOnCall: false,
  },
} as const satisfies Record<LeadKind, LeadKindEntry>;

type Registry = typeof leadKindRegistry;

/** True for a name that is a lead kind (e.g. read from a URL). */
export function isLeadKind(value: string): value is LeadKind {
  return Object.hasOwn(leadKindRegistry, value);
}

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

/** The emergencies: the kinds that page the on-call staff. */
export type PagingLeadKind = KindsWith<'pagesOnCall', true>;
export const pagingLeadKinds = leadKinds.filter(
  (kind) => leadKindRegistry[kind].pagesOnCall,
) as PagingLeadKind[];
export function pagesOnCall(kind: LeadKind): kind is PagingLeadKind {
  return leadKindRegistry[kind].pagesOnCall;
}

/** The kinds whose sender gets a receipt and has a case page (all but a resource request). */
export type ReceiptLeadKind = KindsWith<'senderMail', 'receipt'>;
export function hasReceipt(kind: LeadKind): kind is ReceiptLeadKind {
  return leadKindRegistry[kind].senderMail === 'receipt';
}

/** The kinds whose first-response deadline is 24 weekday hours. */
export const weekdayDeadlineKinds = leadKinds.filter(
  (kind) => leadKindRegistry[kind].firstResponse === 'weekday-hours',
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
