/** The outgoing messages' refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { CodedError } from '../../plugins/error-codes.ts';

/**
 * A message or batch update to customers that cannot go: nobody selected, more than a batch may
 * reach, too long, no mobile number, or the day's SMS budget spent.
 */
export class MessageRefused extends CodedError<'message-refused'> {
  override name = 'MessageRefused';
  constructor(message: string) {
    super('message-refused', message);
  }
}
