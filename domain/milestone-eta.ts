/**
 * The expected arrival a technician gives when setting off (`paa-vej`, "14:20"): Danish time on
 * the day they set off, or the next day when that time is already more than an hour past (set off
 * at 23:30 saying "00:15"). Resolved once when recorded and stored with the milestone (`etaAt`),
 * so every reader tells the same instant.
 */
import { localParts, zonedTime } from './zoned-time.ts';

/** How far past a clock time may be and still mean today (a late start, not tomorrow). */
const pastSlackMs = 60 * 60_000;

export function etaInstant(setOffAt: Date, eta: string): Date {
  const [hour, minute] = eta.split(':').map(Number) as [number, number];
  const p = localParts(setOffAt);
  const today = zonedTime(p.year, p.month, p.day, hour, minute);
  if (setOffAt.getTime() - today.getTime() <= pastSlackMs) return today;
  return zonedTime(p.year, p.month, p.day + 1, hour, minute);
}
