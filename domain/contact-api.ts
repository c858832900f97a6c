import { z } from 'zod';
import { limits } from './constants.ts';
import { contactFormMessages } from './contact.ts';
import { imageDataUrlListSchema } from './data-url.ts';
import { parseInsurerDamageService, serviceOptions } from './enums.ts';
import { emailField, requiredText } from './fields.ts';
import { danishPhoneSchema, isDanishPhone, normaliseDanishPhone } from './phone.ts';

/**
 * The body of POST /api/contact (SPEC §7): one of three payloads.
 *  (a) the contact form: no type (or 'general'), service one of the six options;
 *  (b) type 'anmeldelse': assembled message, images as data URLs (≤ 10, ≤ 10 MB each);
 *  (c) type 'akut-skade': assembled message, images as upload URLs issued by our server (≤ 3;
 *      the server checks that it issued them).
 * Phone numbers come out normalised ('+45XXXXXXXX').
 */

export const contactApiMessages = {
  unknownType: 'Ukendt henvendelsestype',
  serviceInvalid: 'Ugyldig ydelse: forventet forsikringsselskab og skadetype',
  messageRequired: 'Beskeden er påkrævet',
  messageTooLong: 'Beskeden er for lang',
  uploadInvalid: 'Ugyldigt billede',
  tooManyUploads: `Du kan højst vedhæfte ${limits.emergencyMaxImages} billeder`,
} as const;

const name = requiredText(contactFormMessages.nameRequired, 200, contactFormMessages.nameTooLong);
const email = emailField({
  required: contactFormMessages.emailRequired,
  invalid: contactFormMessages.emailInvalid,
});

const optionalPhone = z
  .string()
  .trim()
  .refine((value) => value === '' || isDanishPhone(value), { error: contactFormMessages.phoneInvalid })
  .transform((value) => (value === '' ? undefined : (normaliseDanishPhone(value) ?? undefined)))
  .optional()
  .nullable()
  .transform((value) => value ?? undefined);

const insurerDamageService = z
  .string({ error: contactApiMessages.serviceInvalid })
  .trim()
  .refine((value) => parseInsurerDamageService(value) !== null, { error: contactApiMessages.serviceInvalid });

const assembledMessage = requiredText(
  contactApiMessages.messageRequired,
  20_000,
  contactApiMessages.messageTooLong,
);

export const generalContactPayloadSchema = z.object({
  type: z.literal('general'),
  name,
  email,
  phone: optionalPhone,
  service: z.enum(serviceOptions, { error: contactFormMessages.serviceRequired }),
  message: z
    .string()
    .trim()
    .max(5000, { error: contactFormMessages.messageTooLong })
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined)),
});

export const damageReportPayloadSchema = z.object({
  type: z.literal('anmeldelse'),
  name,
  email,
  phone: danishPhoneSchema(),
  service: insurerDamageService,
  message: assembledMessage,
  images: imageDataUrlListSchema.default([]),
});

export const emergencyPayloadSchema = z.object({
  type: z.literal('akut-skade'),
  name,
  email,
  phone: danishPhoneSchema(),
  service: insurerDamageService,
  message: assembledMessage,
  images: z
    .array(
      z
        .string({ error: contactApiMessages.uploadInvalid })
        .min(1)
        .max(2048, contactApiMessages.uploadInvalid),
    )
    .max(limits.emergencyMaxImages, { error: contactApiMessages.tooManyUploads })
    .default([]),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const contactApiPayloadSchema = z.preprocess(
  // The contact form sends no type (SPEC §7); treat it as 'general'.
  (value) =>
    isRecord(value) && (value.type === undefined || value.type === null)
      ? { ...value, type: 'general' }
      : value,
  z.discriminatedUnion(
    'type',
    [generalContactPayloadSchema, damageReportPayloadSchema, emergencyPayloadSchema],
    {
      error: contactApiMessages.unknownType,
    },
  ),
);

export type ContactApiPayload = z.output<typeof contactApiPayloadSchema>;
export type GeneralContactPayload = z.output<typeof generalContactPayloadSchema>;
export type DamageReportPayload = z.output<typeof damageReportPayloadSchema>;
export type EmergencyPayload = z.output<typeof emergencyPayloadSchema>;
/** What the browser sends (before the server normalises). */
export type ContactApiRequestBody = z.input<typeof contactApiPayloadSchema>;
