import { useCallback, useState } from 'react';
import {
  resourceRequestMessages as messages,
  resourceRequestSuccessDescription,
  type ResourceRequestLeadInput,
} from '../../../domain/resource-request';
import { toast } from '~/components/ui/use-toast';
import { sendLead } from '../shared/send-lead';

/**
 * Sends a resource request as a lead of kind 'ressource' and shows the confirmation or failure
 * toast. Resolves true when the request was accepted.
 */
export function useResourceRequestSubmit() {
  const [isSending, setIsSending] = useState(false);
  const send = useCallback(async (lead: ResourceRequestLeadInput): Promise<boolean> => {
    setIsSending(true);
    try {
      await sendLead(lead);
      toast({
        title: messages.successTitle,
        description: resourceRequestSuccessDescription(lead.resourceType),
      });
      return true;
    } catch {
      toast({
        title: messages.failureTitle,
        description: messages.failureDescription,
        variant: 'destructive',
      });
      return false;
    } finally {
      setIsSending(false);
    }
  }, []);
  return { send, isSending };
}
