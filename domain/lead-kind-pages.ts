/**
 * The part of each lead kind's entry in the registry (domain/lead-kinds.ts) that the public pages
 * read: where its form is, which of the customer's texts it gets, whether /tak asks if it became
 * urgent, and whether it is an emergency. Apart from the rest so those pages load these few facts,
 * not every kind's labels and mail rules (the first-load JavaScript budget); the registry spreads
 * each kind's facts here into its entry, so a kind is still described once.
 */
export const leadKinds = ['kontakt', 'anmeldelse', 'akut-skade', 'ressource', 'rekvisition'] as const;
export type LeadKind = (typeof leadKinds)[number];

/** Which of the customer's texts a kind reads (LeadKindPageFacts.customerCopy). */
export type CustomerCopy = 'damage-report' | 'emergency' | 'contact' | 'resource' | 'assignment';

export interface LeadKindPageFacts {
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
   * Which of its leads are emergencies: they page the on-call staff, count in surge mode, the
   * submission cap and the emergency figures, are checked for repeats of an open one, and the
   * inbox shows them as urgent. All (true), none (false), or the leads whose field has the value
   * (an insurer's assignment marked urgent). Decided once when a lead is stored (leads.pages_on_call).
   */
  paging: PagingRule;
}

/** Which of a kind's leads page the on-call staff (LeadKindPageFacts.paging). */
export type PagingRule = boolean | { readonly field: string; readonly value: string };

export const leadKindPages = {
  kontakt: {
    form: { path: '/contact', formId: 'kontaktformular', sectionId: 'skriv-til-os' },
    customerCopy: 'contact',
    asksIfUrgent: true,
    paging: false,
  },
  anmeldelse: {
    form: { path: '/anmeldelse', formId: 'anmeldelse-formular', sectionId: 'skadeanmeldelse' },
    customerCopy: 'damage-report',
    asksIfUrgent: true,
    paging: false,
  },
  'akut-skade': {
    form: { path: '/akut-skade', formId: 'akut-skadeformular', sectionId: 'akut-formular' },
    customerCopy: 'emergency',
    asksIfUrgent: false,
    paging: true,
  },
  ressource: {
    form: { path: '/resources', perResource: true },
    customerCopy: 'resource',
    asksIfUrgent: false,
    paging: false,
  },
  rekvisition: {
    form: { path: '/rekvisition', formId: 'rekvisitionsformular', sectionId: 'rekvisition' },
    customerCopy: 'assignment',
    asksIfUrgent: false,
    paging: { field: 'hastegrad', value: 'akut' },
  },
} as const satisfies Record<LeadKind, LeadKindPageFacts>;

/** True for a name that is a lead kind (e.g. read from a URL). */
export function isLeadKind(value: string): value is LeadKind {
  return Object.hasOwn(leadKindPages, value);
}
