import type { SmsProviderName } from './providers.ts';

/**
 * On-call and customer SMS, read from the environment by server/config.ts
 * (docs/decisions/sms-paging.md, docs/decisions/sms-cost.md); provider null → text files in
 * DATA_DIR/sms.
 */
export interface SmsConfig {
  provider: SmsProviderName | null;
  /** The provider's API token (its module says the form). Empty without a provider. */
  token: string;
  /** Up to 11 letters and digits, or up to 15 digits. */
  sender: string;
  /** The provider's send endpoint. Empty without a provider. */
  apiUrl: string;
  /**
   * Signs delivery reports and incoming SMS (the provider's webhook token, or our own signature
   * in the report URL; each provider's module says which). Null: no reports are asked for and the report routes answer 404.
   */
  webhookSecret: string | null;
  /** A credit below this is warned about by e-mail (checked at start and daily). */
  creditWarnBelow: number;
  /** Customer SMS parts a day (pages not counted): refused beyond, MAIL_TO warned at 80 %. */
  dailyPartsMax: number;
}
