import { useCallback } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { promises } from '../../../domain/constants';
import { emergencyCallbackPhone, type EmergencyLeadInput } from '../../../domain/emergency';
import { toast } from '~/components/ui/use-toast';
import { company } from '../../../domain/company';
import { userFacingMessage } from '~/lib/api';
import { sendLead, showServerFieldErrors } from '../shared/send-lead';

const fields = [
  'fuldeNavn',
  'adresse',
  'telefon',
  'email',
  'forsikringsselskab',
  'policeNr',
  'skadeNr',
  'skadetype',
  'besked',
  'images',
] as const;

/**
 * Sends the emergency form as a lead (its photos as upload URLs) and shows the callback promise or
 * the failure toast. Calls `onSent` (reset form and images) only on success. Field errors the
 * server finds (e.g. a photo it does not recognise) go on the fields.
 */
export function useEmergencySubmit(onSent: () => void, setError: UseFormSetError<EmergencyLeadInput>) {
  return useCallback(
    async (values: EmergencyLeadInput) => {
      try {
        await sendLead(values);
        toast({
          title: 'Akut henvendelse sendt!',
          description: `Vi ringer til dig inden for ${promises.emergencyCallbackMinutes} minutter på ${emergencyCallbackPhone(values)}.`,
        });
        onSent();
      } catch (error) {
        showServerFieldErrors(error, fields, setError);
        // Our API explains problems in Danish; the way to reach us always follows.
        const reason = userFacingMessage(error);
        toast({
          title: 'Der opstod en fejl',
          description: `${reason ? `${reason} ` : ''}Prøv igen eller ring direkte til os på ${company.phoneDisplay}`,
          variant: 'destructive',
        });
      }
    },
    [onSent, setError],
  );
}
