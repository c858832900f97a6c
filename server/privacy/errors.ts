/** The personal-data feature's refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { CodedError } from '../plugins/error-codes.ts';

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
