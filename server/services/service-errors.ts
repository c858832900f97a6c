/**
 * The refusals services throw, each with its Danish message. Services know nothing of HTTP;
 * server/plugins/errors.ts maps each class to its status in one place.
 */

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
