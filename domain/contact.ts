import { z } from 'zod';
import { serviceOptions } from './enums.ts';
import { emailField, optionalText, requiredText } from './fields.ts';
import { optionalPhoneField, phoneMessages } from './phone.ts';
import { spamFields } from './spam.ts';

export const contactFormMessages = {
  nameRequired: 'Navn er påkrævet',
  nameTooLong: 'Navnet er for langt',
  emailRequired: 'E-mail er påkrævet',
  emailInvalid: 'Indtast en gyldig e-mail',
  phoneInvalid: phoneMessages.invalid,
  serviceRequired: 'Vælg en ydelse',
  messageTooLong: 'Beskeden er for lang (højst 5000 tegn)',
} as const;

const m = contactFormMessages;

/**
 * A lead from the /contact form (kind 'kontakt'): name, e-mail and service required; phone and
 * message optional. The form validates with it and POST /api/leads stores what it outputs.
 */
export const contactLeadSchema = z.object({
  kind: z.literal('kontakt'),
  name: requiredText(m.nameRequired, 200, m.nameTooLong),
  email: emailField({ required: m.emailRequired, invalid: m.emailInvalid }),
  phone: optionalPhoneField(),
  service: z.enum(serviceOptions, { error: m.serviceRequired }),
  message: optionalText(5000, m.messageTooLong, { multiline: true }),
  ...spamFields,
});
export type ContactLeadInput = z.input<typeof contactLeadSchema>;
export type ContactLead = z.output<typeof contactLeadSchema>;
