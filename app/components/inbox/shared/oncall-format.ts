/**
 * Times of the rota and the Beredskab figures as Danish staff read them, in Danish time whatever
 * the device's own time zone: 'fre 5. jun. 16:00', '4 min 30 s', 'juni 2026'.
 */
import { monthNames, monthShort, weekdayShort } from '~/content/inbox-oncall';

const timeZone = 'Europe/Copenhagen';
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});
const englishWeekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock parts of an instant in Danish time. */
export function copenhagenParts(date: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: englishWeekdays.indexOf(parts.weekday ?? ''),
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/** '2026-06-05T14:00:00Z' → 'fre 5. jun. 16:00' */
export function formatSlot(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p = copenhagenParts(date);
  return `${weekdayShort[p.weekday]} ${p.day}. ${monthShort[p.month - 1]} ${two(p.hour)}:${two(p.minute)}`;
}

/** A period: 'fre 5. jun. 16:00 – man 8. jun. 08:00'. */
export function formatSlotRange(from: string, to: string): string {
  return `${formatSlot(from)} – ${formatSlot(to)}`;
}

/** The value of <input type="datetime-local"> for an instant, in Danish time. */
export function toLocalInput(date: Date): string {
  const p = copenhagenParts(date);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * A Danish wall-clock time ('2026-06-05T16:00', as <input type="datetime-local"> gives it) as an
 * ISO instant; null when it is not such a time.
 */
export function fromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(wall)) return null;
  // The offset of Danish time at that moment (1 or 2 hours), found by looking at the guess.
  const offset = (at: number) => {
    const p = copenhagenParts(new Date(at));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - at;
  };
  let at = wall - offset(wall);
  at = wall - offset(at);
  return new Date(at).toISOString();
}

/** 'YYYY-MM' → 'juni 2026' */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return `${monthNames[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** The month and the `count − 1` months before it, newest first ('YYYY-MM'). */
export function monthsBefore(month: string, count: number): string[] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, index - 1 - back, 1));
    return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}`;
  });
}

/** Seconds as a duration: 45 → '45 s', 270 → '4 min 30 s', 3900 → '1 t 5 min'. */
export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) {
    const rest = whole % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} t ${rest} min` : `${Math.floor(minutes / 60)} t`;
}

const percent = new Intl.NumberFormat('da-DK', { style: 'percent', maximumFractionDigits: 0 });

/** 0.875 → '88 %' */
export function formatShare(share: number | null): string | null {
  return share === null ? null : percent.format(share);
}
