/**
 * Dates and sizes as Danish staff read them. Times are Danish time whatever the device's own
 * time zone: the company works in Denmark.
 */
const timeZone = 'Europe/Copenhagen';
const dateFormat = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone,
});
const timeFormat = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone });
const numberFormat = new Intl.NumberFormat('da-DK', { maximumFractionDigits: 1 });

/** '2026-12-03T09:15:00Z' → '3. dec. 2026 kl. 10.15' */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${dateFormat.format(date)} kl. ${timeFormat.format(date)}`;
}

/** A machine-readable value for <time dateTime>. */
export function isoDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString();
}

/** 1536000 → '1,5 MB' */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${numberFormat.format(bytes / 1000)} kB`;
  return `${numberFormat.format(bytes / 1_000_000)} MB`;
}

/** A mailto: link with a subject. */
export function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** A tel: link: the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
