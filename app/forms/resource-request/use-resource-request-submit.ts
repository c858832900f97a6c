import { useCallback, useState } from 'react';
import {
  resourceRequestMessages as messages,
  resourceRequestSuccessDescription,
  type ResourceRequestBody,
} from '../../../domain/resource-request';
import { toast } from '~/components/ui/use-toast';
import { apiRequest } from '~/lib/api';

/**
 * Sends a resource request (SPEC §7: POST /api/send-resource-request, only the status is read) and
 * shows the SPEC §8 toasts. Resolves true when the request was accepted.
 */
export function useResourceRequestSubmit() {
  const [isSending, setIsSending] = useState(false);
  const send = useCallback(async (body: ResourceRequestBody): Promise<boolean> => {
    setIsSending(true);
    try {
      await apiRequest('POST', '/api/send-resource-request', body);
      toast({
        title: messages.successTitle,
        description: resourceRequestSuccessDescription(body.resourceType),
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
