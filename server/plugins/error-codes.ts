/**
 * The refusals a service throws carry a code; this table is the one place a code becomes an HTTP
 * status (server/plugins/errors.ts answers with it and the refusal's own Danish message). Services
 * know nothing of HTTP; a feature's refusals live with the feature and extend `CodedError`.
 */
export const errorStatuses = {
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
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatuses;

export interface CodedErrorOptions extends ErrorOptions {
  /** The form field the refusal is about: the answer's `errors` names it with the message. */
  field?: string;
  /** Seconds until trying again may help (sent as Retry-After). */
  retryAfterSeconds?: number;
}

/** A refusal with its code and Danish message. */
export class CodedError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: Code,
    message: string,
    options: CodedErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.field !== undefined) this.field = options.field;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** The HTTP status of this refusal's code. */
  get status(): (typeof errorStatuses)[Code] {
    return errorStatuses[this.code];
  }
}
