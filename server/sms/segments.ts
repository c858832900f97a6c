/**
 * How many SMS a text costs, and the text in GSM-7 where it can be: one place for the server and
 * the inbox, domain/sms-parts.ts.
 */
export { smsEncoding, smsLength, toGsmText } from '../../domain/sms-parts.ts';
