import { z } from 'zod';
import { emailField, optionalText, requiredText } from './fields.ts';
import { phoneField } from './phone.ts';
import { definiteResourceType, findResourceByTitle } from './resources.ts';
import { spamFields } from './spam.ts';

/** The dialog's client checks and toasts, word for word. */
export const resourceRequestMessages = {
  requiredTitle: 'Udfyld påkrævede felter',
  requiredDescription: 'Navn, e-mail og telefonnummer skal udfyldes.',
  emailTitle: 'Ugyldig e-mail',
  emailDescription: 'Indtast venligst en gyldig e-mail adresse.',
  successTitle: 'Anmodning sendt!',
  failureTitle: 'Fejl',
  failureDescription: 'Der opstod en fejl. Prøv igen eller kontakt os direkte.',
} as const;

/** 'Vi sender dig e-bogen på e-mail snarest.' (the type in its definite form) */
export function resourceRequestSuccessDescription(resourceType: string): string {
  return `Vi sender dig ${definiteResourceType(resourceType)} på e-mail snarest.`;
}

export interface ResourceRequestFormValues {
  fullName: string;
  email: string;
  phone: string;
  companyName?: string;
}

/**
 * A simple e-mail check: something, @, something, dot, something, without spaces. Checked by hand:
 * a pattern with open runs on both sides of "@" backtracks on a long run without one.
 */
function looksLikeEmail(text: string): boolean {
  return text.split(/\s+/).some((word) => {
    const at = word.indexOf('@', 1);
    return at > 0 && word.slice(at + 2, -1).includes('.');
  });
}

/**
 * The dialog's client checks, in order. Returns the toast to show, or null when the request may be
 * sent.
 */
export function checkResourceRequest(
  values: ResourceRequestFormValues,
): { title: string; description: string } | null {
  if (!values.fullName.trim() || !values.email.trim() || !values.phone.trim()) {
    return {
      title: resourceRequestMessages.requiredTitle,
      description: resourceRequestMessages.requiredDescription,
    };
  }
  if (!looksLikeEmail(values.email)) {
    return {
      title: resourceRequestMessages.emailTitle,
      description: resourceRequestMessages.emailDescription,
    };
  }
  return null;
}

/** A request for the e-book or the checklist (kind 'ressource'), from the resource dialog. */
export const resourceRequestLeadSchema = z
  .object({
    kind: z.literal('ressource'),
    fullName: requiredText(resourceRequestMessages.requiredDescription, 200, 'Navnet er for langt'),
    email: emailField({
      required: resourceRequestMessages.requiredDescription,
      invalid: resourceRequestMessages.emailDescription,
    }),
    phone: phoneField({
      required: resourceRequestMessages.requiredDescription,
      invalid: 'Indtast et gyldigt telefonnummer',
    }),
    companyName: optionalText(200, 'Virksomhedsnavnet er for langt'),
    resourceTitle: z
      .string({ error: 'Ukendt ressource' })
      .refine((title) => findResourceByTitle(title) !== undefined, {
        error: 'Ukendt ressource',
      }),
    resourceType: z.string({ error: 'Ukendt ressourcetype' }).max(100, { error: 'Ukendt ressourcetype' }),
    ...spamFields,
  })
  .check(
    z.superRefine((values, ctx) => {
      const resource = findResourceByTitle(values.resourceTitle);
      if (resource && resource.type !== values.resourceType) {
        ctx.addIssue({ code: 'custom', path: ['resourceType'], message: 'Ukendt ressourcetype' });
      }
    }),
  );
export type ResourceRequestLeadInput = z.input<typeof resourceRequestLeadSchema>;
