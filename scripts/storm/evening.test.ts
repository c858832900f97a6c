import { describe, expect, it } from 'vitest';
import { addressKey } from '../../domain/duplicate-leads.ts';
import { emergencyLeadSchema } from '../../domain/emergency.ts';
import { normalisePhone } from '../../domain/phone.ts';
import { seededRandom } from '../chaos/seeded-random.mjs';
import { arrivalTimes, emergencyBody, senders } from './evening.mjs';

describe('the storm evening', () => {
  it('spreads the arrivals over the evening, in order, with bursts denser than the steady stream', () => {
    const { random } = seededRandom(42);
    const durationMs = 60 * 60_000;
    const times = arrivalTimes({ count: 1000, durationMs, random });
    expect(times).toHaveLength(1000);
    expect(times.every((t, i) => t >= 0 && t <= durationMs && (i === 0 || t >= times[i - 1]!))).toBe(true);
    // The busiest minute has far more than the evening's average of about 17.
    const perMinute = new Map<number, number>();
    for (const t of times)
      perMinute.set(Math.floor(t / 60_000), (perMinute.get(Math.floor(t / 60_000)) ?? 0) + 1);
    expect(Math.max(...perMinute.values())).toBeGreaterThan(40);
  });

  it('draws people the emergency form accepts, with the triage shares and a few repeats', () => {
    const { random } = seededRandom(7);
    const list = senders({ count: 2000, random });
    for (const sender of list) {
      const parsed = emergencyLeadSchema.safeParse(emergencyBody(sender, 'token'));
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    const firsts = list.filter((sender) => sender.duplicateOf === undefined);
    const repeats = list.filter((sender) => sender.duplicateOf !== undefined);
    expect(new Set(firsts.map((sender) => normalisePhone(sender.phone))).size).toBe(firsts.length);
    expect(new Set(firsts.map((sender) => sender.ip)).size).toBe(firsts.length);
    // The server would take a second sender from the same address for a repeat and not page it.
    expect(new Set(firsts.map((sender) => addressKey(sender.address))).size).toBe(firsts.length);
    for (const repeat of repeats) expect(repeat.phone).toBe(list[repeat.duplicateOf!]!.phone);
    const share = (n: number) => n / list.length;
    expect(share(repeats.length)).toBeGreaterThan(0.015);
    expect(share(repeats.length)).toBeLessThan(0.05);
    expect(share(list.filter((s) => s.triage.personfare === 'ja').length)).toBeCloseTo(0.1, 1);
    expect(share(list.filter((s) => s.priority === 'hoej').length)).toBeCloseTo(0.25, 1);
    expect(share(list.filter((s) => s.tooFast).length)).toBeGreaterThan(0.01);
  });
});
