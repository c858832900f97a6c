/**
 * How many SMS a text costs. A text in the GSM 03.38 alphabet (GSM-7, which has æ, ø, å, Æ, Ø,
 * Å and é) fits 160 characters in one SMS and 153 per part when split; one character outside it
 * turns the whole text into UCS-2: 70 in one SMS, 67 per part. The extension characters
 * (^ { } \ [ ~ ] | €) take two places in GSM-7.
 */
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
  segments: number;
}

export function smsLength(text: string): SmsLength {
  const encoding = smsEncoding(text);
  if (encoding === 'GSM-7') {
    let units = 0;
    for (const char of text) units += gsmExtension.has(char) ? 2 : 1;
    return { encoding, units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding, units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
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
