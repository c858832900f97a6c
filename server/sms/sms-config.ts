/**
 * On-call and customer SMS, read from the environment by server/config.ts
 * (docs/decisions/sms-paging.md, docs/decisions/sms-cost.md); provider null → text files in
 * DATA_DIR/sms.
 */
export interface SmsConfig {
  provider: 'gatewayapi' | 'cpsms' | null;
  /** GatewayAPI: the API token; CPSMS: 'username:apikey'. Empty without a provider. */
  token: string;
  /** Up to 11 letters and digits, or up to 15 digits. */
  sender: string;
  /** The provider's send endpoint. */
  apiUrl: string;
  /**
   * Signs delivery reports (GatewayAPI: the webhook's authentication token; CPSMS: our own
   * signature in the report URL). Null: no reports are asked for and the report routes answer 404.
   */
  webhookSecret: string | null;
  /** A credit below this is warned about by e-mail (checked at start and daily). */
  creditWarnBelow: number;
  /** Customer SMS parts a day (pages not counted): refused beyond, MAIL_TO warned at 80 %. */
  dailyPartsMax: number;
}
