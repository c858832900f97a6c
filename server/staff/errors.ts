/** The staff login's refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { CodedError } from '../plugins/error-codes.ts';

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
