/**
 * Status changes of several leads at once: POST /api/staff/leads/status takes at most
 * `inbox.bulkMaxLeads` ids a call, so a larger selection goes in several calls, one after the other.
 */
import { inbox } from '../../../../domain/constants';
import type { LeadStatus } from '../../../../domain/staff-api/shared';
import { staffApi } from '../api';

export async function setStatusOfLeads(ids: readonly string[], status: LeadStatus): Promise<number> {
  let changed = 0;
  for (let start = 0; start < ids.length; start += inbox.bulkMaxLeads) {
    const answer = await staffApi.setStatuses(ids.slice(start, start + inbox.bulkMaxLeads), status);
    changed += answer.changed;
  }
  return changed;
}
