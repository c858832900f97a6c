import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import { renderLeadPage } from '../../../../tests/support/inbox-pages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = '22222222-2222-4222-8222-222222222222';
const bo = { id: 'u-bo', name: 'Bo Jensen' };
/** Taken from the on-call SMS ("Jeg tager den"): status "I gang", nobody called yet. */
const acknowledged: Partial<LeadDetail> = {
  status: 'in-progress',
  assignedTo: bo,
  acknowledgedAt: '2026-12-03T09:17:00.000Z',
  acknowledgedBy: bo,
};

function renderLead(lead: Partial<LeadDetail>) {
  const calls = stubStaffApi((call) => {
    if (call.url === `/api/staff/leads/${id}`) {
      if (call.method === 'PATCH')
        return json({ lead: detail({ ...lead, workStartedAt: '2026-12-03T09:30:00.000Z' }) });
      return json({ lead: detail(lead) });
    }
    if (call.url === `/api/staff/leads/${id}/timeline`) return json({ events: [] });
    if (call.url === '/api/staff/oncall/rota') return json({ staff: [] });
    if (call.url === `/api/staff/leads/${id}/called-back`)
      return json({ assignedTo: bo.id, calledBackAt: '2026-12-03T09:20:00.000Z', calledBackBy: bo.id });
    if (call.url === `/api/staff/leads/${id}/visit`) {
      const visitAt = (call.body as { visitAt: string | null }).visitAt;
      return json({ visitAt: visitAt === null ? null : '2026-12-03T09:00:00.000Z' });
    }
    return json({ message: 'Kaldet mislykkedes.' }, 500);
  });
  renderLeadPage(id, 'medarbejder');
  return calls;
}

const stepTexts = (section: HTMLElement) =>
  within(within(section).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe("the customer's steps on the lead page", () => {
  it('ticks nothing but "Modtaget" for a lead only acknowledged, and says how "I gang" is set', async () => {
    renderLead(acknowledged);
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    expect(stepTexts(section)).toEqual([
      'Modtaget (nu)',
      'Vi har ringet (ikke registreret)',
      'Besigtigelse aftalt (ikke registreret)',
      'I gang (ikke registreret)',
      'Afsluttet (ikke registreret)',
    ]);
    // What is true of a lead whose status is already "I gang": the customer still sees "Modtaget".
    expect(
      within(section).getByText(/Kunden ser stadig »Modtaget«, indtil I melder arbejdet i gang/),
    ).toBeTruthy();
    expect(section.textContent).not.toMatch(/når I vælger »I gang«/);
  });

  it('records "I gang" from the hint\'s own button, and the hint goes at once', async () => {
    const calls = renderLead(acknowledged);
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    fireEvent.click(within(section).getByRole('button', { name: 'Meld arbejdet i gang' }));
    await vi.waitFor(() => expect(stepTexts(section)[3]).toBe('I gang (nu)'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'in-progress' });
    expect(within(section).queryByText(/Kunden ser stadig »Modtaget«/)).toBeNull();
  });

  it('turns the deadline to "Besvaret" as soon as "Ringet op" is pressed', async () => {
    renderLead({
      ...acknowledged,
      kind: 'akut-skade',
      firstResponseDueAt: '2099-12-03T09:32:00.000Z',
      firstResponseAt: null,
    });
    await screen.findByRole('region', { name: 'Kundens trin' });
    expect(document.querySelector('[data-deadline="due"]')).not.toBeNull();
    const handling = screen.getByRole('region', { name: 'Vagt og opkald' });
    fireEvent.click(within(handling).getByRole('button', { name: 'Ringet op' }));
    await vi.waitFor(() => expect(document.querySelector('[data-deadline="answered"]')).not.toBeNull());
    expect(document.querySelector('[data-deadline="due"]')).toBeNull();
  });

  it('ticks "Vi har ringet" as soon as "Ringet op" is pressed', async () => {
    renderLead(acknowledged);
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    const handling = screen.getByRole('region', { name: 'Vagt og opkald' });
    fireEvent.click(within(handling).getByRole('button', { name: 'Ringet op' }));
    await vi.waitFor(() => expect(stepTexts(section)[1]).toBe('Vi har ringet (nu)'));
  });

  it('records "I gang" by choosing it again on a lead the acknowledgement moved', async () => {
    const calls = renderLead(acknowledged);
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    const status = screen.getByRole('region', { name: 'Status' });
    fireEvent.click(within(status).getByRole('button', { name: 'I gang' }));
    await vi.waitFor(() => expect(stepTexts(section)[3]).toBe('I gang (nu)'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'in-progress' });
  });

  it('sets the visit in Danish time and shows it, then clears it', async () => {
    const calls = renderLead({ kind: 'anmeldelse', status: 'new' });
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    fireEvent.change(within(section).getByLabelText('Besigtigelse (dato og klokkeslæt)'), {
      target: { value: '2026-12-03T10:00' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Gem besigtigelse' }));
    expect(await screen.findByText('Besigtigelsen er gemt: torsdag 3. dec. kl. 10.')).toBeTruthy();
    expect(stepTexts(section)[2]).toBe('Besigtigelse aftalt (nu)torsdag 3. dec. kl. 10');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: `/api/staff/leads/${id}/visit`,
      body: { visitAt: '2026-12-03T10:00', notifyCustomer: true },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Fjern besigtigelse' }));
    expect(await screen.findByText('Besigtigelsen er fjernet.')).toBeTruthy();
    expect(stepTexts(section)[2]).toBe('Besigtigelse aftalt (ikke registreret)');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
      visitAt: null,
      notifyCustomer: true,
    });
  });

  it('keeps the customer uninformed of a visit or a closing when staff untick the message', async () => {
    const calls = renderLead({ kind: 'anmeldelse', status: 'in-progress' });
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    fireEvent.change(within(section).getByLabelText('Besigtigelse (dato og klokkeslæt)'), {
      target: { value: '2026-12-03T10:00' },
    });
    const visitNotice = within(section).getByRole('checkbox', {
      name: 'Send kunden en besked med tidspunktet',
    });
    expect((visitNotice as HTMLInputElement).checked).toBe(true);
    fireEvent.click(visitNotice);
    fireEvent.click(within(section).getByRole('button', { name: 'Gem besigtigelse' }));
    expect(await screen.findByText(/Besigtigelsen er gemt/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      visitAt: '2026-12-03T10:00',
      notifyCustomer: false,
    });

    const status = screen.getByRole('region', { name: 'Status' });
    const closeNotice = within(status).getByRole('checkbox', {
      name: 'Send kunden en besked, når sagen afsluttes',
    });
    expect((closeNotice as HTMLInputElement).checked).toBe(true);
    fireEvent.click(closeNotice);
    fireEvent.click(within(status).getByRole('button', { name: 'Afsluttet' }));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        status: 'done',
        notifyCustomer: false,
      }),
    );
  });

  it('asks for a date and time before saving an empty visit', async () => {
    const calls = renderLead({ kind: 'anmeldelse', status: 'new' });
    const section = await screen.findByRole('region', { name: 'Kundens trin' });
    fireEvent.click(within(section).getByRole('button', { name: 'Gem besigtigelse' }));
    expect(await within(section).findByText('Vælg dato og klokkeslæt for besigtigelsen.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
