import { describe, expect, it } from 'vitest';
import { caseProgress, emergencyPromise } from '../../domain/case-steps.ts';
import { company } from '../../domain/company.ts';
import { formatClock } from '../../domain/zoned-time.ts';
import { nextText, pageText, promiseText } from './copy.ts';

// 02:00 UTC is 03.00 in Copenhagen in March (winter time).
const createdAt = new Date('2026-03-02T02:00:00Z');
const later = (seconds: number) => new Date(createdAt.getTime() + seconds * 1000);

/** Everything an emergency's page says of the call: the promise and "Det sker nu". */
function pageWords(calledBackAt: Date | null, now: Date, announcedCallbackMinutes: number | null = null) {
  const promise = emergencyPromise({ createdAt, calledBackAt, announcedCallbackMinutes }, now);
  const { current } = caseProgress({
    status: 'in-progress',
    calledBackAt,
    visitAt: null,
    workStartedAt: null,
  });
  return {
    heading: pageText.promiseHeading(promise.minutes),
    promise: promiseText(promise, formatClock),
    next: nextText({ current, kind: 'akut-skade', promise, visitAt: null }, formatClock),
  };
}

describe('the promise in words, in every state', () => {
  it('waiting: we call within the minutes, by the deadline, and "Det sker nu" says the same', () => {
    const words = pageWords(null, later(5 * 60));
    expect(words.heading).toBe('Vores løfte: et opkald inden for 15 minutter');
    expect(words.promise).toBe('Vi ringer til dig inden for 15 minutter – senest kl. 03.15.');
    expect(words.next).toContain('Vi ringer til dig senest kl. 03.15.');
  });

  it('kept: names the stamped call, in minutes rounded up', () => {
    const words = pageWords(later(6 * 60 + 1), later(3600));
    expect(words.promise).toBe('Løftet er holdt: vi ringede 7 minutter efter, at du skrev (kl. 03.06).');
    expect(words.next).not.toMatch(/Vi ringer til dig/);
  });

  it('late: 15 min 26 s reads 16 minutes, later than promised', () => {
    const words = pageWords(later(15 * 60 + 26), later(3600));
    expect(words.promise).toBe(
      'Vi ringede 16 minutter efter, at du skrev – senere end lovet (kl. 03.15). Det beklager vi.',
    );
    expect(words.promise).not.toContain('holdt');
  });

  it('missed: no promise of a call after the deadline; we have not reached you, call us', () => {
    const words = pageWords(null, later(16 * 60));
    expect(words.promise).toContain('Vi har ikke fået fat i dig endnu');
    expect(words.promise).toContain(`Ring til os på ${company.phoneDisplay}`);
    expect(`${words.promise} ${words.next}`).not.toMatch(/Vi ringer til dig|holdt|ringede/);
    expect(words.next).toContain(`ring til os på ${company.phoneDisplay}`);
  });

  it('holds to the time announced in surge, in the heading and the text', () => {
    const words = pageWords(null, later(30 * 60), 45);
    expect(words.heading).toBe('Vores løfte: et opkald inden for 45 minutter');
    expect(words.promise).toBe('Vi ringer til dig inden for 45 minutter – senest kl. 03.45.');
  });

  it('says "1 minut" for a call within the first minute', () => {
    expect(pageWords(later(20), later(3600)).promise).toContain('vi ringede 1 minut efter');
  });

  it('tells the agreed visit in "Det sker nu"', () => {
    expect(
      nextText(
        {
          current: 'visit-agreed',
          kind: 'anmeldelse',
          promise: null,
          visitAt: new Date('2026-12-03T09:00:00Z'),
        },
        formatClock,
      ),
    ).toContain('Vi kommer ud og ser på skaden torsdag 3. dec. kl. 10.');
  });
});
