/**
 * The refusals of recording and withdrawing a case's milestones, each with its Danish message
 * (./copy.ts); their codes' statuses are in server/plugins/error-codes.ts.
 */
import { CodedError } from '../../plugins/error-codes.ts';
import { messages } from '../../plugins/errors.ts';

/** Bad input the contract cannot see: a kind staff may not record, details, a time out of bounds. */
export class MilestoneRefused extends CodedError<'milestone-refused'> {
  override name = 'MilestoneRefused';
  constructor(errors: Record<string, string[]>) {
    const fields = Object.values(errors).flat();
    super('milestone-refused', fields.length === 1 ? fields[0]! : messages.validation, { errors });
  }
}

/** No such milestone on this lead. */
export class MilestoneNotFound extends CodedError<'milestone-not-found'> {
  override name = 'MilestoneNotFound';
  constructor(message: string) {
    super('milestone-not-found', message);
  }
}

/** A milestone that contradicts what is recorded: a second damage stop, a withdrawal twice. */
export class MilestoneConflict extends CodedError<'milestone-conflict'> {
  override name = 'MilestoneConflict';
  constructor(message: string) {
    super('milestone-conflict', message);
  }
}
