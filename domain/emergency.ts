import { z } from 'zod';
import { limits } from './constants.ts';
import { damageTypes, insurers } from './enums.ts';
import { emailField, minText, optionalText } from './fields.ts';
import { imageMessages, imageUploadsField } from './images.ts';
import { formatPhone, phoneField, phoneMessages } from './phone.ts';
import { spamFields } from './spam.ts';
import { triageFields } from './triage.ts';
import { consumerPersonType, urgentWorkRequestField } from './urgent-work-request.ts';

/**
 * Who has the damage: a private person or a business. A private person is asked for the express
 * request for urgent work and gets the consumer information in the receipt; a business neither.
 * Private comes first and is chosen until changed: most emergencies are homes, and a business
 * taken for a private person only gets information it does not need, while a private person
 * taken for a business would lose what the law gives them.
 */
export const emergencyPersonTypes = [consumerPersonType, 'virksomhed'] as const;

/** The emergency form on /akut-skade: its fields and their exact Danish messages. */
export const emergencyFormMessages = {
  fuldeNavn: 'Fulde navn er påkrævet',
  adresse: 'Adresse er påkrævet',
  telefon: 'Telefonnummer er påkrævet',
  telefonInvalid: phoneMessages.invalid,
  email: 'Ugyldig email adresse',
  forsikringsselskab: 'Vælg dit forsikringsselskab',
  skadetype: 'Vælg skadetype',
  personType: 'Vælg hvem du er',
  tooLong: 'Teksten er for lang',
  tooManyImages: imageMessages.tooMany(limits.emergencyMaxImages),
} as const;

const m = emergencyFormMessages;

/**
 * A lead from the emergency form (kind 'akut-skade'); `images` are upload URLs (at most 3). The
 * express request is kept for a private person only: a business's answer is dropped.
 */
export const emergencyLeadSchema = z
  .object({
    kind: z.literal('akut-skade'),
    personType: z.enum(emergencyPersonTypes, { error: m.personType }).default(consumerPersonType),
    fuldeNavn: minText(2, m.fuldeNavn, 200, m.tooLong),
    adresse: minText(5, m.adresse, 300, m.tooLong),
    telefon: phoneField({ required: m.telefon, minLength: 8 }),
    email: emailField({ required: m.email, invalid: m.email }),
    forsikringsselskab: z.enum(insurers, { error: m.forsikringsselskab }),
    policeNr: optionalText(100, m.tooLong),
    skadeNr: optionalText(100, m.tooLong),
    skadetype: z.enum(damageTypes, { error: m.skadetype }),
    besked: optionalText(5000, m.tooLong, { multiline: true }),
    images: imageUploadsField(limits.emergencyMaxImages),
    udtrykkeligAnmodning: urgentWorkRequestField,
    ...triageFields,
    ...spamFields,
  })
  .transform(({ udtrykkeligAnmodning, ...values }) => ({
    ...values,
    ...(values.personType === consumerPersonType ? { udtrykkeligAnmodning } : {}),
  }));
export type EmergencyLeadInput = z.input<typeof emergencyLeadSchema>;
export type EmergencyLead = z.output<typeof emergencyLeadSchema>;

/** The phone as people read it ('12 34 56 78'), e.g. for the success toast. */
export function emergencyCallbackPhone(values: Pick<EmergencyLead, 'telefon'>): string {
  return formatPhone(values.telefon);
}
