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
    heading: pageText.promiseHeading(promise),
    promise: promiseText(promise, formatClock),
    next: nextText({ current, kind: 'akut-skade', pagesOnCall: true, promise, visitAt: null }, formatClock),
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

  it('missed: no promise of a call after the deadline; we have not called, you are in the queue, call us', () => {
    const words = pageWords(null, later(16 * 60));
    // Nobody tried: no words that say we did.
    expect(words.promise).toContain('Vi har ikke ringet endnu. Du står i køen.');
    expect(words.promise).not.toContain('fået fat');
    expect(words.promise).toContain(`Ring til os på ${company.phoneDisplay}`);
    expect(`${words.promise} ${words.next}`).not.toMatch(/Vi ringer til dig|holdt|ringede/);
    expect(words.next).toContain(`ring til os på ${company.phoneDisplay}`);
  });

  it("says a wait told in surge in the receipt's words, rounded the same way, as no promise", () => {
    // Told 90 minutes: the receipt said "ca. 1½ time".
    const words = pageWords(null, later(30 * 60), 90);
    expect(words.heading).toBe('Forventet ventetid på opkald: ca. 1½ time');
    expect(words.promise).toBe(
      'Vi har mange akutte henvendelser. Du står i køen: forventet ventetid ca. 1½ time fra kl. 03.00, da du skrev.',
    );
    expect(`${words.heading} ${words.promise} ${words.next}`).not.toMatch(/løfte|90 minutter|senest/);
    expect(words.next).toContain('Du står i køen');
  });

  it('after the wait told in surge: not called yet, in the queue, no promise broken', () => {
    const words = pageWords(null, later(91 * 60), 90);
    expect(words.promise).toBe(
      `Vi har ikke ringet endnu. Du står i køen. Det tager længere end de ca. 1½ time, vi regnede med – det beklager vi. Ring til os på ${company.phoneDisplay} – døgnet rundt.`,
    );
    expect(pageWords(later(80 * 60), later(400 * 60), 90).promise).toBe(
      'Vi ringede 80 minutter efter, at du skrev (kl. 04.20).',
    );
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
          pagesOnCall: false,
          promise: null,
          visitAt: new Date('2026-12-03T09:00:00Z'),
        },
        formatClock,
      ),
    ).toContain('Vi kommer ud og ser på skaden torsdag 3. dec. kl. 10.');
  });

  it('a report or contact: the computed deadline until we have written, then no promise of a first answer', () => {
    // Saturday: 24 weekday hours run out at the end of Monday.
    const dueAt = new Date('2026-11-30T23:00:00Z');
    const facts = (reply: { answered: boolean; overdue: boolean }) =>
      nextText(
        {
          current: 'received',
          kind: 'kontakt',
          pagesOnCall: false,
          promise: null,
          visitAt: null,
          reply: { ...reply, dueAt },
        },
        formatClock,
      );
    expect(facts({ answered: false, overdue: false })).toBe(
      'Vi vender tilbage senest mandag 30.11. kl. 24.00.',
    );
    const answered = facts({ answered: true, overdue: false });
    expect(answered).toContain('Vi har skrevet til dig');
    expect(answered).not.toMatch(/24 timer|senest/);
    expect(facts({ answered: false, overdue: true })).toContain(
      'Vi skulle have svaret dig senest mandag 30.11. kl. 24.00. Det beklager vi.',
    );
    expect(
      nextText(
        {
          current: 'received',
          kind: 'anmeldelse',
          pagesOnCall: false,
          promise: null,
          visitAt: null,
          reply: { answered: true, dueAt, overdue: false },
        },
        formatClock,
      ),
    ).not.toContain('inden for 24 timer');
  });
});
