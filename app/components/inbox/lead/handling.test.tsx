import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeEvent } from './handling';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import type { StaffPerson, TimelineAnswer } from '../../../../domain/staff-api/oncall';
import { renderLeadPage } from '../../../../tests/support/inbox-pages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = '22222222-2222-4222-8222-222222222222';
const anna = { id: 'u-anna', name: 'Anna Holm' };
const bo = { id: 'u-bo', name: 'Bo Jensen' };
const staff: StaffPerson[] = [
  { ...anna, email: 'anna@example.dk', phone: '+4521111111', disabled: false },
  { ...bo, email: 'bo@example.dk', phone: '+4522222222', disabled: false },
];

const pagedTimeline: TimelineAnswer['events'] = [
  { kind: 'received', at: '2026-12-03T09:15:00.000Z' },
  { kind: 'paged', at: '2026-12-03T09:15:05.000Z', person: bo, step: 0 },
  { kind: 'acknowledged', at: '2026-12-03T09:17:00.000Z', person: bo },
  { kind: 'assigned', at: '2026-12-03T09:17:00.000Z', by: bo, to: bo },
  { kind: 'status-changed', at: '2026-12-03T09:17:00.000Z', by: bo, from: 'new', to: 'in-progress' },
];

function renderHandling(calledBack: boolean) {
  let events = pagedTimeline;
  const calls = stubStaffApi((call) => {
    if (call.url === `/api/staff/leads/${id}`)
      return json({
        lead: detail({
          status: 'in-progress',
          assignedTo: bo,
          acknowledgedAt: '2026-12-03T09:17:00.000Z',
          acknowledgedBy: bo,
        }),
      });
    if (call.url === `/api/staff/leads/${id}/timeline`) return json({ events });
    if (call.url === '/api/staff/oncall/rota') return json({ staff });
    if (call.url === `/api/staff/leads/${id}/called-back` && calledBack) {
      events = [...pagedTimeline, { kind: 'called-back', at: '2026-12-03T09:20:00.000Z', person: anna }];
      return json({ assignedTo: bo.id, calledBackAt: '2026-12-03T09:20:00.000Z', calledBackBy: anna.id });
    }
    if (call.url === `/api/staff/leads/${id}/assignee`)
      return json({
        assignedTo: (call.body as { assignee: string | null }).assignee,
        calledBackAt: null,
        calledBackBy: null,
      });
    return json({ message: 'Kaldet mislykkedes.' }, 500);
  });
  renderLeadPage(id);
  return calls;
}

describe("a lead's on-call handling", () => {
  it('tells who agreed the visit time and when it is, who took it away, and who started the work', () => {
    const at = '2026-12-03T09:30:00.000Z';
    expect(describeEvent({ kind: 'visit-set', at, by: anna, visitAt: '2026-12-03T09:00:00.000Z' })).toBe(
      'Besigtigelse aftalt til 3. dec. 2026 kl. 10.00 af Anna Holm',
    );
    expect(describeEvent({ kind: 'visit-set', at, by: bo, visitAt: null })).toBe(
      'Besigtigelsestiden fjernet af Bo Jensen',
    );
    expect(describeEvent({ kind: 'work-started', at, by: anna })).toBe(
      'Arbejdet sat i gang (I gang) af Anna Holm',
    );
    expect(describeEvent({ kind: 'work-started', at, by: null })).toBe(
      'Arbejdet sat i gang (I gang) af en tidligere medarbejder',
    );
  });

  it('tells each milestone with who recorded it, and who withdrew one', () => {
    const at = '2026-12-03T14:05:00.000Z';
    expect(describeEvent({ kind: 'milestone', at, by: anna, milestone: 'skadestop' })).toBe(
      'Skadestop (registreret af Anna Holm)',
    );
    expect(describeEvent({ kind: 'milestone-withdrawn', at, by: bo, milestone: 'paa-adressen' })).toBe(
      'På adressen trukket tilbage af Bo Jensen',
    );
  });

  it('tells the night: the digest SMS, the reminder, a take withdrawn and the page sent again', () => {
    const at = '2026-12-03T20:42:00.000Z';
    expect(describeEvent({ kind: 'in-digest', at, person: anna, step: 0 })).toBe(
      'Med i en samlet SMS til Anna Holm (trin 1)',
    );
    expect(describeEvent({ kind: 'in-digest', at, person: bo, step: 1, again: true })).toBe(
      'Med i en samlet SMS til Bo Jensen (trin 2, sendt igen)',
    );
    expect(describeEvent({ kind: 'reminded', at, person: bo })).toBe(
      'Påmindelse om at ringe sendt til Bo Jensen',
    );
    expect(
      describeEvent({ kind: 'ack-withdrawn', at, person: bo, takenAt: '2026-12-03T20:42:00.000Z' }),
    ).toBe('Taget af Bo Jensen kl. 21.42, men ikke ringet op: sendt til vagten igen');
    expect(describeEvent({ kind: 'paged', at, person: anna, step: 0, again: true })).toBe(
      'SMS sendt igen til Anna Holm (trin 1)',
    );
  });

  it('shows the timeline as an ordered list with Danish times, and who took the page', async () => {
    renderHandling(true);
    const section = await screen.findByRole('region', { name: 'Vagt og opkald' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '3. dec. 2026 kl. 10.15Modtaget',
      '3. dec. 2026 kl. 10.15SMS sendt til Bo Jensen (trin 1)',
      '3. dec. 2026 kl. 10.17Taget af Bo Jensen',
      '3. dec. 2026 kl. 10.17Tildelt Bo Jensen af Bo Jensen',
      '3. dec. 2026 kl. 10.17Status ændret fra Ny til I gang af Bo Jensen',
    ]);
    expect(within(section).getByText('Taget af Bo Jensen 3. dec. 2026 kl. 10.17.')).toBeTruthy();
    expect((within(section).getByLabelText('Tildelt') as HTMLSelectElement).value).toBe(bo.id);
  });

  it('stamps "Ringet op" with who and when, and adds it to the timeline', async () => {
    const calls = renderHandling(true);
    const section = await screen.findByRole('region', { name: 'Vagt og opkald' });
    fireEvent.click(within(section).getByRole('button', { name: 'Ringet op' }));
    expect(await within(section).findByText('Ringet op af Anna Holm 3. dec. 2026 kl. 10.20.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Ringet op' })).toBeNull();
    expect(await within(section).findByText('Ringet op af Anna Holm')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.url).toBe(`/api/staff/leads/${id}/called-back`);
    // No second load of the lead: that would log a false "viewed".
    expect(calls.filter((call) => call.url === `/api/staff/leads/${id}`)).toHaveLength(1);
  });

  it('assigns the lead to someone else, or to nobody', async () => {
    const calls = renderHandling(false);
    const section = await screen.findByRole('region', { name: 'Vagt og opkald' });
    fireEvent.change(within(section).getByLabelText('Tildelt'), { target: { value: anna.id } });
    expect(await within(section).findByText('Sagen er tildelt Anna Holm.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/api/staff/leads/${id}/assignee`,
      body: { assignee: anna.id },
    });
    fireEvent.change(within(section).getByLabelText('Tildelt'), { target: { value: '' } });
    expect(await within(section).findByText('Sagen er ikke tildelt nogen.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ assignee: null });
  });

  it('says so when "Ringet op" fails', async () => {
    renderHandling(false);
    const section = await screen.findByRole('region', { name: 'Vagt og opkald' });
    fireEvent.click(within(section).getByRole('button', { name: 'Ringet op' }));
    expect(await within(section).findByText('Kaldet mislykkedes.')).toBeTruthy();
  });
});
