import { leadKindPages, leadKinds, type LeadKind } from './lead-kind-pages.ts';
import type { PlainFormLeadKind } from './lead-kinds.ts';

/**
 * What the server puts back into a form it could not accept from a browser without JavaScript:
 * the form is rendered again on its page with these values, the Danish message under each field
 * and in the error summary. The same messages the form shows when its code checks it.
 */
export interface FormAnswer {
  /** The values as the visitor posted them, by field name (photos are never sent back). */
  values: Readonly<Record<string, string>>;
  /**
   * Field name → Danish message: the first issue the lead's schema found for that field, the
   * message the form shows when its own code checks the same values.
   */
  errors: Readonly<Record<string, string>>;
  /** A message for the whole form, e.g. over the submission limit or the store unreachable. */
  formError?: string;
  /** Photos were chosen but could not be kept: the form says they must be chosen again. */
  photosDropped?: boolean;
}

/**
 * The name the photo input posts its files under, in the emergency form and the damage report
 * (multipart bodies). The schemas' `images` hold upload URLs, which only the scripted forms make.
 */
export const photoFieldName = 'billeder';

/** The page each form is on: its plain HTML form posts there (domain/lead-kind-pages.ts). */
export const formPagePaths = Object.fromEntries(
  leadKinds.map((kind) => [kind, leadKindPages[kind].form.path]),
) as { readonly [K in LeadKind]: string };

const plainForms = leadKinds.flatMap((kind) => {
  const form = leadKindPages[kind].form;
  return 'formId' in form ? [{ kind, ...form }] : [];
});
const byPlainFormKind = (value: (form: (typeof plainForms)[number]) => string) =>
  Object.fromEntries(plainForms.map((form) => [form.kind, value(form)])) as {
    readonly [K in PlainFormLeadKind]: string;
  };

/**
 * The element id of each page's one form (the contact form, the emergency form, the damage
 * report): the server finds the prerendered `<form id="…">` by it and puts the answered form in
 * its place. The resource forms, one per resource, are named by `resourceFormId`.
 */
export const plainFormIds = byPlainFormKind((form) => form.formId);

/**
 * The section of each form's page that holds the form: the form posts to `page#section`, so the
 * answer opens where the visitor was, not at the top of the page.
 */
export const formSectionIds = byPlainFormKind((form) => form.sectionId);

/** Where each page's form posts: its own page, at the section that holds it. */
export const formActions = byPlainFormKind((form) => `${form.path}#${form.sectionId}`);

/**
 * The id of the plain request form of one resource on /resources ('ressourceformular-skybrud'),
 * by the resource's id in domain/resources.ts.
 */
export function resourceFormId(resourceId: string): string {
  return `ressourceformular-${resourceId}`;
}

/**
 * The section on /resources that holds a resource's plain request form. It shows only when it is
 * the page's target (`/resources#hent-skybrud`), which is where the request link points and where
 * the form posts.
 */
export function resourceSectionId(resourceId: string): string {
  return `hent-${resourceId}`;
}

/** Where a resource's plain request form posts: /resources, at the section that holds it. */
export function resourceFormAction(resourceId: string): string {
  return `${formPagePaths.ressource}#${resourceSectionId(resourceId)}`;
}

/**
 * The id of the thank-you page's top section: a sent form lands on `/tak?…#tak-besked`, and the
 * server puts its own rendering of the section (with the reference) in its place.
 */
export const thankYouSectionId = 'tak-besked';

/** /tak's query name for the reference of the open emergency a sent one repeats (`&dublet=SK-…`). */
export const duplicateQueryName = 'dublet';

/**
 * /tak's query name (`&akut=1`) for a lead that pages the on-call staff although its kind does not
 * always (an insurer's assignment marked urgent): /tak says it is handled as urgent.
 */
export const urgentQueryName = 'akut';

/** What the server says in a plain form's answer beyond the fields' own messages. */
export const plainFormMessages = {
  /**
   * Sent within seconds of the page opening: people read and type for longer; form-filling
   * programs do not. The form comes back filled in, and sending it again goes through.
   */
  tooFast: 'Formularen blev sendt meget hurtigt. Se oplysningerne igennem, og tryk på knappen igen.',
} as const;
