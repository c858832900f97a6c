import { describe, expect, it } from 'vitest';
import {
  caseProgress,
  caseStepLabels,
  emergencyPromise,
  formatVisitTime,
  visitText,
  type CaseFacts,
} from './case-steps.ts';

const at = new Date('2026-12-02T10:05:00Z');
const none: CaseFacts = { status: 'new', calledBackAt: null, visitAt: null, workStartedAt: null };

/** The steps ticked, by their Danish names, and where the case stands. */
function shown(facts: Partial<CaseFacts>) {
  const progress = caseProgress({ ...none, ...facts });
  return {
    ticked: progress.steps.filter((entry) => entry.done).map((entry) => caseStepLabels[entry.step]),
    current: caseStepLabels[progress.current],
  };
}

describe('the customer steps of a case, from recorded facts only', () => {
  it('reads "Modtaget" alone for a new lead with nothing recorded', () => {
    expect(shown({})).toEqual({ ticked: ['Modtaget'], current: 'Modtaget' });
  });

  it('ticks nothing more for an acknowledged emergency nobody called (status moved by "Jeg tager den")', () => {
    // The acknowledgement sets the inbox status "I gang" but records no call and no work started.
    expect(shown({ status: 'in-progress' })).toEqual({ ticked: ['Modtaget'], current: 'Modtaget' });
  });

  it('ticks "Vi har ringet" for a callback stamp, acknowledged or not', () => {
    expect(shown({ calledBackAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet'],
      current: 'Vi har ringet',
    });
    expect(shown({ status: 'in-progress', calledBackAt: at.toISOString() })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet'],
      current: 'Vi har ringet',
    });
  });

  it('ticks "Besigtigelse aftalt" for a recorded visit, and leaves an unstamped call unticked below it', () => {
    expect(shown({ visitAt: at })).toEqual({
      ticked: ['Modtaget', 'Besigtigelse aftalt'],
      current: 'Besigtigelse aftalt',
    });
    expect(shown({ calledBackAt: at, visitAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet', 'Besigtigelse aftalt'],
      current: 'Besigtigelse aftalt',
    });
  });

  it('ticks "I gang" only when staff set it, and every step when all is recorded', () => {
    expect(shown({ status: 'in-progress', calledBackAt: at, workStartedAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet', 'I gang'],
      current: 'I gang',
    });
    expect(shown({ status: 'done', calledBackAt: at, visitAt: at, workStartedAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet', 'Besigtigelse aftalt', 'I gang', 'Afsluttet'],
      current: 'Afsluttet',
    });
  });

  it('ticks "I gang" for work recorded at the customer\'s (a milestone on site), not for "på vej" alone', () => {
    expect(shown({ status: 'in-progress', calledBackAt: at, onSiteAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet', 'I gang'],
      current: 'I gang',
    });
    expect(shown({ status: 'spam', onSiteAt: at })).toEqual({ ticked: ['Modtaget'], current: 'Modtaget' });
  });

  it('closes a case done without a visit, and takes a contact lead straight from "Modtaget" to "Afsluttet"', () => {
    expect(shown({ status: 'done', calledBackAt: at, workStartedAt: at })).toEqual({
      ticked: ['Modtaget', 'Vi har ringet', 'I gang', 'Afsluttet'],
      current: 'Afsluttet',
    });
    const contact = caseProgress({ ...none, status: 'done' });
    expect(contact.steps).toEqual([
      { step: 'received', done: true },
      { step: 'called', done: false },
      { step: 'visit-agreed', done: false },
      { step: 'in-progress', done: false },
      { step: 'done', done: true },
    ]);
    expect(contact.current).toBe('done');
  });

  it('shows a lead filed as spam as "Modtaget" whatever is recorded, and never says spam', () => {
    expect(shown({ status: 'spam', calledBackAt: at, visitAt: at, workStartedAt: at })).toEqual({
      ticked: ['Modtaget'],
      current: 'Modtaget',
    });
    expect(Object.values(caseStepLabels).join(' ')).not.toMatch(/spam/i);
  });

  it('names the visit in Danish time, with minutes only when there are any', () => {
    // 3 December 2026 is a Thursday; 09:00 UTC is 10:00 in Copenhagen (winter time).
    expect(visitText(new Date('2026-12-03T09:00:00Z'))).toBe('Besigtigelse torsdag 3. dec. kl. 10');
    // Summer time: 12:30 UTC is 14:30.
    expect(formatVisitTime(new Date('2026-05-04T12:30:00Z'))).toBe('mandag 4. maj kl. 14.30');
  });
});

describe('the emergency promise, by the stamped call only', () => {
  const createdAt = new Date('2026-03-02T02:00:00Z');
  const later = (seconds: number) => new Date(createdAt.getTime() + seconds * 1000);

  it('is kept by a callback within 15 minutes, counted in minutes rounded up', () => {
    expect(emergencyPromise({ createdAt, calledBackAt: later(8 * 60 + 10) }, later(3600))).toEqual({
      state: 'kept',
      minutes: 15,
      estimate: false,
      at: later(8 * 60 + 10),
      after: 9,
    });
    expect(emergencyPromise({ createdAt, calledBackAt: later(15 * 60) }, later(3600))).toMatchObject({
      state: 'kept',
      after: 15,
    });
  });

  it('is late after 15 min 26 s: 16 minutes, never rounded down to 15', () => {
    expect(emergencyPromise({ createdAt, calledBackAt: later(15 * 60 + 26) }, later(3600))).toMatchObject({
      state: 'late',
      minutes: 15,
      after: 16,
    });
  });

  it('does not count an acknowledgement: without a stamp it is waiting, then missed', () => {
    expect(emergencyPromise({ createdAt, calledBackAt: null }, later(10 * 60))).toEqual({
      state: 'waiting',
      minutes: 15,
      estimate: false,
      deadline: later(15 * 60),
    });
    expect(emergencyPromise({ createdAt, calledBackAt: null }, later(15 * 60 + 1))).toEqual({
      state: 'missed',
      minutes: 15,
      estimate: false,
      deadline: later(15 * 60),
    });
  });

  it('holds to the callback time announced when the lead came in (surge)', () => {
    const lead = { createdAt, announcedCallbackMinutes: 40 };
    expect(emergencyPromise({ ...lead, calledBackAt: null }, later(30 * 60))).toMatchObject({
      state: 'waiting',
      minutes: 40,
      // Told as an expected wait in surge, not a promise.
      estimate: true,
      deadline: later(40 * 60),
    });
    expect(emergencyPromise({ ...lead, calledBackAt: later(35 * 60) }, later(3600))).toMatchObject({
      state: 'kept',
      after: 35,
    });
    expect(emergencyPromise({ ...lead, calledBackAt: null }, later(41 * 60))).toMatchObject({
      state: 'missed',
    });
  });
});
