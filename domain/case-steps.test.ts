import { describe, expect, it } from 'vitest';
import { customerCaseStep, emergencyPromise, caseStepLabels, statusCaseStep } from './case-steps.ts';
import { leadStatuses, type LeadStatus } from './lead.ts';

const called = new Date('2026-03-02T10:05:00Z');

describe('the customer step of a case', () => {
  // Every internal status, with and without a call and the customer mark.
  const expected: Record<LeadStatus, [plain: string, calledBack: string, customer: string]> = {
    new: ['Modtaget', 'Vi har ringet', 'Besigtigelse aftalt'],
    'in-progress': ['I gang', 'I gang', 'I gang'],
    done: ['Afsluttet', 'Afsluttet', 'Afsluttet'],
    spam: ['Modtaget', 'Modtaget', 'Modtaget'],
  };

  it.each(leadStatuses)('maps the internal status "%s" to a customer step', (status) => {
    const [plain, calledBack, customer] = expected[status];
    const step = (facts: { isCustomer?: boolean; calledBackAt?: Date | null }) =>
      caseStepLabels[customerCaseStep({ status, isCustomer: false, calledBackAt: null, ...facts })];
    expect(step({})).toBe(plain);
    expect(step({ calledBackAt: called })).toBe(calledBack);
    expect(step({ isCustomer: true, calledBackAt: called })).toBe(customer);
  });

  it('has a step for every internal status and never says spam', () => {
    expect(Object.keys(statusCaseStep).sort()).toEqual([...leadStatuses].sort());
    expect(Object.values(caseStepLabels).join(' ')).not.toMatch(/spam/i);
  });
});

describe('the emergency promise on the case page', () => {
  const createdAt = new Date('2026-03-02T02:00:00Z');
  const minutes = (n: number) => new Date(createdAt.getTime() + n * 60_000);

  it('is kept by a callback within 15 minutes, late after', () => {
    expect(
      emergencyPromise({ createdAt, calledBackAt: minutes(9), acknowledgedAt: null }, minutes(60)),
    ).toEqual({ state: 'kept', at: minutes(9), minutes: 9 });
    expect(
      emergencyPromise({ createdAt, calledBackAt: minutes(22), acknowledgedAt: minutes(3) }, minutes(60)),
    ).toMatchObject({ state: 'late', minutes: 22 });
  });

  it('counts the on-call acknowledgement when no callback is stamped', () => {
    expect(
      emergencyPromise({ createdAt, calledBackAt: null, acknowledgedAt: minutes(4) }, minutes(60)),
    ).toMatchObject({ state: 'kept', minutes: 4 });
  });

  it('is still running before the deadline and missed after it without a call', () => {
    expect(emergencyPromise({ createdAt, calledBackAt: null, acknowledgedAt: null }, minutes(10))).toEqual({
      state: 'waiting',
      deadline: minutes(15),
    });
    expect(emergencyPromise({ createdAt, calledBackAt: null, acknowledgedAt: null }, minutes(16))).toEqual({
      state: 'missed',
    });
  });
});
