import type {
  AdjusterLinkInput,
  AdjusterLinksAnswer,
  AdjusterThreadAnswer,
  AdjusterLink,
} from '../../../../../domain/staff-api/adjuster';
import type { LeadMessage } from '../../../../../domain/staff-api/messages';
import { staffRequest } from '../../api';

const lead = (id: string) => `/api/staff/leads/${encodeURIComponent(id)}`;

/** The staff API of the lead's adjuster: links and their thread (domain/staff-api/adjuster.ts). */
export const adjusterApi = {
  links: (id: string, signal?: AbortSignal) =>
    staffRequest<AdjusterLinksAnswer>('GET', `${lead(id)}/adjuster-links`, undefined, signal),
  give: (id: string, body: AdjusterLinkInput) =>
    staffRequest<{ link: AdjusterLink }>('POST', `${lead(id)}/adjuster-link`, body),
  revoke: (id: string, linkId: string) =>
    staffRequest<{ link: AdjusterLink }>('DELETE', `${lead(id)}/adjuster-link/${encodeURIComponent(linkId)}`),
  messages: (id: string, signal?: AbortSignal) =>
    staffRequest<AdjusterThreadAnswer>('GET', `${lead(id)}/adjuster-messages`, undefined, signal),
  answer: (id: string, text: string) =>
    staffRequest<{ message: LeadMessage }>('POST', `${lead(id)}/adjuster-messages`, { text }),
};
