/** The refusals of the adjuster's link and thread; their statuses are in server/plugins/error-codes.ts. */
import { adjusterMessages } from '../../../domain/staff-api/adjuster.ts';
import { CodedError } from '../../plugins/error-codes.ts';

/** Neither a koordinator nor the staff member the lead is assigned to. */
export class AdjusterNotAllowed extends CodedError<'adjuster-not-allowed'> {
  override name = 'AdjusterNotAllowed';
  constructor() {
    super('adjuster-not-allowed', adjusterMessages.notAllowed);
  }
}

/** No link with that id on that lead. */
export class AdjusterLinkNotFound extends CodedError<'adjuster-link-not-found'> {
  override name = 'AdjusterLinkNotFound';
  constructor() {
    super('adjuster-link-not-found', adjusterMessages.linkNotFound);
  }
}

/** A reply to the adjuster's thread with no open link to send it to. */
export class AdjusterNoOpenLink extends CodedError<'adjuster-no-open-link'> {
  override name = 'AdjusterNoOpenLink';
  constructor() {
    super('adjuster-no-open-link', adjusterMessages.noOpenLink);
  }
}
