/**
 * How many SMS a text costs, and the text in GSM-7 where it can be: one place for the server and
 * the inbox, domain/sms-parts.ts.
 */
export {
  isGsmChar,
  smsEncoding,
  smsLength,
  toGsmText,
  type SmsEncoding,
  type SmsLength,
} from '../../domain/sms-parts.ts';
