/**
 * The refusals several features throw, each with its code and Danish message; the code's HTTP
 * status is in ./error-codes.ts. A refusal of one feature lives with that feature (errors.ts).
 */
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
