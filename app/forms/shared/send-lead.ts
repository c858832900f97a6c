import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { LeadInput } from '../../../domain/lead';
import type { AnnouncedCallback } from '../../../domain/surge';
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
 * sendLead, also answering `duplicate`: the server linked the lead to an open emergency of the
 * sender's (the sender is told so instead of the callback promise, never which one).
 */
export async function sendLeadAnswer(lead: LeadInput): Promise<{
  reference: string | undefined;
  duplicate: boolean;
  /** An emergency: the callback time announced (surge mode, domain/surge.ts). */
  callback: AnnouncedCallback | undefined;
}> {
  const response = await apiRequest('POST', '/api/leads', lead);
  // A body we cannot parse is not an error: the lead was taken.
  const data: unknown = await response.json().catch(() => undefined);
  const field = (name: string) => {
    const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' && value ? value : undefined;
  };
  const callback = data && typeof data === 'object' ? (data as { callback?: unknown }).callback : undefined;
  return {
    reference: field('reference'),
    duplicate:
      data !== null && typeof data === 'object' && (data as { duplicate?: unknown }).duplicate === true,
    callback: isAnnouncedCallback(callback) ? callback : undefined,
  };
}

function isAnnouncedCallback(value: unknown): value is AnnouncedCallback {
  if (!value || typeof value !== 'object') return false;
  const { minutes, inSurge, critical } = value as Record<string, unknown>;
  return typeof minutes === 'number' && typeof inSurge === 'boolean' && typeof critical === 'boolean';
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
