import { useCallback } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { emergencyCallbackPhone, type EmergencyLeadInput } from '../../../domain/emergency';
import { toast } from '~/components/ui/use-toast';
import { company } from '../../../domain/company';
import { userFacingMessage } from '~/lib/api';
import { emergencySent } from '~/content/pages/after-send';
import { duplicateNotice } from '../../../domain/duplicate-leads';
import { announcedCallbackText, normalCallbackMinutes } from '../../../domain/surge';
import { sendLeadAnswer, showServerFieldErrors } from '../shared/send-lead';
import type { SentEmergency } from './emergency-sent';

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
 * Sends the emergency form as a lead (its photos as upload URLs) and announces the callback
 * promise (or, for a repeat of an open emergency, the first one's reference) in a toast, or the
 * failure. Calls `onSent` with what the answer said only on success: the form shows it in its
 * place (emergency-sent.tsx), the toast is not the only trace. Field errors the server finds (e.g.
 * a photo it does not recognise) go on the fields.
 */
export function useEmergencySubmit(
  onSent: (sent: SentEmergency) => void,
  setError: UseFormSetError<EmergencyLeadInput>,
) {
  return useCallback(
    async (values: EmergencyLeadInput) => {
      try {
        const { reference, duplicate, callback } = await sendLeadAnswer(values);
        const phone = emergencyCallbackPhone(values);
        toast({
          title: emergencySent.toast,
          // An emergency repeating an open one is not paged again: the sender is told so.
          description: duplicate
            ? duplicateNotice()
            : // What the server announced (in surge: the expected wait); the normal promise if it said nothing.
              announcedCallbackText(
                callback ?? { minutes: normalCallbackMinutes, inSurge: false, critical: false },
                phone,
              ),
        });
        onSent({ reference, duplicate, callback, phone, damageType: values.skadetype });
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
