/**
 * The refusals services throw, each with its Danish message. Services know nothing of HTTP;
 * server/plugins/errors.ts maps each class to its status in one place.
 */
import { company } from '../../domain/company.ts';

/** No lead with that id (or one of several ids). → 404 */
export class LeadNotFound extends Error {
  override name = 'LeadNotFound';
  constructor(message = 'Henvendelsen findes ikke.') {
    super(message);
  }
}

/** A page position the service did not hand out, or one it cannot read any more. → 400 */
export class InvalidCursor extends Error {
  override name = 'InvalidCursor';
  constructor(message = 'Siden findes ikke længere. Gå tilbage til første side.') {
    super(message);
  }
}

/** A batch update to customers that cannot go: nobody selected, or more than a batch may reach. → 400 */
export class MessageRefused extends Error {
  override name = 'MessageRefused';
}

/** A person who cannot be on the on-call reserve: no account, disabled, or no phone. → 400 */
export class ReserveRefused extends Error {
  override name = 'ReserveRefused';
}

/** A personal-data request without one valid e-mail address or phone number. → 400 */
export class PersonQueryError extends Error {
  override name = 'PersonQueryError';
}

/**
 * An erasure that is not confirmed as the rules require: the typed address or number does not
 * match (→ 400), or the person is a customer and the retention promise was not set aside
 * explicitly (→ 409).
 */
export class ErasureRefused extends Error {
  override name = 'ErasureRefused';
  constructor(
    readonly reason: 'confirmation-mismatch' | 'customer-retention',
    message: string,
  ) {
    super(message);
  }
}

/** A login step refused: wrong password or code (401), wrong step (409), locked (429). */
export class LoginRefused extends Error {
  override name = 'LoginRefused';
  constructor(
    readonly status: 401 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The upload budget's two refusals (server/uploads/uploads.ts answers with them too). */
export const uploadBudgetMessages = {
  siteFull: `Vi kan ikke modtage flere billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
  overBudget: `Du har uploadet mange billeder på kort tid. Prøv igen senere, eller ring til os på ${company.phoneDisplay}.`,
} as const;

/**
 * An upload URL refused by the upload budget: 503 when the site holds too much not yet sent with
 * a lead, 429 when this client uploaded too much within the hour or holds more than its share of
 * what waits (server/uploads/uploads.ts). Answered by
 * server/plugins/errors.ts with its Danish message (the forms show it) and Retry-After.
 */
export class UploadBudgetError extends Error {
  override name = 'UploadBudgetError';
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(status === 503 ? uploadBudgetMessages.siteFull : uploadBudgetMessages.overBudget);
  }
}

/** A lead named uploads it may not use; the route answers 400 with `message`. */
export class UploadClaimError extends Error {
  override name = 'UploadClaimError';
  readonly status = 400;
}

/**
 * The object store could not be reached while a lead's photos were checked: the lead is not
 * stored (its transaction rolls back) and the visitor is asked to try again or call.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(options?: ErrorOptions) {
    super(
      `Vi kan ikke modtage billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
      options,
    );
  }
}
