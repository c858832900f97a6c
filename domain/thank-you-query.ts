/**
 * What /tak is told in its address beyond the reference, kind and repeated emergency: the callback
 * time an emergency was announced (surge mode, domain/surge.ts) and whether it is a water damage
 * (whose advice then comes first). The plain form's redirect writes it; the server's rendering of
 * /tak and the page in the browser read it. Anyone can type such an address, so the values are
 * only ever displayed, and only when they are ones we could have announced.
 */
import { normalCallbackMinutes, waterDamageTypes, type AnnouncedCallback } from './surge.ts';

export const thankYouQueryNames = {
  minutes: 'ventetid',
  surge: 'travlt',
  critical: 'kritisk',
  damageType: 'skade',
} as const;

/**
 * The longest wait /tak repeats (a day, as the surge count looks back a day). A longer or odd
 * value in the address falls back to the normal promise.
 */
export const maxShownCallbackMinutes = 24 * 60;

/** The ids of /tak's sections after the top one: the server drops or replaces them for a kind. */
export const thankYouTipsSectionId = 'mens-du-venter';
export const thankYouLinksSectionId = 'videre';

/**
 * Writes what an emergency was announced (and a water damage type) into /tak's query, when it
 * differs from the normal promise: a surge time, or first in line. Otherwise the address is as before.
 */
export function writeAnnouncedQuery(
  query: URLSearchParams,
  announced: AnnouncedCallback | null | undefined,
  damageType?: string,
): void {
  if (!announced || (!announced.inSurge && !announced.critical)) return;
  query.set(thankYouQueryNames.minutes, String(announced.minutes));
  if (announced.inSurge) query.set(thankYouQueryNames.surge, '1');
  if (announced.critical) query.set(thankYouQueryNames.critical, '1');
  if (damageType && waterDamageTypes.includes(damageType))
    query.set(thankYouQueryNames.damageType, damageType);
}

/**
 * The announced callback named by /tak's query, or undefined (the normal promise is shown) unless
 * the minutes are a whole number from 15 to a day and the flags are '1' or absent.
 */
export function readAnnouncedQuery(get: (name: string) => string | null | undefined): {
  announced?: AnnouncedCallback;
  waterDamage: boolean;
} {
  const waterDamage = waterDamageTypes.includes(get(thankYouQueryNames.damageType) ?? '');
  const minutesText = get(thankYouQueryNames.minutes) ?? '';
  const flag = (name: string): boolean | null => {
    const value = get(name);
    return value === '1' ? true : value === null || value === undefined ? false : null;
  };
  const inSurge = flag(thankYouQueryNames.surge);
  const critical = flag(thankYouQueryNames.critical);
  if (!/^\d{1,4}$/.test(minutesText) || inSurge === null || critical === null) return { waterDamage };
  const minutes = Number(minutesText);
  if (minutes < normalCallbackMinutes || minutes > maxShownCallbackMinutes) return { waterDamage };
  return { announced: { minutes, inSurge, critical }, waterDamage };
}
