import { useCallback } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { LeadInput } from '../../../domain/lead';
import { company } from '../../../domain/company';
import { leadKindPages } from '../../../domain/lead-kind-pages';
import { leadPagesOnCall } from '../../../domain/lead-paging';
import { urgentQueryName } from '../../../domain/plain-forms';
import { toast } from '~/components/ui/use-toast';
import { sendLead, showServerFieldErrors } from './send-lead';

/**
 * Where a received lead lands. The reference, when the API returns one, rides along as ?ref=,
 * with the lead's kind, as when the form is posted without JavaScript.
 */
function thankYouPath(values: LeadInput, reference: string | undefined): string {
  // A lead that pages although its kind does not always (an urgent assignment): &akut=1.
  const urgent =
    leadKindPages[values.kind].paging !== true && leadPagesOnCall(values.kind, values)
      ? `&${urgentQueryName}=1`
      : '';
  return reference ? `/tak?ref=${encodeURIComponent(reference)}&type=${values.kind}${urgent}` : '/tak';
}

/**
 * Sends a form's values as a lead and, on success, navigates to /tak; on failure shows 'Fejl ved
 * indsendelse' and stays. Field errors the server finds (e.g. a photo it does not recognise) go on
 * those of `fields` they name.
 */
export function useSendThenThankYou<Values extends LeadInput & FieldValues>(
  fields: readonly string[],
  setError: UseFormSetError<Values>,
) {
  const navigate = useNavigate();
  return useCallback(
    async (values: Values) => {
      try {
        const reference = await sendLead(values);
        await navigate(thankYouPath(values, reference));
      } catch (error) {
        showServerFieldErrors(error, fields, setError);
        toast({
          title: 'Fejl ved indsendelse',
          description: `Prøv igen eller ring til os på ${company.phoneDisplay}`,
          variant: 'destructive',
        });
      }
    },
    [navigate, fields, setError],
  );
}
