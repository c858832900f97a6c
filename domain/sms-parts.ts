/**
 * How many billed parts an SMS is, counted as the gateways count them, and the SMS a customer
 * gets from us. Shared by the server (which refuses and budgets by it) and the inbox (which shows
 * the count while staff write).
 *
 * A text in the GSM 03.38 alphabet (GSM-7, which has æ, ø, å, Æ, Ø, Å and é) fits 160 septets in
 * one SMS and 153 per part when split; the extension characters (€ [ ] { } | ^ ~ \ and form feed)
 * take two septets, an escape and the character, which are never split between parts. One
 * character outside it turns the whole text into UCS-2: 70 UTF-16 units in one SMS, 67 per part,
 * and a character outside the BMP (two units, e.g. an emoji) is never split between parts either.
 */
import { company } from './company.ts';

const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsmExtension = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export function isGsmChar(char: string): boolean {
  return gsmBasic.has(char) || gsmExtension.has(char);
}

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!isGsmChar(char)) return 'UCS-2';
  return 'GSM-7';
}

export interface SmsLength {
  encoding: SmsEncoding;
  /** GSM-7 septets or UTF-16 code units. */
  units: number;
  /** Billed parts. */
  segments: number;
}

const limits = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** The units of each character (a code point) in the text's encoding. */
function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return char.length;
  return gsmExtension.has(char) ? 2 : 1;
}

/** The units and billed parts of `text`: parts are filled in order, a character never split. */
export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  const { single, part } = limits[encoding];
  let units = 0;
  let segments = 1;
  let inPart = 0;
  for (const char of text) {
    const size = unitsOf(char, encoding);
    units += size;
    if (inPart + size > part) {
      segments++;
      inPart = 0;
    }
    inPart += size;
  }
  return { encoding, units, segments: units <= single ? 1 : segments };
}

const replacements: Record<string, string> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2026': '...',
  '\u00a0': ' ',
  '\t': ' ',
  // Letters without a decomposition.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Œ: 'OE',
  œ: 'oe',
  ı: 'i',
  Þ: 'Th',
  þ: 'th',
};

/**
 * The text in GSM-7 where it can be without losing sense, so a foreign name or a typographic
 * dash does not triple the cost: dashes and quotes become plain ones, other letters lose their
 * accents (ë → e); the rest becomes '?'. æ, ø and å are GSM-7 and stay.
 */
export function toGsmText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isGsmChar(char)) {
      out += char;
      continue;
    }
    const replaced = replacements[char];
    if (replaced !== undefined) {
      out += replaced;
      continue;
    }
    const stripped = char.normalize('NFD').replace(/\p{M}+/gu, '');
    out += stripped && [...stripped].every(isGsmChar) ? stripped : '?';
  }
  return out;
}

// ── The SMS a customer gets from us ───────────────────────────────────────────────────────────
/** The most parts one SMS to a customer may be billed as: six parts is a long letter already. */
export const customerSmsMaxParts = 6;

/**
 * Where a customer answers our SMS: by SMS when it comes from a number they can answer (SMS_SENDER
 * all digits) and answers are received (SMS_WEBHOOK_SECRET); otherwise on the case page, since an
 * SMS from a name ("Skadekomp") cannot be answered.
 */
export type SmsAnswerRoute = 'sms' | 'case-page';

export function smsAnswerRoute(sms: { sender: string; webhookSecret: string | null }): SmsAnswerRoute {
  return /^\d+$/.test(sms.sender) && sms.webhookSecret ? 'sms' : 'case-page';
}

/** The SMS as the customer reads it: our text, then where to answer, with the link to the case page. */
export function customerSmsText(
  body: string,
  link: string | null,
  answers: SmsAnswerRoute = 'case-page',
): string {
  if (answers === 'sms')
    return link ? `${body}\nSvar på denne sms. Følg din sag: ${link}` : `${body}\nSvar på denne sms.`;
  return link
    ? `${body}\nSvar og følg din sag: ${link}`
    : `${body}\nDu kan ikke svare på denne sms. Ring ${company.phoneDisplay}.`;
}

/**
 * A case link of the length the server makes them (`/sag/` and a 43-character token: 32 random
 * bytes in base64url, all GSM-7), for counting and showing an SMS before it is sent; x's open
 * nothing.
 */
export function caseLinkSample(publicUrl: string): string {
  return `${publicUrl}/sag/${'x'.repeat(43)}`;
}

/**
 * What a message of ours costs as an SMS: the text as sent (GSM-7 where it can be, with the case
 * link of `sampleLink`'s length after it), its units and billed parts.
 */
export function customerSmsLength(
  body: string,
  sampleLink: string,
  answers: SmsAnswerRoute = 'case-page',
): SmsLength {
  return smsLength(customerSmsText(toGsmText(body), sampleLink, answers));
}
