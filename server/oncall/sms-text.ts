/**
 * What the on-call SMS say. Kept in GSM-7 (æ, ø and å are in it) and within three SMS
 * (server/sms/segments.ts): name and address are shortened when a long one would pass that.
 */
import { damageTypeLabels, type DamageType } from '../../domain/enums.ts';
import { formatPhone } from '../../domain/phone.ts';
import { smsLength, toGsmText } from '../sms/segments.ts';

export const maxSmsSegments = 3;

export interface PageSmsInput {
  reference: string;
  /** The damage type's code (domain/enums.ts) or text. */
  damageType: string | undefined;
  name: string;
  phone: string | null;
  address: string | undefined;
  link: string;
  /** The last step: everybody in the chain gets it again. */
  everybody: boolean;
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, Math.max(length - 3, 1)).trimEnd()}...`;
}

/**
 * AKUT SK-7F3K2Q: Vandskade
 * Jens Hansen, tlf. 12 34 56 78
 * Vestergade 12, 8000 Aarhus C
 * Tag den: https://…/vagt/…
 */
export function pageSmsText(input: PageSmsInput): string {
  const damage = damageTypeLabels[input.damageType as DamageType] ?? input.damageType ?? 'ukendt skade';
  const head = `AKUT${input.everybody ? ' (ingen har svaret)' : ''} ${input.reference}: ${damage}`;
  const phone = input.phone ? `, tlf. ${formatPhone(input.phone)}` : '';
  const build = (name: string, address: string) =>
    toGsmText(`${head}\n${name}${phone}\n${address}\nTag den: ${input.link}`);
  let name = input.name.trim();
  let address = (input.address ?? 'Ingen adresse').trim();
  let text = build(name, address);
  while (smsLength(text).segments > maxSmsSegments && (name.length > 20 || address.length > 20)) {
    if (address.length >= name.length) address = shorten(address, address.length - 10);
    else name = shorten(name, name.length - 10);
    text = build(name, address);
  }
  return text;
}

/** 'SK-7F3K2Q er taget af Anna Holm.' */
export function takenSmsText(reference: string, takenBy: string): string {
  return toGsmText(`${reference} er taget af ${shorten(takenBy.trim(), 60)}.`);
}
