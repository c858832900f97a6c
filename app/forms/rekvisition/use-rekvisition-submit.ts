import type { UseFormSetError } from 'react-hook-form';
import type { RekvisitionLeadInput } from '../../../domain/rekvisition';
import { useSendThenThankYou } from '../shared/use-send-then-thank-you';

/** The fields a server's field errors may name. */
const fields = [
  'forsikringsselskab',
  'taksatorNavn',
  'taksatorEmail',
  'taksatorTelefon',
  'skadeNr',
  'policeNr',
  'fuldeNavn',
  'telefon',
  'email',
  'adresse',
  'skadetype',
  'skadedato',
  'besked',
  'hastegrad',
  'adgang',
  'images',
] as const;

/** Sends an assignment as a lead and, on success, navigates to /tak (useSendThenThankYou). */
export function useRekvisitionSubmit(setError: UseFormSetError<RekvisitionLeadInput>) {
  return useSendThenThankYou(fields, setError);
}
