import { z } from 'zod';
import { limits } from './constants.ts';
import { damageTypes, insurers } from './enums.ts';
import { emailField, minText, optionalText, requiredText } from './fields.ts';
import { imageMessages, imageUploadsField } from './images.ts';
import { optionalPhoneField, phoneMessages } from './phone.ts';
import { spamFields } from './spam.ts';
import { localParts } from './zoned-time.ts';

/**
 * An insurer's or its loss adjuster's (taksator) assignment of a claim on /rekvisition (kind
 * 'rekvisition'): the company contacts the policyholder and reports back to the adjuster. The
 * lead's person (its name, e-mail and phone columns, the case page) is the policyholder; the
 * adjuster is a party of the case.
 */
export const rekvisitionFormMessages = {
  forsikringsselskab: 'Vælg forsikringsselskab',
  taksatorNavn: 'Taksators navn er påkrævet',
  taksatorEmailRequired: 'Taksators e-mail er påkrævet',
  taksatorEmail: 'Ugyldig email adresse',
  taksatorTelefon: phoneMessages.invalid,
  skadeNr: 'Skadenummer er påkrævet',
  skadeNrInvalid: 'Skriv skadenummeret med bogstaver og tal (og evt. - / . eller mellemrum)',
  fuldeNavn: 'Forsikringstagers navn er påkrævet',
  telefon: phoneMessages.invalid,
  email: 'Ugyldig email adresse',
  contactRequired: 'Angiv forsikringstagers telefonnummer eller e-mail',
  adresse: 'Skadeadressen er påkrævet',
  skadetype: 'Vælg skadetype',
  skadedato: 'Skriv datoen som åååå-mm-dd',
  skadedatoFuture: 'Skadedatoen kan ikke ligge i fremtiden',
  hastegrad: 'Vælg hastegrad',
  tooLong: 'Teksten er for lang',
  tooManyImages: imageMessages.tooMany(limits.reportMaxImages),
} as const;

const m = rekvisitionFormMessages;

/** How soon the adjuster asks the company to act. */
export const rekvisitionUrgencies = ['akut', 'normal'] as const;
export const rekvisitionUrgencyLabels: Record<(typeof rekvisitionUrgencies)[number], string> = {
  akut: 'Akut',
  normal: 'Normal',
};

const emailCheck = z.email();
const claimNumber = /^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day 'yyyy-mm-dd' as a number to compare (20260315), or null when it is no real day. */
function dayNumber(value: string): number | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return year * 10_000 + month * 100 + day;
}

/** Today in Denmark, as dayNumber reads a day: a damage dated today is never "in the future". */
function todayNumber(now = new Date()): number {
  const today = localParts(now);
  return today.year * 10_000 + today.month * 100 + today.day;
}

export const rekvisitionLeadSchema = z
  .object({
    kind: z.literal('rekvisition'),
    forsikringsselskab: z.enum(insurers, { error: m.forsikringsselskab }),
    taksatorNavn: minText(2, m.taksatorNavn, 200, m.tooLong),
    taksatorEmail: emailField({ required: m.taksatorEmailRequired, invalid: m.taksatorEmail }),
    taksatorTelefon: optionalPhoneField({ invalid: m.taksatorTelefon }),
    // Repeated to the policyholder in the notice (mail and SMS): a claim number, never a message.
    skadeNr: requiredText(m.skadeNr, 60, m.tooLong).regex(claimNumber, { error: m.skadeNrInvalid }),
    policeNr: optionalText(100, m.tooLong),
    fuldeNavn: minText(2, m.fuldeNavn, 200, m.tooLong),
    telefon: optionalPhoneField(),
    email: optionalText(254, m.email).refine(
      (value) => value === undefined || emailCheck.safeParse(value).success,
      { error: m.email },
    ),
    adresse: minText(5, m.adresse, 300, m.tooLong),
    skadetype: z.enum(damageTypes, { error: m.skadetype }),
    skadedato: optionalText(10, m.skadedato).superRefine((value, ctx) => {
      if (value === undefined) return;
      const day = dayNumber(value);
      if (day === null) ctx.addIssue({ code: 'custom', message: m.skadedato });
      else if (day > todayNumber()) ctx.addIssue({ code: 'custom', message: m.skadedatoFuture });
    }),
    besked: optionalText(5000, m.tooLong, { multiline: true }),
    hastegrad: z.enum(rekvisitionUrgencies, { error: m.hastegrad }),
    /** Key, door code, who opens on site: for staff only (never the customer's page, SMS or mail). */
    adgang: optionalText(2000, m.tooLong, { multiline: true }),
    images: imageUploadsField(limits.reportMaxImages),
    ...spamFields,
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';
        if (!given(values.telefon) && !given(values.email)) {
          ctx.addIssue({ code: 'custom', path: ['telefon'], message: m.contactRequired });
        }
      },
      // Also when other fields are wrong, so every error shows at once.
      { when: () => true },
    ),
  );
export type RekvisitionLeadInput = z.input<typeof rekvisitionLeadSchema>;
export type RekvisitionLead = z.infer<typeof rekvisitionLeadSchema>;
