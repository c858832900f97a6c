/**
 * Wall-clock time in Europe/Copenhagen without a time-zone library: Intl gives the local parts
 * of an instant, and an instant is found from local parts by correcting a guess twice (enough
 * across a daylight-saving change). Weekdays count from Monday = 0.
 */
export const timeZone = 'Europe/Copenhagen';

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday */
  weekday: number;
}

export function localParts(date: Date): LocalParts {
  const values: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = values;
  return { year, month, day, hour, minute, second, weekday: weekdayOf(year, month, day) };
}

/** 0 = Monday … 6 = Sunday, for a calendar date. */
export function weekdayOf(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

function offsetMs(instant: number): number {
  const p = localParts(new Date(instant));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which Copenhagen's clocks show the given local time. Day overflow is allowed
 * (day 32 is the 1st of the next month). A time skipped by the spring change lands an hour later.
 */
export function zonedTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - offsetMs(wall);
  instant = wall - offsetMs(instant);
  return new Date(instant);
}

export const weekdayShortNames = ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'] as const;

const displayFormat = new Intl.DateTimeFormat('da-DK', {
  timeZone,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'man. 6. jan. kl. 08.00' */
export function formatLocal(date: Date): string {
  return displayFormat.format(date);
}

const clockFormat = new Intl.DateTimeFormat('da-DK', { timeZone, hour: '2-digit', minute: '2-digit' });

/** '03.12' */
export function formatClock(date: Date): string {
  return clockFormat.format(date);
}

/** Midnight at the start of a Danish calendar day, as an instant. */
export function copenhagenMidnight(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset of Danish time from UTC on that day (1 or 2 hours).
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(utcMidnight));
  const offsetHours = Number(parts.find((part) => part.type === 'hour')?.value ?? 0);
  return new Date(utcMidnight - offsetHours * 60 * 60_000);
}
