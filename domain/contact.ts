import { z } from 'zod';
import { serviceOptions } from './enums.ts';
import { emailField, optionalText, requiredText } from './fields.ts';
import { isDanishPhone, phoneMessages } from './phone.ts';

/** Contact submission as stored (SPEC §3, table contact_submissions). */
export const contactSubmissionTypes = ['general', 'anmeldelse', 'akut-skade'] as const;
export type ContactSubmissionType = (typeof contactSubmissionTypes)[number];

export const contactSubmissionTypeLabels: Record<ContactSubmissionType, string> = {
  general: 'Kontaktformular',
  anmeldelse: 'Skadeanmeldelse',
  'akut-skade': 'Akut skade',
};

export const contactSubmissionInsertSchema = z.object({
  type: z.enum(contactSubmissionTypes).default('general'),
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  phone: z.string().trim().max(40).optional(),
  service: z.string().trim().min(1).max(300),
  message: z.string().trim().max(20_000).optional(),
  images: z.array(z.string()).optional(),
});
export type ContactSubmissionInsert = z.output<typeof contactSubmissionInsertSchema>;

export const contactFormMessages = {
  nameRequired: 'Navn er påkrævet',
  nameTooLong: 'Navnet er for langt',
  emailRequired: 'E-mail er påkrævet',
  emailInvalid: 'Indtast en gyldig e-mail',
  phoneInvalid: phoneMessages.invalid,
  serviceRequired: 'Vælg en ydelse',
  messageTooLong: 'Beskeden er for lang (højst 5000 tegn)',
} as const;

/**
 * The /contact form (SPEC §5: name, email and service required; phone and message optional).
 * No transforms, so the form's input and output types are the same for react-hook-form.
 */
export const contactFormSchema = z.object({
  name: requiredText(contactFormMessages.nameRequired, 200, contactFormMessages.nameTooLong),
  email: emailField({
    required: contactFormMessages.emailRequired,
    invalid: contactFormMessages.emailInvalid,
  }),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || isDanishPhone(value), { error: contactFormMessages.phoneInvalid })
    .optional(),
  service: z.enum(serviceOptions, { error: contactFormMessages.serviceRequired }),
  message: optionalText(5000, contactFormMessages.messageTooLong),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;
