/**
 * The staff API as the inbox calls it, typed from its contract (domain/staff-api/; types only,
 * so no schema code reaches the browser). Every call sends the session cookie, is never cached by
 * the browser, and fails with a StaffApiError whose message is Danish: the server's own
 * `{ message }`, or ours when the server could not be reached or sent none.
 */
import { inboxText } from '~/content/inbox';
import { inbox } from '../../../domain/constants';
import type { AuditPage } from '../../../domain/staff-api/audit';
import type { Insurer, InsurerBody, InsurerFiguresAnswer } from '../../../domain/staff-api/insurers';
import type {
  BulkStatusAnswer,
  CaseLinkAnswer,
  LeadChange,
  LeadDetail,
  LeadPage,
  LeadPhotosAnswer,
  NoteAnswer,
} from '../../../domain/staff-api/leads';
import type {
  EnrolAnswer,
  LoginAnswer,
  StaffMember,
  TotpEnrolment,
  VerifyBody,
} from '../../../domain/staff-api/login';
import type {
  FiguresAnswer,
  LeadHandling,
  LiveAnswer,
  RotaAnswer,
  RotaChainBody,
  TimelineAnswer,
} from '../../../domain/staff-api/oncall';
import type {
  BatchPreviewAnswer,
  BatchSelection,
  BatchSendAnswer,
  LeadMessagesAnswer,
  LeadMessageSendAnswer,
  LeadMessageSendBody,
} from '../../../domain/staff-api/messages';
import type { MilestoneAnswer, MilestoneBody, MilestonesAnswer } from '../../../domain/staff-api/milestones';
import type { SatisfactionFigures, SatisfactionRespondent } from '../../../domain/staff-api/satisfaction';
import type { ErasureAnswer, Person, PersonalDataAnswer } from '../../../domain/staff-api/personal-data';
import type { VisitAnswer } from '../../../domain/staff-api/visit';
import type { LeadStatus } from '../../../domain/staff-api/shared';

export class StaffApiError extends Error {
  readonly status: number;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | undefined;
  /** A 400's Danish message per field, by the field's name (the first message of each). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, message: string, retryAfter?: number, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'StaffApiError';
    this.status = status;
    this.retryAfter = retryAfter;
    this.fields = fields;
  }
}

/** True when the answer means "not (or no longer) logged in". */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof StaffApiError && error.status === 401;
}

/** The Danish text to show for any failure. */
export function errorMessage(error: unknown): string {
  return error instanceof StaffApiError ? error.message : inboxText.errors.generic;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function retryAfterSeconds(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function staffRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StaffApiError(0, inboxText.errors.network);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message.trim()
        : '';
    const retryAfter = response.status === 429 ? retryAfterSeconds(response) : undefined;
    const message =
      serverMessage ||
      (response.status === 401
        ? inboxText.errors.sessionEnded
        : response.status === 404
          ? inboxText.errors.notFound
          : response.status === 429
            ? inboxText.errors.tooManyAttempts(retryAfter)
            : inboxText.errors.generic);
    throw new StaffApiError(response.status, message, retryAfter, fieldMessages(data));
  }
  return data as T;
}

/** The first message of each field of an answer's `errors` ({ errors: { claimsEmail: ['…'] } }). */
function fieldMessages(data: unknown): Record<string, string> {
  const errors = data && typeof data === 'object' && 'errors' in data ? data.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) {
    const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/** The list's filters as the API takes them (and as the inbox's own URL carries them). */
export const leadFilterNames = [
  'kind',
  'status',
  'priority',
  'akut',
  'sort',
  'from',
  'to',
  'q',
  'assigned',
  'overdue',
  'satisfaction',
] as const;
export type LeadFilters = Partial<Record<(typeof leadFilterNames)[number], string>>;

export function leadFilterParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of leadFilterNames) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function personParams(person: Person): URLSearchParams {
  return new URLSearchParams('email' in person ? { email: person.email } : { phone: person.phone });
}

/** Leads per page of the list (the API's default too). */
export const leadPageSize = inbox.pageSize;

