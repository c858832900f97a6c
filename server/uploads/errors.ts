/** The uploads' refusals; their codes' statuses are in server/plugins/error-codes.ts. */
import { company } from '../../domain/company.ts';
import { CodedError } from '../plugins/error-codes.ts';

/** The upload budget's two refusals (server/uploads/uploads.ts answers with them too). */
export const uploadBudgetMessages = {
  siteFull: `Vi kan ikke modtage flere billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
  overBudget: `Du har uploadet mange billeder på kort tid. Prøv igen senere, eller ring til os på ${company.phoneDisplay}.`,
} as const;

/**
 * An upload URL refused by the upload budget: the site holds too much not yet sent with a lead,
 * or this client uploaded too much within the hour or holds more than its share of what waits
 * (server/uploads/uploads.ts). Answered with its Danish message (the forms show it) and Retry-After.
 */
export class UploadBudgetError extends CodedError<'upload-over-budget' | 'upload-site-full'> {
  override name = 'UploadBudgetError';
  declare readonly retryAfterSeconds: number;
  constructor(code: 'upload-over-budget' | 'upload-site-full', retryAfterSeconds: number) {
    super(
      code,
      code === 'upload-site-full' ? uploadBudgetMessages.siteFull : uploadBudgetMessages.overBudget,
      { retryAfterSeconds },
    );
  }
}

/** A lead named uploads it may not use: the answer names the `images` field. */
export class UploadClaimError extends CodedError<'upload-claim-refused'> {
  override name = 'UploadClaimError';
  constructor(message: string) {
    super('upload-claim-refused', message, { errors: { images: [message] } });
  }
}

/**
 * The object store could not be reached while a lead's photos were checked: the lead is not
 * stored (its transaction rolls back) and the visitor is asked to try again or call.
 */
export class StorageUnavailableError extends CodedError<'storage-unavailable'> {
  override name = 'StorageUnavailableError';
  constructor(options?: ErrorOptions) {
    super(
      'storage-unavailable',
      `Vi kan ikke modtage billeder lige nu. Prøv igen om lidt, eller ring til os på ${company.phoneDisplay}.`,
      options,
    );
  }
}
