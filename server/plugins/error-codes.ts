/**
 * The refusals a service throws carry a code; this table is the one place a code becomes an HTTP
 * status (server/plugins/errors.ts answers with it and the refusal's own Danish message). Services
 * know nothing of HTTP; a feature's refusals live with the feature and extend `CodedError`.
 */
export const errorStatuses = {
  // A route's own refusals (HttpError, ./errors.ts).
  'json-only': 415,
  'not-logged-in': 401,
  'second-factor-missing': 401,
  'cross-origin': 403,
  'role-required': 403,
  'step-up-refused': 403,
  'rota-change-refused': 400,
  'cover-gone': 404,
  'phone-invalid': 400,
  'phone-taken': 409,
  'phone-refused': 403,
  'unknown-assignee': 400,
  'insurer-not-found': 404,
  // Services' refusals (./service-errors.ts and each feature's errors.ts).
  'lead-not-found': 404,
  'invalid-cursor': 400,
  'person-query-invalid': 400,
  'message-refused': 400,
  'reserve-refused': 400,
  'erasure-not-confirmed': 400,
  'erasure-of-customer': 409,
  'login-wrong-credentials': 401,
  'login-wrong-step': 409,
  'login-locked': 429,
  'upload-claim-refused': 400,
  'upload-over-budget': 429,
  'upload-site-full': 503,
  'storage-unavailable': 503,
  // A case's milestones (server/casework/milestones/errors.ts).
  'milestone-refused': 400,
  'milestone-not-found': 404,
  'milestone-conflict': 409,
  // The drying log's refusals (server/casework/drying/errors.ts).
  'moisture-refused': 400,
  'moisture-reading-not-found': 404,
  // The case page's refusals (server/case/case-service.ts), answered as the page again.
  'case-closed': 409,
  'case-messages-per-day': 429,
  'case-no-photos': 400,
  'case-too-many-photos': 400,
  // A plain HTML form answered with its messages (server/forms/plain-form.ts), as the page again.
  'form-invalid': 400,
  'form-too-fast': 400,
  'submissions-over-limit': 429,
  // The loss adjuster's link and thread (server/casework/adjuster/errors.ts).
  'adjuster-not-allowed': 403,
  'adjuster-link-not-found': 404,
  'adjuster-no-open-link': 409,
  // The first report to the insurer (server/casework/report/errors.ts).
  'report-no-recipient': 409,
  'report-not-found': 404,
  // The insurers' API (server/insurer-api/errors.ts).
  'insurer-key-invalid': 401,
  'insurer-key-refused': 400,
  'assignment-invalid': 400,
  'assignment-not-found': 404,
  'idempotency-conflict': 409,
  'assignment-in-progress': 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatuses;

export interface CodedErrorOptions extends ErrorOptions {
  /** Field path → its messages, for the answer's `errors`. */
  errors?: Record<string, string[]>;
  /** Seconds until trying again may help (sent as Retry-After). */
  retryAfterSeconds?: number;
}

/** A refusal with its code and Danish message. */
export class CodedError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly errors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: Code,
    message: string,
    options: CodedErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.errors !== undefined) this.errors = options.errors;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The HTTP status of this refusal's code. */
  get status(): (typeof errorStatuses)[Code] {
    return errorStatuses[this.code];
  }
}
