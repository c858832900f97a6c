/** The drying log's refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { moistureMessages } from '../../../domain/moisture.ts';
import { CodedError } from '../../plugins/error-codes.ts';

/** A reading that cannot be recorded as given: measured in the future or before the lead came in. */
export class MoistureRefused extends CodedError<'moisture-refused'> {
  override name = 'MoistureRefused';
  constructor(field: 'at', message: string) {
    super('moisture-refused', message, { errors: { [field]: [message] } });
  }
}

/** No such reading on the lead, or it was withdrawn already. */
export class MoistureReadingNotFound extends CodedError<'moisture-reading-not-found'> {
  override name = 'MoistureReadingNotFound';
  constructor() {
    super('moisture-reading-not-found', moistureMessages.readingNotFound);
  }
}
