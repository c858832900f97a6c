/**
 * What the on-call SMS say. Kept in GSM-7 (æ, ø and å are in it, server/sms/segments.ts); a page
 * is one part, name and address shortened to fit.
 */
import { damageTypeLabels, type DamageType } from '../../../domain/enums.ts';
import { formatPhone } from '../../../domain/phone.ts';
import type { LeadPriority } from '../../../domain/triage.ts';
import { formatClock } from '../../../domain/zoned-time.ts';
import { smsLength, toGsmText } from '../../sms/segments.ts';

/** How a page SMS names the priority (domain/triage.ts), in capitals after "AKUT". */
export const prioritySmsWords: Record<LeadPriority, string> = {
  kritisk: 'KRITISK',
  hoej: 'HØJ',
  normal: 'NORMAL',
};

export interface PageSmsInput {
  reference: string;
  /** From its triage answers; null for a lead whose form asks none (an urgent assignment): no word. */
  priority: LeadPriority | null;
  /** Who handed the case over, named after the reference (an assignment's insurer); null: nobody. */
  source?: string | null;
  /** The damage type's code (domain/enums.ts) or text. */
  damageType: string | undefined;
  name: string;
  phone: string | null;
  address: string | undefined;
  link: string;
  /** The last step: everybody in the chain gets it again. */
  everybody: boolean;
  /** Paged again because the person who took it never pressed "Ringet op": who, and when. */
  withdrawn?: { takenBy: string; takenAt: Date } | null;
}

