import { z } from 'zod';
import { cvrMessages, isValidCvr, normaliseCvr } from './cvr.ts';
import { imageDataUrlListSchema } from './data-url.ts';
import {
  damageTypeLabels,
  damageTypes,
  insurerDamageService,
  insurers,
  isRequesterPersonType,
  personTypeLabels,
  personTypes,
} from './enums.ts';
import { emailField, minText, optionalText, orNotGiven } from './fields.ts';
import {
  danishPhoneInput,
  formatDanishPhone,
  isDanishPhone,
  normaliseDanishPhone,
  phoneMessages,
} from './phone.ts';

/** The damage report form on /anmeldelse (SPEC §3, §4, §5), with its conditional fields. */
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
 * Conditional fields are optional strings in the object and made required by the refinement, so
 * the form can keep them in its state while hidden. The refinement runs even when other fields are
 * invalid, so every error shows at once.
 */
export const damageReportFormSchema = z
  .object({
    personType: z.enum(personTypes, { error: m.personType }),
    fuldeNavn: minText(2, m.fuldeNavn, 200, m.tooLong),
    telefon: danishPhoneInput({ required: m.telefon, invalid: m.telefonInvalid }),
    adresse: minText(5, m.adresse, 300, m.tooLong),
    email: emailField({ required: m.emailRequired, invalid: m.email }),
    virksomhedsnavn: optionalText(200, m.tooLong),
    cvr: optionalText(20, m.cvrInvalid),
    rekvirentNavn: optionalText(200, m.tooLong),
    rekvirentTelefon: optionalText(30, m.telefonInvalid),
    rekvirentEmail: optionalText(254, m.rekvirentEmail),
    forsikringsselskab: z.enum(insurers, { error: m.forsikringsselskab }),
    policeNr: optionalText(100, m.tooLong),
    skadeNr: optionalText(100, m.tooLong),
    skadetype: z.enum(damageTypes, { error: m.skadetype }),
    besked: optionalText(5000, m.tooLong),
    images: imageDataUrlListSchema.optional(),
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
          if (!cvr) require('cvr', m.cvrRequired);
          else if (!isValidCvr(cvr)) require('cvr', m.cvrInvalid);
        }
        if (typeof values.personType === 'string' && isRequesterPersonType(values.personType)) {
          if (!text(values.rekvirentNavn)) require('rekvirentNavn', m.rekvirentNavn);
          const phone = text(values.rekvirentTelefon);
          if (!phone) require('rekvirentTelefon', m.rekvirentTelefon);
          else if (!isDanishPhone(phone)) require('rekvirentTelefon', m.telefonInvalid);
          const email = text(values.rekvirentEmail);
          if (!email) require('rekvirentEmail', m.rekvirentEmailRequired);
          else if (!emailCheck.safeParse(email).success) require('rekvirentEmail', m.rekvirentEmail);
        }
      },
      { when: () => true },
    ),
  );
export type DamageReportFormValues = z.infer<typeof damageReportFormSchema>;

/** Body of POST /api/contact for a damage report (SPEC §7). */
export interface DamageReportRequestBody {
  type: 'anmeldelse';
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  images: string[];
}

/** Assembles the SPEC §7 report payload: every field in the message, images as data URLs. */
export function buildDamageReportPayload(values: DamageReportFormValues): DamageReportRequestBody {
  const lines = [
    `Adresse: ${values.adresse.trim()}`,
    `Forsikringsselskab: ${values.forsikringsselskab}`,
    `Policenummer: ${orNotGiven(values.policeNr)}`,
    `Skadenummer: ${orNotGiven(values.skadeNr)}`,
    `Skadetype: ${damageTypeLabels[values.skadetype]}`,
    `Beskrivelse: ${orNotGiven(values.besked)}`,
    `Hvem er du: ${personTypeLabels[values.personType]}`,
  ];
  if (values.personType === 'virksomhed') {
    const cvr = values.cvr?.trim() ?? '';
    lines.push(
      `Virksomhedsnavn: ${orNotGiven(values.virksomhedsnavn)}`,
      `CVR: ${orNotGiven(normaliseCvr(cvr) ?? cvr)}`,
    );
  }
  if (isRequesterPersonType(values.personType)) {
    const phone = values.rekvirentTelefon?.trim() ?? '';
    lines.push(
      `Rekvirent: ${orNotGiven(values.rekvirentNavn)}`,
      `Rekvirentens telefon: ${orNotGiven(phone ? formatDanishPhone(phone) : '')}`,
      `Rekvirentens e-mail: ${orNotGiven(values.rekvirentEmail)}`,
    );
  }
  return {
    type: 'anmeldelse',
    name: values.fuldeNavn.trim(),
    email: values.email.trim(),
    phone: normaliseDanishPhone(values.telefon) ?? values.telefon.trim(),
    service: insurerDamageService(values.forsikringsselskab, values.skadetype),
    message: lines.join('\n'),
    images: [...(values.images ?? [])],
  };
}
