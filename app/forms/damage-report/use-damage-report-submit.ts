import type { UseFormSetError } from 'react-hook-form';
import type { DamageReportLeadInput } from '../../../domain/damage-report';
import { useSendThenThankYou } from '../shared/use-send-then-thank-you';

/** The fields a server's field errors may name. */
const fields = [
  'personType',
  'virksomhedsnavn',
  'cvr',
  'rekvirentNavn',
  'rekvirentTelefon',
  'rekvirentEmail',
  'fuldeNavn',
  'telefon',
  'adresse',
  'email',
  'forsikringsselskab',
  'policeNr',
  'skadeNr',
  'skadetype',
  'besked',
  'images',
] as const;

/** Sends a damage report as a lead and, on success, navigates to /tak (useSendThenThankYou). */
export function useDamageReportSubmit(setError: UseFormSetError<DamageReportLeadInput>) {
  return useSendThenThankYou(fields, setError);
}
