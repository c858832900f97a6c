import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { buildDamageReportPayload, type DamageReportFormValues } from '../../../domain/damage-report';
import { company } from '~/content/company';
import { toast } from '~/components/ui/use-toast';
import { apiRequest, readReference } from '~/lib/api';

/** Where a received report lands. The reference, when the API returns one, rides along as ?ref=. */
export function thankYouPath(reference: string | undefined): string {
  return reference ? `/tak?ref=${encodeURIComponent(reference)}` : '/tak';
}

/**
 * Sends a damage report (SPEC §7: POST /api/contact with type 'anmeldelse') and, on success,
 * navigates to /tak; on failure shows 'Fejl ved indsendelse' (SPEC §8) and stays.
 */
export function useDamageReportSubmit() {
  const navigate = useNavigate();
  return useCallback(
    async (values: DamageReportFormValues) => {
      try {
        const response = await apiRequest('POST', '/api/contact', buildDamageReportPayload(values));
        await navigate(thankYouPath(await readReference(response)));
      } catch {
        toast({
          title: 'Fejl ved indsendelse',
          description: `Prøv igen eller ring til os på ${company.phoneDisplay}`,
          variant: 'destructive',
        });
      }
    },
    [navigate],
  );
}
