/** The first report's refusals; their HTTP statuses are in server/plugins/error-codes.ts. */
import { reportMessages } from '../../../domain/staff-api/reports.ts';
import { CodedError } from '../../plugins/error-codes.ts';

/** Neither the insurer's claims address nor any address from staff: nobody to send it to. */
export class NoReportRecipient extends CodedError<'report-no-recipient'> {
  override name = 'NoReportRecipient';
  constructor() {
    super('report-no-recipient', reportMessages.noRecipient);
  }
}

/** No report with that id on that lead. */
export class ReportNotFound extends CodedError<'report-not-found'> {
  override name = 'ReportNotFound';
  constructor() {
    super('report-not-found', reportMessages.unknownReport);
  }
}
