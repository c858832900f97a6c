import { useCallback } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import type { ContactLeadInput } from '../../../domain/contact';
import { promises } from '../../../domain/constants';
import { company } from '../../../domain/company';
import { toast } from '~/components/ui/use-toast';
import { userFacingMessage } from '~/lib/api';
import { sendLead, showServerFieldErrors } from '../shared/send-lead';

const fields = ['name', 'email', 'phone', 'service', 'message'] as const;

/**
 * Sends the contact form as a lead and shows the thank-you or failure toast. Resolves after the
 * toast; calls `onSent` (e.g. reset) only on success. Field errors the server finds go on the fields.
 */
export function useContactSubmit(onSent: () => void, setError: UseFormSetError<ContactLeadInput>) {
  return useCallback(
    async (values: ContactLeadInput) => {
      try {
        const reference = await sendLead(values);
        toast({
          title: 'Tak for din besked!',
          description: `${reference ? `Din reference er ${reference}. ` : ''}Vi vender tilbage inden for ${promises.replyHours} timer. Haster det, så ring til os på ${company.phoneDisplay}.`,
        });
        onSent();
      } catch (error) {
        showServerFieldErrors(error, fields, setError);
        toast({
          title: 'Der opstod en fejl',
          description: userFacingMessage(error) ?? 'Prøv venligst igen senere.',
          variant: 'destructive',
        });
      }
    },
    [onSent, setError],
  );
}
