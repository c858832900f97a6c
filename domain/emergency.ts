import { z } from 'zod';
import { limits } from './constants.ts';
import { damageTypeLabels, damageTypes, insurerDamageService, insurers } from './enums.ts';
import { emailField, minText, optionalText, orNotGiven } from './fields.ts';
import { danishPhoneInput, formatDanishPhone, normaliseDanishPhone, phoneMessages } from './phone.ts';

/** The emergency form on /akut-skade: fields and exact messages of the SPEC §5 emergency table. */
export const emergencyFormMessages = {
  fuldeNavn: 'Fulde navn er påkrævet',
  adresse: 'Adresse er påkrævet',
  telefon: 'Telefonnummer er påkrævet',
  telefonInvalid: phoneMessages.invalid,
  email: 'Ugyldig email adresse',
  forsikringsselskab: 'Vælg dit forsikringsselskab',
  skadetype: 'Vælg skadetype',
  tooLong: 'Teksten er for lang',
  tooManyImages: `Du kan højst vedhæfte ${limits.emergencyMaxImages} billeder`,
} as const;

const m = emergencyFormMessages;

/** No transforms, so the form's input and output types are the same for react-hook-form. */
export const emergencyFormSchema = z.object({
  fuldeNavn: minText(2, m.fuldeNavn, 200, m.tooLong),
  adresse: minText(5, m.adresse, 300, m.tooLong),
  telefon: danishPhoneInput({ required: m.telefon, invalid: m.telefonInvalid }, 8),
  email: emailField({ required: m.email, invalid: m.email }),
  forsikringsselskab: z.enum(insurers, { error: m.forsikringsselskab }),
  policeNr: optionalText(100, m.tooLong),
  skadeNr: optionalText(100, m.tooLong),
  skadetype: z.enum(damageTypes, { error: m.skadetype }),
  besked: optionalText(5000, m.tooLong),
  images: z.array(z.string()).max(limits.emergencyMaxImages, { error: m.tooManyImages }).optional(),
});
export type EmergencyFormValues = z.infer<typeof emergencyFormSchema>;

/** Body of POST /api/contact for an emergency (SPEC §7). */
export interface EmergencyRequestBody {
  type: 'akut-skade';
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  images: string[];
}

/** Assembles the SPEC §7 emergency payload; `imageUrls` are the upload URLs from the widget. */
export function buildEmergencyPayload(
  values: EmergencyFormValues,
  imageUrls: readonly string[],
): EmergencyRequestBody {
  const message = [
    `Adresse: ${values.adresse.trim()}`,
    `Forsikringsselskab: ${values.forsikringsselskab}`,
    `Policenummer: ${orNotGiven(values.policeNr)}`,
    `Skadenummer: ${orNotGiven(values.skadeNr)}`,
    `Skadetype: ${damageTypeLabels[values.skadetype]}`,
    `Beskrivelse: ${orNotGiven(values.besked)}`,
  ].join('\n');
  return {
    type: 'akut-skade',
    name: values.fuldeNavn.trim(),
    email: values.email.trim(),
    phone: normaliseDanishPhone(values.telefon) ?? values.telefon.trim(),
    service: insurerDamageService(values.forsikringsselskab, values.skadetype),
    message,
    images: [...imageUrls],
  };
}

/** The phone as people read it ('12 34 56 78'), e.g. for the success toast. */
export function emergencyCallbackPhone(values: Pick<EmergencyFormValues, 'telefon'>): string {
  return formatDanishPhone(values.telefon.trim());
}
