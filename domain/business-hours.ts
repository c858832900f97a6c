/**
 * Weekday hours in Copenhagen: the clock of the promise "svar inden for 24 timer på hverdage".
 * A working day is Monday to Friday, unless it is a Danish public holiday; it counts whole (00:00
 * to 24:00), so 24 weekday hours end at the same clock time on the next working day. Holidays are
 * computed (Easter by the anonymous Gregorian algorithm), not listed. Why these days and what
 * happens to a lead arriving on a weekend: docs/decisions/first-response-deadlines.md.
 */
import { localParts, weekdayOf, zonedTime } from './zoned-time.ts';

/** The last year with store bededag: the Folketing abolished it as a holiday from 2024. */
export const lastYearWithStoreBededag = 2023;

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** 'YYYY-MM-DD' of a calendar date, with day overflow allowed (day 32 of March is 1 April). */
function dayKey(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The Danish public holidays of a year ('YYYY-MM-DD' → name). */
export function danishHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const fromEaster = (days: number) => dayKey(year, easter.month, easter.day + days);
  const holidays: Array<[string, string]> = [
    [dayKey(year, 1, 1), 'Nytårsdag'],
    [fromEaster(-3), 'Skærtorsdag'],
    [fromEaster(-2), 'Langfredag'],
    [fromEaster(0), 'Påskedag'],
    [fromEaster(1), '2. påskedag'],
    ...(year <= lastYearWithStoreBededag ? [[fromEaster(26), 'Store bededag'] as [string, string]] : []),
    [fromEaster(39), 'Kristi himmelfartsdag'],
    [fromEaster(49), 'Pinsedag'],
    [fromEaster(50), '2. pinsedag'],
    [dayKey(year, 12, 25), 'Juledag'],
    [dayKey(year, 12, 26), '2. juledag'],
  ];
  return new Map(holidays);
}

const holidaysByYear = new Map<number, Map<string, string>>();

/** True for Monday–Friday that is not a Danish public holiday. */
export function isWorkingDay(year: number, month: number, day: number): boolean {
  if (weekdayOf(year, month, day) >= 5) return false;
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = danishHolidays(year);
    holidaysByYear.set(year, holidays);
  }
  return !holidays.has(dayKey(year, month, day));
}

const msPerDay = 24 * 3_600_000;

/** The calendar day after a given one. */
function nextDay(date: { year: number; month: number; day: number }) {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/**
 * The instant `hours` weekday hours after `start`, in Copenhagen wall-clock time. Time on
 * weekends and holidays does not count: a start on one begins counting at the next working day's
 * 00:00 (Saturday 10:00 + 24 → Monday 24:00, i.e. Tuesday 00:00). Clocks change on Sundays, so
 * every counted day has 24 hours.
 */
export function addWeekdayHours(start: Date, hours: number): Date {
  if (!(hours >= 0) || !Number.isFinite(hours)) throw new RangeError(`not a number of hours: ${hours}`);
  const p = localParts(start);
  let date = { year: p.year, month: p.month, day: p.day };
  // Where in its day the count stands, in milliseconds of wall-clock time.
  let position = ((p.hour * 60 + p.minute) * 60 + p.second) * 1000 + (start.getTime() % 1000);
  let remaining = Math.round(hours * 3_600_000);
  // At most a few weeks of holidays and weekends in a row; bounded for any input all the same.
  for (let guard = 0; guard < 100_000; guard += 1) {
    if (isWorkingDay(date.year, date.month, date.day)) {
      const left = msPerDay - position;
      if (remaining <= left) {
        const end = position + remaining;
        const at = zonedTime(date.year, date.month, date.day, 0, Math.floor(end / 60_000));
        return new Date(at.getTime() + (end % 60_000));
      }
      remaining -= left;
    }
    date = nextDay(date);
    position = 0;
  }
  throw new RangeError('too many weekday hours');
}

/** The company's opening hours on a working day, Copenhagen wall-clock time (domain/company.ts shows them). */
export const openingHours = { opens: 8, closes: 17 } as const;

/**
 * The instant `hours` business hours after `start`: only time within the opening hours of a
 * working day counts (Friday 15:00 + 4 → Monday 10:00). A start before opening, after closing or
 * on a day off begins counting at the next opening; a count that ends exactly at closing ends
 * there, not at the next opening. Wall-clock times, so a change of summer time moves nothing.
 */
export function addBusinessHours(start: Date, hours: number): Date {
  if (!(hours >= 0) || !Number.isFinite(hours)) throw new RangeError(`not a number of hours: ${hours}`);
  const opens = openingHours.opens * 3_600_000;
  const closes = openingHours.closes * 3_600_000;
  const p = localParts(start);
  let date = { year: p.year, month: p.month, day: p.day };
  let position = ((p.hour * 60 + p.minute) * 60 + p.second) * 1000 + (start.getTime() % 1000);
  let remaining = Math.round(hours * 3_600_000);
  for (let guard = 0; guard < 100_000; guard += 1) {
    if (isWorkingDay(date.year, date.month, date.day) && position < closes) {
      const from = Math.max(position, opens);
      if (remaining <= closes - from) {
        const end = from + remaining;
        const at = zonedTime(date.year, date.month, date.day, 0, Math.floor(end / 60_000));
        return new Date(at.getTime() + (end % 60_000));
      }
      remaining -= closes - from;
    }
    date = nextDay(date);
    position = 0;
  }
  throw new RangeError('too many business hours');
}
