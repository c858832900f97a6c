import { useCallback } from 'react';
import { promises } from '../../../domain/constants';
import {
  buildEmergencyPayload,
  emergencyCallbackPhone,
  type EmergencyFormValues,
} from '../../../domain/emergency';
import { toast } from '~/components/ui/use-toast';
import { company } from '~/content/company';
import { apiRequest, userFacingMessage } from '~/lib/api';

/**
 * Sends the emergency form (SPEC §7: POST /api/contact with type 'akut-skade' and the upload URLs
 * as images) and shows the SPEC §8 toasts. Calls `onSent` (reset form and images) only on success.
 */
export function useEmergencySubmit(imageUrls: readonly string[], onSent: () => void) {
  return useCallback(
    async (values: EmergencyFormValues) => {
      try {
        const response = await apiRequest('POST', '/api/contact', buildEmergencyPayload(values, imageUrls));
        // SPEC §7: the JSON answer is read, its fields are not shown.
        await response.json().catch(() => undefined);
        toast({
          title: 'Akut henvendelse sendt!',
          description: `Vi ringer til dig inden for ${promises.emergencyCallbackMinutes} minutter på ${emergencyCallbackPhone(values)}.`,
        });
        onSent();
      } catch (error) {
        // Our API explains image problems in Danish; the spec's fallback always follows.
        const reason = userFacingMessage(error);
        toast({
          title: 'Der opstod en fejl',
          description: `${reason ? `${reason} ` : ''}Prøv igen eller ring direkte til os på ${company.phoneDisplay}`,
          variant: 'destructive',
        });
      }
    },
    [imageUrls, onSent],
  );
}
