/**
 * The refusals services throw, each with its code and Danish message; the code's HTTP status is
 * in ./error-codes.ts, the one place a code becomes a status.
 */
import { company } from '../../domain/company.ts';
import { CodedError } from './error-codes.ts';

/** No lead with that id (or one of several ids). */
export class LeadNotFound extends CodedError<'lead-not-found'> {
  override name = 'LeadNotFound';
  constructor(message = 'Henvendelsen findes ikke.') {
    super('lead-not-found', message);
  }
}

/** A page position the service did not hand out, or one it cannot read any more. */
export class InvalidCursor extends CodedError<'invalid-cursor'> {
  override name = 'InvalidCursor';
  constructor(message = 'Siden findes ikke længere. Gå tilbage til første side.') {
    super('invalid-cursor', message);
  }
}

/** A batch update to customers that cannot go: nobody selected, or more than a batch may reach. */
export class MessageRefused extends CodedError<'message-refused'> {
  override name = 'MessageRefused';
  constructor(message: string) {
    super('message-refused', message);
  }
}

/** A person who cannot be on the on-call reserve: no account, disabled, or no phone. */
export class ReserveRefused extends CodedError<'reserve-refused'> {
  override name = 'ReserveRefused';
  constructor(message: string) {
    super('reserve-refused', message, { field: 'email' });
  }
}

/** A personal-data request without one valid e-mail address or phone number. */
export class PersonQueryError extends CodedError<'person-query-invalid'> {
  override name = 'PersonQueryError';
  constructor(message: string) {
    super('person-query-invalid', message);
  }
}

/**
 * An erasure that is not confirmed as the rules require: the typed address or number does not
 * match, or the person is a customer and the retention promise was not set aside explicitly.
 */
export class ErasureRefused extends CodedError<'erasure-not-confirmed' | 'erasure-of-customer'> {
  override name = 'ErasureRefused';
  constructor(
    readonly reason: 'confirmation-mismatch' | 'customer-retention',
    message: string,
  ) {
    super(reason === 'customer-retention' ? 'erasure-of-customer' : 'erasure-not-confirmed', message);
  }
}

/** A login step refused: wrong password or code, the wrong step, or locked for a while. */
export class LoginRefused extends CodedError<
  'login-wrong-credentials' | 'login-wrong-step' | 'login-locked'
> {
  override name = 'LoginRefused';
  constructor(
    code: 'login-wrong-credentials' | 'login-wrong-step' | 'login-locked',
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(code, message, retryAfterSeconds ? { retryAfterSeconds } : {});
  }
}

/** The upload budget's two refusals (server/uploads/uploads.ts answers with them too). */
export const uploadBudgetMessages = {
  siteFull: `Vi kan ikke modtage flere billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
  overBudget: `Du har uploadet mange billeder på kort tid. Prøv igen senere, eller ring til os på ${company.phoneDisplay}.`,
} as const;

/**
 * An upload URL refused by the upload budget: the site holds too much not yet sent with a lead,
 * or this client uploaded too much within the hour or holds more than its share of what waits
 * (server/uploads/uploads.ts). Answered with its Danish message (the forms show it) and Retry-After.
 */
export class UploadBudgetError extends CodedError<'upload-over-budget' | 'upload-site-full'> {
  override name = 'UploadBudgetError';
  declare readonly retryAfterSeconds: number;
  constructor(code: 'upload-over-budget' | 'upload-site-full', retryAfterSeconds: number) {
    super(
      code,
      code === 'upload-site-full' ? uploadBudgetMessages.siteFull : uploadBudgetMessages.overBudget,
      { retryAfterSeconds },
    );
  }
}

/** A lead named uploads it may not use: the answer names the `images` field. */
export class UploadClaimError extends CodedError<'upload-claim-refused'> {
  override name = 'UploadClaimError';
  constructor(message: string) {
    super('upload-claim-refused', message, { field: 'images' });
  }
}

/**
 * The object store could not be reached while a lead's photos were checked: the lead is not
 * stored (its transaction rolls back) and the visitor is asked to try again or call.
 */
export class StorageUnavailableError extends CodedError<'storage-unavailable'> {
  override name = 'StorageUnavailableError';
  constructor(options?: ErrorOptions) {
    super(
      'storage-unavailable',
      `Vi kan ikke modtage billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
      options,
    );
  }
}
