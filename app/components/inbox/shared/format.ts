import { inboxPagesText } from '~/content/inbox-pages';

const ageText = inboxPagesText.age;

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

/** A tel: link: the number without spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

const dayFormat = new Intl.DateTimeFormat('da-DK', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar day as the filters carry it: '2026-12-03' → '3. dec. 2026' (anything else as it is). */
export function formatDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long ago something arrived, as a coordinator says it: 'lige nu', 'for 5 min siden',
 * 'for 2 t siden', 'for 1 dag siden', 'for 3 dage siden'; after four weeks the date itself.
 * A time in the future (a clock a little ahead) counts as now.
 */
export function formatAge(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const age = Math.max(0, now - time);
  if (age < minute) return ageText.now;
  if (age < hour) return ageText.minutes(Math.floor(age / minute));
  if (age < day) return ageText.hours(Math.floor(age / hour));
  const days = Math.floor(age / day);
  if (days < 28) return ageText.days(days);
  return dateFormat.format(new Date(time));
}

/** A stored number as people write it: '+4512345678' → '12 34 56 78'; others as stored. */
export function formatPhoneNumber(phone: string): string {
  const danish = /^\+45(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(phone.replace(/\s/g, ''));
  return danish ? danish.slice(1).join(' ') : phone;
}