function shorten(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, Math.max(length - 3, 1)).trimEnd()}...`;
}

/** How much of a visitor's name or address a page SMS carries. */
export const visitorTextMax = 40;

// Anything a phone would turn into a link: a scheme, "www.", or a host with a common top-level
// domain (with or without a path). Addresses keep their "st. tv." as they are written with spaces.
const urlLike =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\b[\w-]+(?:\.[\w-]+)*\.(?:dk|com|net|org|info|biz|eu|io|app|link|xyz|site|online|click|top|me|ly|co|se|no|de|nu|uk|ru|cn)\b(?:\/\S*)?/gi;
// Our SMS's own words for the link: a visitor who writes them could pass their link off as ours.
const ourWords = /tag\s*den\s*:?/gi;

/**
 * A visitor's name or address as a page SMS may carry it: without anything link-like and without
 * our link's words, so the only link the person on call can tap is ours; cut to 40 characters.
 */
export function visitorSmsText(text: string): string {
  const cleaned = text.replace(urlLike, ' ').replace(ourWords, ' ').replace(/\s+/g, ' ').trim();
  return shorten(cleaned, visitorTextMax) || '-';
}

/** A page SMS is one part: a second part can arrive later or alone, and the first must say it all. */
export const maxPageSmsUnits = 160;

/** Name and address are never cut below this (with "..."): enough to recognise a caller. */
const visitorTextMin = 6;

/**
 * AKUT KRITISK SK-7F3K2Q: Vandskade
 * Tag den: https://…/v/…
 * Jens Hansen, tlf. 12 34 56 78
 * Vestergade 12, 8000 Aarhus C
 *
 * An urgent assignment names its insurer and no priority (it answered no triage questions):
 * 'AKUT RK-7F3K2Q Tryg: Vandskade'. Never its access details (key, door code): those are for the
 * lead's page behind the link.
 *
 * Paged again after a take nobody called back on, the first line says so instead of the damage:
 * 'AKUT KRITISK SK-7F3K2Q: taget af Bo kl. 21.42, ikke ringet op'.
 *
 * Our words and our link come first, before anything the visitor wrote (visitorSmsText). One
 * GSM-7 part (160 units): the longer of name and address is cut until it fits.
 */
export function pageSmsText(input: PageSmsInput): string {
  // With an insurer named (and no priority word) the damage gives up a little room to keep one part.
  const damage = shorten(
    damageTypeLabels[input.damageType as DamageType] ?? input.damageType ?? 'ukendt skade',
    input.source ? 15 : 20,
  );
  // A re-page says why instead of the damage (the page behind the link has it), and that already
  // tells nobody called, so it leaves out "(ingen har svaret)": one part either way.
  const akut = input.priority ? `AKUT ${prioritySmsWords[input.priority]}` : 'AKUT';
  // The insurer's name is one of the forms' list, never typed by a visitor: kept short all the
  // same. A re-page leaves it out with the damage.
  const reference = input.source ? `${input.reference} ${shorten(input.source, 13)}` : input.reference;
  const head = input.withdrawn
    ? `${akut} ${input.reference}: taget af ${shorten(input.withdrawn.takenBy.trim().split(/\s+/)[0] ?? '', 10)} kl. ${formatClock(input.withdrawn.takenAt)}, ikke ringet op`
    : `${akut}${input.everybody ? ' (ingen har svaret)' : ''} ${reference}: ${damage}`;
  const phone = input.phone ? `, tlf. ${formatPhone(input.phone)}` : '';
  const build = (name: string, address: string) =>
    toGsmText(`${head}\nTag den: ${input.link}\n${name}${phone}\n${address}`);
  let name = visitorSmsText(input.name);
  let address = input.address ? visitorSmsText(input.address) : 'Ingen adresse';
  let text = build(name, address);
  for (
    let over = smsLength(text).units - maxPageSmsUnits;
    over > 0 && (name.length > visitorTextMin || address.length > visitorTextMin);
    over = smsLength(text).units - maxPageSmsUnits
  ) {
    if (address.length >= name.length)
      address = shorten(address, Math.max(visitorTextMin, address.length - over));
    else name = shorten(name, Math.max(visitorTextMin, name.length - over));
    text = build(name, address);
  }
  return text;
}

/** 'SK-7F3K2Q er taget af Anna Holm.' */
export function takenSmsText(reference: string, takenBy: string): string {
  return toGsmText(`${reference} er taget af ${shorten(takenBy.trim(), 60)}.`);
}

/**
 * 'Påmindelse: SK-7F3K2Q er ikke meldt ringet op. Ring til kunden, og tryk Ringet op: https://…/vagt/…'
 * to the person who took the emergency (server/oncall/paging/callback-watch.ts).
 */
export function reminderSmsText(reference: string, link: string): string {
  return toGsmText(
    `Påmindelse: ${reference} er ikke meldt ringet op. Ring til kunden, og tryk Ringet op: ${link}`,
  );
}

/** The weekly test of the SMS path (server/oncall/paging/test-page.ts). */
export const testPageSmsText = 'Test af vagttelefonen: svar ikke. Alt virker.';

export interface DigestSmsInput {
  /** Waiting emergencies that came in after the person's last page SMS (server/oncall/surge/queue-counts.ts). */
  fresh: number;
  /** All waiting emergencies. */
  waiting: number;
  critical: number;
  /** Of them, with weak spam reasons only (domain/spam.ts). */
  possibleSpam: number;
  /** Minutes since the oldest of them came in. */
  oldestMinutes: number;
  /** The last step: nobody before acknowledged some of them. */
  everybody: boolean;
  /** The site is in surge and everybody on call is woken (server/oncall/paging/all-hands.ts). */
  allHands: boolean;
  /** The on-call queue page. */
  link: string;
}

const plural = (n: number, one: string, more: string) => `${n} ${n === 1 ? one : more}`;

/**
 * 'AKUT: 3 nye, 34 venter – 6 kritiske. Ældste 12 min. Se listen: https://…/v/…' (the dash made
 * plain for GSM-7); "1 mulig spam." before "Ældste" when some are suspect. In surge it says why
 * the person is woken: 'Travlt: 120 venter, alle på vagt er kaldt ind. 3 nye – 6 kritiske. …'.
 * Within two SMS for any counts and a public URL up to about 120 characters.
 */
export function digestSmsText(input: DigestSmsInput): string {
  const fresh = plural(input.fresh, 'ny', 'nye');
  const critical = plural(input.critical, 'kritisk', 'kritiske');
  const head = input.allHands
    ? `Travlt: ${input.waiting} venter, alle på vagt er kaldt ind. ${fresh}`
    : `AKUT${input.everybody ? ' (ingen har svaret)' : ''}: ${fresh}, ${input.waiting} venter`;
  const spam = input.possibleSpam > 0 ? ` ${input.possibleSpam} mulig spam.` : '';
  return toGsmText(
    `${head} – ${critical}.${spam} Ældste ${input.oldestMinutes} min. Se listen: ${input.link}`,
  );
}

/**
 * The reserve call (server/oncall/paging/all-hands.ts): 'Kan du hjælpe? Travlt: 120 venter, ventetid
 * ca. 3 timer. Åbn listen og tag en: https://…/v/…'. The SMS comes from a name, so it cannot be
 * answered: the list is the way in.
 */
export function reserveSmsText(input: { waiting: number; wait: string; link: string }): string {
  // "½" is not in GSM-7: "ca. 1,5 time".
  const wait = input.wait.replace('½', ',5');
  return toGsmText(
    `Kan du hjælpe? Travlt: ${input.waiting} venter, ventetid ${wait}. Åbn listen og tag en: ${input.link}`,
  );
}
