import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { LeadInput } from '../../../domain/lead';
import { ApiError, apiRequest, readReference } from '~/lib/api';

/**
 * POST /api/leads: a form's values as they are, with its kind; the server validates them with the
 * same schema the form does. Resolves with the lead's reference (when the answer has one).
 */
export async function sendLead(lead: LeadInput): Promise<string | undefined> {
  const response = await apiRequest('POST', '/api/leads', lead);
  return readReference(response);
}

/**
 * Puts the per-field messages of a 400 answer (`errors: { "images.0": ["…"] }`) on the form's
 * fields, so they show like the form's own errors. Only `fields` are touched; true when any was.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<Values>,
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let errors: unknown;
  try {
    errors = (JSON.parse(error.body) as { errors?: unknown }).errors;
  } catch {
    return false;
  }
  if (!errors || typeof errors !== 'object') return false;
  const shown = new Set<string>();
  for (const [path, list] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? '';
    const message: unknown = Array.isArray(list) ? list[0] : undefined;
    if (!fields.includes(field) || shown.has(field) || typeof message !== 'string') continue;
    setError(field as Path<Values>, { type: 'server', message });
    shown.add(field);
  }
  return shown.size > 0;
}
