/** Surge mode's refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { CodedError } from '../../plugins/error-codes.ts';

/** A person who cannot be on the on-call reserve: no account, disabled, or no phone. */
export class ReserveRefused extends CodedError<'reserve-refused'> {
  override name = 'ReserveRefused';
  constructor(message: string) {
    super('reserve-refused', message, { errors: { email: [message] } });
  }
}
