/**
 * The insurers' API's refusals in Danish (`message`) and English (`messageEn`): the systems that
 * call it are not all Danish. The command line's texts for the keys are Danish only.
 */
import type { ApiErrorCode } from '../../domain/insurer-api.ts';

export const apiMessages: Record<ApiErrorCode, { da: string; en: string }> = {
  'invalid-body': {
    da: 'Nogle af oplysningerne er ugyldige. Se felterne.',
    en: 'Some of the data is invalid. See the fields.',
  },
  'invalid-json': { da: 'Forespørgslen indeholder ugyldig JSON.', en: 'The request body is not valid JSON.' },
  unauthorized: {
    da: 'Ukendt eller spærret nøgle. Send den som "Authorization: Bearer <nøgle>".',
    en: 'Unknown or revoked key. Send it as "Authorization: Bearer <key>".',
  },
  'not-found': { da: 'Sagen findes ikke.', en: 'No such assignment.' },
  'idempotency-conflict': {
    da: 'Idempotency-Key er allerede brugt til en anden forespørgsel. Brug en ny nøgle.',
    en: 'This Idempotency-Key was used for a different request. Use a new key.',
  },
  'assignment-in-progress': {
    da: 'Skaden er ved at blive oprettet af en anden forespørgsel. Prøv igen om lidt.',
    en: 'This claim is being created by another request. Try again shortly.',
  },
  'payload-too-large': {
    da: 'Forespørgslen er for stor (højst 100 KiB).',
    en: 'The request body is too large (at most 100 KiB).',
  },
  'unsupported-media-type': {
    da: 'Forespørgslen skal sendes som JSON (Content-Type: application/json).',
    en: 'The request body must be JSON (Content-Type: application/json).',
  },
  'rate-limited': {
    da: 'For mange forespørgsler med denne nøgle. Vent, og prøv igen (se Retry-After).',
    en: 'Too many requests with this key. Wait and try again (see Retry-After).',
  },
  internal: {
    da: 'Der opstod en fejl hos os. Prøv igen senere.',
    en: 'Something went wrong on our side. Try again later.',
  },
  unavailable: {
    da: 'Tjenesten er midlertidigt utilgængelig. Prøv igen om lidt.',
    en: 'The service is temporarily unavailable. Try again shortly.',
  },
};

export const keyMessages = {
  unknownInsurer: (name: string, known: readonly string[]) =>
    `Ukendt forsikringsselskab "${name}". Kendte: ${known.join(', ')}.`,
  unknownKey: (id: string) => `Ingen nøgle med id ${id}.`,
} as const;
