import { useCallback } from 'react';
import type { ContactFormValues } from '../../../domain/contact';
import { promises } from '../../../domain/constants';
import { company } from '~/content/company';
import { toast } from '~/components/ui/use-toast';
import { apiRequest, userFacingMessage } from '~/lib/api';

/**
 * Sends the contact form (SPEC §7: name, email, phone, service, message to POST /api/contact) and
 * shows the SPEC §8 toasts. Resolves after the toast; calls `onSent` (e.g. reset) only on success.
 */
export function useContactSubmit(onSent: () => void) {
  return useCallback(
    async (values: ContactFormValues) => {
      try {
        await apiRequest('POST', '/api/contact', {
          name: values.name,
          email: values.email,
          phone: values.phone ?? '',
          service: values.service,
          message: values.message ?? '',
        });
        toast({
          title: 'Tak for din besked!',
          description: `Vi vender tilbage inden for ${promises.replyHours} timer. Haster det, så ring til os på ${company.phoneDisplay}.`,
        });
        onSent();
      } catch (error) {
        toast({
          title: 'Der opstod en fejl',
          description: userFacingMessage(error) ?? 'Prøv venligst igen senere.',
          variant: 'destructive',
        });
      }
    },
    [onSent],
  );
}
