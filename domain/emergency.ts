import { z } from 'zod';
import { limits } from './constants.ts';
import { damageTypes, insurers } from './enums.ts';
import { emailField, minText, optionalText } from './fields.ts';
import { imageMessages, imageUploadsField } from './images.ts';
import { formatPhone, phoneField, phoneMessages } from './phone.ts';
import { spamFields } from './spam.ts';
import { triageFields } from './triage.ts';

/** The emergency form on /akut-skade: its fields and their exact Danish messages. */
export const emergencyFormMessages = {
  fuldeNavn: 'Fulde navn er påkrævet',
  adresse: 'Adresse er påkrævet',
  telefon: 'Telefonnummer er påkrævet',
  telefonInvalid: phoneMessages.invalid,
  email: 'Ugyldig email adresse',
  forsikringsselskab: 'Vælg dit forsikringsselskab',
  skadetype: 'Vælg skadetype',
  tooLong: 'Teksten er for lang',
  tooManyImages: imageMessages.tooMany(limits.emergencyMaxImages),
} as const;

const m = emergencyFormMessages;

/** A lead from the emergency form (kind 'akut-skade'); `images` are upload URLs (at most 3). */
export const emergencyLeadSchema = z.object({
  kind: z.literal('akut-skade'),
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
  ...triageFields,
  ...spamFields,
});
export type EmergencyLeadInput = z.input<typeof emergencyLeadSchema>;
export type EmergencyLead = z.output<typeof emergencyLeadSchema>;

/** The phone as people read it ('12 34 56 78'), e.g. for the success toast. */
export function emergencyCallbackPhone(values: Pick<EmergencyLead, 'telefon'>): string {
  return formatPhone(values.telefon);
}
