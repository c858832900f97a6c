import { useCallback } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RekvisitionLeadInput } from '../../../domain/rekvisition';
import { company } from '../../../domain/company';
import { toast } from '~/components/ui/use-toast';
import { sendLead, showServerFieldErrors } from '../shared/send-lead';

/** Where a received assignment lands: /tak with its reference, as when it is posted without JavaScript. */
function thankYouPath(reference: string | undefined): string {
  return reference ? `/tak?ref=${encodeURIComponent(reference)}&type=rekvisition` : '/tak';
}

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

/**
 * Sends an assignment as a lead and, on success, navigates to /tak; on failure it says so and
 * stays. Field errors the server finds (e.g. a photo it does not recognise) go on the fields.
 */
export function useRekvisitionSubmit(setError: UseFormSetError<RekvisitionLeadInput>) {
  const navigate = useNavigate();
  return useCallback(
    async (values: RekvisitionLeadInput) => {
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
