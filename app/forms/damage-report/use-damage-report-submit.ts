import { useCallback } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { DamageReportLeadInput } from '../../../domain/damage-report';
import { company } from '../../../domain/company';
import { toast } from '~/components/ui/use-toast';
import { sendLead, showServerFieldErrors } from '../shared/send-lead';

/**
 * Where a received report lands. The reference, when the API returns one, rides along as ?ref=,
 * with the kind of enquiry, as when the report is posted without JavaScript.
 */
export function thankYouPath(reference: string | undefined): string {
  return reference ? `/tak?ref=${encodeURIComponent(reference)}&type=anmeldelse` : '/tak';
}

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

/**
 * Sends a damage report as a lead and, on success, navigates to /tak; on failure shows 'Fejl ved
 * indsendelse' and stays. Field errors the server finds (e.g. a photo it does not recognise) go on
 * the fields.
 */
export function useDamageReportSubmit(setError: UseFormSetError<DamageReportLeadInput>) {
  const navigate = useNavigate();
  return useCallback(
    async (values: DamageReportLeadInput) => {
      try {
        const reference = await sendLead(values);
        await navigate(thankYouPath(reference));
      } catch (error) {
        showServerFieldErrors(error, fields, setError);
        toast({
          title: 'Fejl ved indsendelse',
          description: `Prøv igen eller ring til os på ${company.phoneDisplay}`,
          variant: 'destructive',
        });
      }
    },
    [navigate, setError],
  );
}