export const staffApi = {
  login: (email: string, password: string) =>
    staffRequest<LoginAnswer>('POST', '/api/staff/login', { email, password }),
  enrolment: () => staffRequest<TotpEnrolment>('GET', '/api/staff/totp/enrolment'),
  enrol: (code: string) => staffRequest<EnrolAnswer>('POST', '/api/staff/totp/enrol', { code }),
  verify: (answer: VerifyBody & ({ code: string } | { recoveryCode: string })) =>
    staffRequest<{ ok: true }>('POST', '/api/staff/totp/verify', answer),
  logout: () => staffRequest<void>('POST', '/api/staff/logout'),
  me: (signal?: AbortSignal) => staffRequest<StaffMember>('GET', '/api/staff/me', undefined, signal),

  leads: (filters: LeadFilters, cursor?: string | null, signal?: AbortSignal) => {
    const params = leadFilterParams(filters);
    if (cursor) params.set('cursor', cursor);
    params.set('limit', String(leadPageSize));
    return staffRequest<LeadPage>('GET', withQuery('/api/staff/leads', params), undefined, signal);
  },
  lead: (id: string, signal?: AbortSignal) =>
    staffRequest<{ lead: LeadDetail }>(
      'GET',
      `/api/staff/leads/${encodeURIComponent(id)}`,
      undefined,
      signal,
    ),
  /** Saves a change; answers the lead as it is now (no reload, so no new "viewed" in the log). */
  updateLead: (id: string, change: LeadChange) =>
    staffRequest<{ lead: LeadDetail }>('PATCH', `/api/staff/leads/${encodeURIComponent(id)}`, change),
  /** One status for up to `inbox.bulkMaxLeads` leads, all or none. */
  setStatuses: (ids: readonly string[], status: LeadStatus) =>
    staffRequest<BulkStatusAnswer>('POST', '/api/staff/leads/status', { ids, status }),
  /** Fresh links to a lead's photos (not a new "viewed" in the log). */
  leadPhotos: (id: string) =>
    staffRequest<LeadPhotosAnswer>('GET', `/api/staff/leads/${encodeURIComponent(id)}/photos`),
  addNote: (id: string, body: string) =>
    staffRequest<NoteAnswer>('POST', `/api/staff/leads/${encodeURIComponent(id)}/notes`, { body }),
  /** Closes the customer's case page link and e-mails them a new one. */
  sendCaseLink: (id: string) =>
    staffRequest<CaseLinkAnswer>('POST', `/api/staff/leads/${encodeURIComponent(id)}/case-link`),
  /** Closes the customer's case page link. */
  closeCaseLink: (id: string) =>
    staffRequest<CaseLinkAnswer>('DELETE', `/api/staff/leads/${encodeURIComponent(id)}/case-link`),

  /** Whom a batch update reaches; with a text, its SMS as sent and the preview's id. */
  batchPreview: (selection: BatchSelection, text?: string) =>
    staffRequest<BatchPreviewAnswer>('POST', '/api/staff/messages/batch/preview', {
      selection,
      ...(text === undefined ? {} : { text }),
    }),
  /** Sends the previewed text to every waiting emergency of the selection. */
  batchSend: (selection: BatchSelection, text: string, previewId: string) =>
    staffRequest<BatchSendAnswer>('POST', '/api/staff/messages/batch', { selection, text, previewId }),
  /** A lead's messages, with the state of each copy. */
  leadMessages: (id: string, signal?: AbortSignal) =>
    staffRequest<LeadMessagesAnswer>(
      'GET',
      `/api/staff/leads/${encodeURIComponent(id)}/messages`,
      undefined,
      signal,
    ),
  /** Writes to the customer from the lead: on the case page, and by e-mail or SMS. */
  sendLeadMessage: (id: string, body: LeadMessageSendBody) =>
    staffRequest<LeadMessageSendAnswer>('POST', `/api/staff/leads/${encodeURIComponent(id)}/messages`, body),

  personalData: (person: Person) =>
    staffRequest<PersonalDataAnswer>('GET', withQuery('/api/staff/personal-data', personParams(person))),
  /**
   * Erases the person. `confirm` is the address or number typed again; a customer is refused
   * (409) unless `overrideCustomerRetention` sets the customer retention period aside explicitly.
   */
  erase: (person: Person, confirm: string, options: { overrideCustomerRetention?: boolean } = {}) =>
    staffRequest<ErasureAnswer>('POST', '/api/staff/personal-data/erase', { ...person, confirm, ...options }),

  /** Gives the lead to a staff member (null: nobody); answers who has it and the callback stamp. */
  assign: (id: string, assignee: string | null) =>
    staffRequest<LeadHandling>('PUT', `/api/staff/leads/${encodeURIComponent(id)}/assignee`, { assignee }),
  /** "Ringet op": the first press stamps who and when; later presses answer the same stamp. */
  calledBack: (id: string) =>
    staffRequest<LeadHandling>('POST', `/api/staff/leads/${encodeURIComponent(id)}/called-back`),
  /** The agreed visit in Danish time ("2026-12-03T10:00"), or null to clear it. */
  setVisit: (id: string, visitAt: string | null, notifyCustomer = true) =>
    staffRequest<VisitAnswer>('PUT', `/api/staff/leads/${encodeURIComponent(id)}/visit`, {
      visitAt,
      notifyCustomer,
    }),
  timeline: (id: string, signal?: AbortSignal) =>
    staffRequest<TimelineAnswer>(
      'GET',
      `/api/staff/leads/${encodeURIComponent(id)}/timeline`,
      undefined,
      signal,
    ),

  /** The case's milestones (withdrawn ones too) and its deadlines. */
  milestones: (id: string, signal?: AbortSignal) =>
    staffRequest<MilestonesAnswer>(
      'GET',
      `/api/staff/leads/${encodeURIComponent(id)}/milestones`,
      undefined,
      signal,
    ),
  recordMilestone: (id: string, body: MilestoneBody) =>
    staffRequest<MilestoneAnswer>('POST', `/api/staff/leads/${encodeURIComponent(id)}/milestones`, body),
  /** Withdraws a milestone recorded by mistake: it stays in the history, struck through. */
  withdrawMilestone: (id: string, milestoneId: string) =>
    staffRequest<MilestoneAnswer>(
      'DELETE',
      `/api/staff/leads/${encodeURIComponent(id)}/milestones/${encodeURIComponent(milestoneId)}`,
    ),

  rota: (signal?: AbortSignal) =>
    staffRequest<RotaAnswer>('GET', '/api/staff/oncall/rota', undefined, signal),
  // Changes to who is paged carry a fresh code from the person's app (server/staff/step-up.ts).
  setChain: (chain: RotaChainBody, code: string) =>
    staffRequest<{ ok: true }>('PUT', '/api/staff/oncall/chain', { ...chain, code }),
  addOverride: (override: { userId: string; startsAt: string; endsAt: string }, code: string) =>
    staffRequest<{ ok: true }>('POST', '/api/staff/oncall/overrides', { ...override, code }),
  removeOverride: (id: string, code: string) =>
    staffRequest<{ ok: true }>('DELETE', `/api/staff/oncall/overrides/${encodeURIComponent(id)}`, { code }),
  setPhone: (phone: string, code: string) =>
    staffRequest<{ phone: string }>('PUT', '/api/staff/me/phone', { phone, code }),
  figures: (month: string, signal?: AbortSignal) =>
    staffRequest<FiguresAnswer>(
      'GET',
      withQuery('/api/staff/oncall/figures', new URLSearchParams({ month })),
      undefined,
      signal,
    ),
  insurers: (signal?: AbortSignal) =>
    staffRequest<{ insurers: Insurer[] }>('GET', '/api/staff/insurers', undefined, signal),
  /** The hours as typed when they are no whole number: the server answers its Danish message. */
  updateInsurer: (
    id: string,
    change: Omit<InsurerBody, 'onSiteHours' | 'firstResponseHours'> & {
      onSiteHours: number | string | null;
      firstResponseHours?: number | string | null;
    },
  ) => staffRequest<{ insurer: Insurer }>('PUT', `/api/staff/insurers/${encodeURIComponent(id)}`, change),
  insurerFigures: (month: string, signal?: AbortSignal) =>
    staffRequest<InsurerFiguresAnswer>(
      'GET',
      withQuery('/api/staff/insurers/figures', new URLSearchParams({ month })),
      undefined,
      signal,
    ),
  /** The customers' or the adjusters' answers answered from/to (Danish days), with their shares. */
  satisfactionFigures: (
    query: { respondent: SatisfactionRespondent; from: string; to: string },
    signal?: AbortSignal,
  ) =>
    staffRequest<SatisfactionFigures>(
      'GET',
      withQuery('/api/staff/satisfaction', new URLSearchParams(query)),
      undefined,
      signal,
    ),
  /** What changed since the page loaded: the newest lead and the emergencies nobody has taken. */
  live: (signal?: AbortSignal) => staffRequest<LiveAnswer>('GET', '/api/staff/live', undefined, signal),

  audit: (cursor?: string | null, signal?: AbortSignal) =>
    staffRequest<AuditPage>(
      'GET',
      withQuery('/api/staff/audit', new URLSearchParams(cursor ? { cursor } : {})),
      undefined,
      signal,
    ),
};

/** A download link of the CSV export of the current filters. */
export function leadExportUrl(filters: LeadFilters): string {
  return withQuery('/api/staff/leads/export.csv', leadFilterParams(filters));
}

/** A download link of a month's Beredskab figures as CSV. */
export function figuresCsvUrl(month: string): string {
  return withQuery('/api/staff/oncall/figures.csv', new URLSearchParams({ month }));
}

/** A download link of a month's figures per insurer as CSV. */
export function insurerFiguresCsvUrl(month: string): string {
  return withQuery('/api/staff/insurers/figures.csv', new URLSearchParams({ month }));
}

/** A download link of everything stored about one person, as JSON. */
export function personalDataExportUrl(person: Person): string {
  return withQuery('/api/staff/personal-data/export', personParams(person));
}
