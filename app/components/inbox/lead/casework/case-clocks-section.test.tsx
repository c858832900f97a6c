import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MilestonesAnswer } from '../../../../../domain/staff-api/milestones';
import { json, stubStaffApi } from '../../../../../tests/support/inbox';
import { CaseClocksSection } from './case-clocks-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = '33333333-3333-4333-8333-333333333333';
const base = `/api/staff/leads/${id}/milestones`;
const stop = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'skadestop' as const,
  at: '2026-11-27T14:05:00.000Z',
  by: 'Mads Tekniker',
  note: null,
  details: {},
  withdrawnAt: null,
};
const onTheWay = {
  ...stop,
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'paa-vej' as const,
  at: '2026-11-27T12:00:00.000Z',
  details: { eta: '14:20' },
};
const drying = {
  ...stop,
  id: '66666666-6666-4666-8666-666666666666',
  kind: 'affugtning-startet' as const,
  at: '2026-11-27T15:00:00.000Z',
  by: null,
  details: { affugtere: 3, forventetDage: 14 },
  withdrawnAt: '2026-11-27T15:10:00.000Z',
};
const answer: MilestonesAnswer = {
  milestones: [onTheWay, stop, drying],
  deadlines: [
    { kind: 'paa-adressen', dueAt: '2026-11-27T14:00:00.000Z', metAt: '2026-11-27T14:30:00.000Z' },
    { kind: 'rapport-sendt', dueAt: '2026-11-20T23:00:00.000Z', metAt: null },
    { kind: 'fugtmaaling', dueAt: '2099-12-04T15:00:00.000Z', metAt: null },
  ],
};

function renderSection(api: (call: { method: string; url: string; body: unknown }) => Response) {
  const calls = stubStaffApi(api);
  render(<CaseClocksSection leadId={id} onUnauthorized={() => {}} />);
  return calls;
}

describe('the lead page’s milestones and deadlines', () => {
  it('shows each deadline with its due time and whether it was met, missed or is open', async () => {
    renderSection(() => json(answer));
    const deadlines = await screen.findByRole('list', { name: 'Frister' });
    const rows = within(deadlines)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toMatch(
      /^På adressen senest 27\. nov\. 2026 kl\. 15\.00.*Nået for sent 27\. nov\. 2026 kl\. 15\.30$/,
    );
    expect(rows[1]).toMatch(/^Første rapport senest 20\. nov\. 2026 kl\. 23\.59.*Overskredet$/);
    expect(rows[2]).toMatch(/Åben$/);
  });

  it('lists the milestones in order with who and when, a withdrawn one struck through and labelled', async () => {
    renderSection(() => json(answer));
    const list = await screen.findByRole('list', { name: 'Milepæle' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('På vej 27. nov. 2026 kl. 13.00 af Mads Tekniker');
    expect(items[0]!.textContent).toContain('forventet kl. 14.20');
    expect(items[2]!.querySelector('s')?.textContent).toContain('Affugtning startet');
    expect(items[2]!.textContent).toContain('Trukket tilbage');
    expect(items[2]!.textContent).toContain('af systemet');
    expect(within(items[2]!).queryByRole('button')).toBeNull();
    expect(
      within(items[1]!).getByRole('button', { name: /Træk milepælen Skadestop .* tilbage/ }),
    ).toBeTruthy();
  });

  it('withdraws a milestone by DELETE on its own address and shows it withdrawn', async () => {
    let withdrawn = false;
    const calls = renderSection((call) => {
      if (call.method === 'DELETE') {
        withdrawn = true;
        return json({ milestone: { ...stop, withdrawnAt: '2026-11-29T06:00:00.000Z' } });
      }
      return json(
        withdrawn
          ? {
              ...answer,
              milestones: [onTheWay, { ...stop, withdrawnAt: '2026-11-29T06:00:00.000Z' }, drying],
            }
          : answer,
      );
    });
    const list = await screen.findByRole('list', { name: 'Milepæle' });
    fireEvent.click(within(list).getByRole('button', { name: /Skadestop/ }));
    await screen.findByText('Milepælen Skadestop er trukket tilbage.');
    expect(calls.find((call) => call.method === 'DELETE')!.url).toBe(`${base}/${stop.id}`);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Milepæle' })).queryAllByRole('button')).toHaveLength(1),
    );
  });

  it('records "på vej" with its expected arrival, the time in Danish time, and the customer told or not', async () => {
    const calls = renderSection((call) =>
      call.method === 'POST' ? json({ milestone: onTheWay }, 201) : json(answer),
    );
    await screen.findByRole('list', { name: 'Milepæle' });
    fireEvent.change(screen.getByLabelText(/Tidspunkt/), { target: { value: '2026-11-27T13:00' } });
    fireEvent.change(screen.getByLabelText('Forventet ankomst (TT:MM)'), { target: { value: '14:20' } });
    fireEvent.click(screen.getByLabelText('Fortæl kunden (SMS/e-mail)'));
    fireEvent.click(screen.getByRole('button', { name: 'Registrér' }));
    await screen.findByText('Milepælen På vej er registreret.');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: base,
      body: {
        kind: 'paa-vej',
        at: '2026-11-27T12:00:00.000Z',
        details: { eta: '14:20' },
        notifyCustomer: false,
      },
    });
  });

  it('shows the API’s Danish message at the field it is about', async () => {
    const message = 'Skriv antallet af affugtere (1–100).';
    const calls = renderSection((call) =>
      call.method === 'POST'
        ? json({ message: 'Ret de markerede felter.', errors: { 'details.affugtere': [message] } }, 400)
        : json(answer),
    );
    await screen.findByRole('list', { name: 'Milepæle' });
    fireEvent.change(screen.getByLabelText('Milepæl'), { target: { value: 'affugtning-startet' } });
    expect(screen.queryByLabelText('Fortæl kunden (SMS/e-mail)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Antal affugtere'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Forventet affugtning (dage)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrér' }));
    const field = screen.getByLabelText('Antal affugtere');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = field.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((ref) => document.getElementById(ref)?.textContent)).toContain(message);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'affugtning-startet',
      details: { affugtere: '0', forventetDage: '14' },
    });
  });
});
