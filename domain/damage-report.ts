import { z } from 'zod';
import { limits } from './constants.ts';
import { cvrMessage, cvrMessages, normaliseCvr } from './cvr.ts';
import { damageTypes, insurers, isRequesterPersonType, personTypes } from './enums.ts';
import { emailField, minText, optionalText } from './fields.ts';
import { imageUploadsField } from './images.ts';
import { isPhone, normalisePhone, phoneField, phoneMessages } from './phone.ts';
import { spamFields } from './spam.ts';
import { consumerPersonType, urgentWorkRequestField } from './urgent-work-request.ts';

/** The fields only one answer to "Hvem er du?" shows. */
type BranchField =
  | 'virksomhedsnavn'
  | 'cvr'
  | 'rekvirentNavn'
  | 'rekvirentTelefon'
  | 'rekvirentEmail'
  | 'udtrykkeligAnmodning';

/**
 * The values without the fields of the answers to "Hvem er du?" not chosen: a company's name and
 * CVR, a requester's contact, a private person's express request for urgent work. Typed into
 * before the visitor changed the answer, they are neither checked (the form) nor stored (the schema).
 */
export function withChosenBranch<T extends { personType?: unknown } & Partial<Record<BranchField, unknown>>>(
  values: T,
): Omit<T, BranchField> & Partial<Pick<T, BranchField>> {
  const {
    virksomhedsnavn,
    cvr,
    rekvirentNavn,
    rekvirentTelefon,
    rekvirentEmail,
    udtrykkeligAnmodning,
    ...rest
  } = values;
  const personType = String(values.personType ?? '');
  return {
    ...rest,
    ...(personType === consumerPersonType ? { udtrykkeligAnmodning } : {}),
    ...(personType === 'virksomhed' ? { virksomhedsnavn, cvr } : {}),
    ...(isRequesterPersonType(personType) ? { rekvirentNavn, rekvirentTelefon, rekvirentEmail } : {}),
  };
}

/** The damage report form on /anmeldelse, with its conditional fields and Danish messages. */
export const damageReportFormMessages = {
  personType: 'Vælg hvem du er',
  fuldeNavn: 'Fulde navn er påkrævet',
  telefon: 'Telefonnummer er påkrævet',
  telefonInvalid: phoneMessages.invalid,
  adresse: 'Adresse er påkrævet',
  emailRequired: 'E-mail er påkrævet',
  email: 'Ugyldig email adresse',
  virksomhedsnavn: 'Virksomhedsnavn er påkrævet',
  cvrRequired: cvrMessages.required,
  cvrInvalid: cvrMessages.invalid,
  cvrCheckDigit: cvrMessages.checkDigit,
  rekvirentNavn: 'Rekvirentens navn er påkrævet',
  rekvirentTelefon: 'Rekvirentens telefonnummer er påkrævet',
  rekvirentEmailRequired: 'Rekvirentens e-mail er påkrævet',
  rekvirentEmail: 'Ugyldig email adresse',
  forsikringsselskab: 'Vælg dit forsikringsselskab',
  skadetype: 'Vælg skadetype',
  tooLong: 'Teksten er for lang',
} as const;

const m = damageReportFormMessages;
const emailCheck = z.email();

/**
 * A lead from the damage report (kind 'anmeldelse'); `images` are upload URLs (at most 10).
 * The conditional fields are optional in the object and made required by the refinement, so the
 * form can keep them in its state while they are hidden; the refinement runs even when other
 * fields are invalid, so every error shows at once. What is stored keeps only the conditional
 * fields that apply to the chosen person type (CVR and the requester's phone normalised), and the
 * express request for urgent work only from a private person.
 */
export const damageReportLeadSchema = z
  .object({
    kind: z.literal('anmeldelse'),
    personType: z.enum(personTypes, { error: m.personType }),
    fuldeNavn: minText(2, m.fuldeNavn, 200, m.tooLong),
    telefon: phoneField({ required: m.telefon }),
    adresse: minText(5, m.adresse, 300, m.tooLong),
    email: emailField({ required: m.emailRequired, invalid: m.email }),
    virksomhedsnavn: optionalText(200, m.tooLong),
    cvr: optionalText(20, m.cvrInvalid),
    rekvirentNavn: optionalText(200, m.tooLong),
    rekvirentTelefon: optionalText(40, m.telefonInvalid),
    rekvirentEmail: optionalText(254, m.rekvirentEmail),
    forsikringsselskab: z.enum(insurers, { error: m.forsikringsselskab }),
    policeNr: optionalText(100, m.tooLong),
    skadeNr: optionalText(100, m.tooLong),
    skadetype: z.enum(damageTypes, { error: m.skadetype }),
    besked: optionalText(5000, m.tooLong, { multiline: true }),
    images: imageUploadsField(limits.reportMaxImages),
    udtrykkeligAnmodning: urgentWorkRequestField,
    ...spamFields,
  })
  .check(
    z.superRefine(
      (values, ctx) => {
        const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
        const require = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        if (values.personType === 'virksomhed') {
          if (!text(values.virksomhedsnavn)) require('virksomhedsnavn', m.virksomhedsnavn);
          const cvr = text(values.cvr);
          const cvrError = cvr ? cvrMessage(cvr) : m.cvrRequired;
          if (cvrError) require('cvr', cvrError);
        }
        if (typeof values.personType === 'string' && isRequesterPersonType(values.personType)) {
          if (!text(values.rekvirentNavn)) require('rekvirentNavn', m.rekvirentNavn);
          const phone = text(values.rekvirentTelefon);
          if (!phone) require('rekvirentTelefon', m.rekvirentTelefon);
          else if (!isPhone(phone)) require('rekvirentTelefon', m.telefonInvalid);
          const email = text(values.rekvirentEmail);
          if (!email) require('rekvirentEmail', m.rekvirentEmailRequired);
          else if (!emailCheck.safeParse(email).success) require('rekvirentEmail', m.rekvirentEmail);
        }
      },
      { when: () => true },
    ),
  )
  .transform((values) => {
    const chosen = withChosenBranch(values);
    return {
      ...chosen,
      ...(chosen.cvr ? { cvr: normaliseCvr(chosen.cvr) ?? chosen.cvr } : {}),
      ...(chosen.rekvirentTelefon
        ? { rekvirentTelefon: normalisePhone(chosen.rekvirentTelefon) ?? chosen.rekvirentTelefon }
        : {}),
    };
  });
export type DamageReportLeadInput = z.input<typeof damageReportLeadSchema>;
export type DamageReportLead = z.output<typeof damageReportLeadSchema>;
