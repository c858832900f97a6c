import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InboxError } from '../inbox-error';
import { loadRota } from '../loaders';
import { formatSlot, formatSlotRange, fromLocalInput } from '../shared/oncall-format';
import { RotaPage } from './rota-page';
import { json, renderRoutes, stubStaffApi, type FetchCall } from '../../../../tests/support/inbox';
import type { StaffRole } from '../../../../domain/staff-api/roles';
import type { RotaAnswer } from '../../../../domain/staff-api/oncall';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const anna = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const bo = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const cai = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

// Friday 5 June 2026 16:00 and Monday 8 June 08:00, Danish summer time.
const friday = '2026-06-05T14:00:00.000Z';
const monday = '2026-06-08T06:00:00.000Z';

const rota: RotaAnswer = {
  order: [bo, anna],
  nextHandover: monday,
  chain: { memberIds: [anna, bo], handoverWeekday: 0, handoverHour: 8 },
  schedule: [
    { from: '2026-06-05T10:00:00.000Z', onCall: bo, next: anna, override: false },
    { from: friday, onCall: anna, next: bo, override: true },
    { from: monday, onCall: anna, next: bo, override: false },
  ],
  overrides: [{ id: 'o1', userId: anna, startsAt: friday, endsAt: monday }],
  staff: [
    { id: anna, name: 'Anna Holm', email: 'anna@example.dk', phone: '+4521111111', disabled: false },
    { id: bo, name: 'Bo Jensen', email: 'bo@example.dk', phone: '+4522222222', disabled: false },
    { id: cai, name: 'Cai Lund', email: 'cai@example.dk', phone: '+4533333333', disabled: false },
  ],
};

/** Types a code into the dialog that asks for one before a change, and confirms it. */
async function confirmCode(code = '123456') {
  const dialog = await screen.findByRole('dialog', { name: 'Bekræft med din kode' });
  fireEvent.change(within(dialog).getByLabelText('Kode fra appen (6 cifre)'), { target: { value: code } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Bekræft' }));
}

function renderRota(other?: (call: FetchCall) => Response, role: StaffRole = 'koordinator') {
  const calls = stubStaffApi((call) => {
    if (call.method === 'GET' && call.url === '/api/staff/oncall/rota') return json(rota);
    if (call.method === 'GET' && call.url === '/api/staff/me')
      return json({ id: anna, email: 'anna@example.dk', name: 'Anna Holm', secondFactor: 'done', role });
    return other?.(call) ?? json({ ok: true });
  });
  renderRoutes(
    [
      {
        path: '/indbakke/vagtplan',
        loader: loadRota as unknown as LoaderFunction,
        Component: RotaPage,
        ErrorBoundary: InboxError,
      },
    ],
    '/indbakke/vagtplan',
    role,
  );
  return calls;
}

describe('the Vagtplan page', () => {
  it('shows who is on call now in order, and the next four weeks in Danish dates', async () => {
    renderRota();
    const now = await screen.findByRole('region', { name: 'På vagt nu' });
    expect(
      within(now)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1.Bo Jensen · 22 22 22 22', '2.Anna Holm · 21 11 11 11']);
    expect(within(now).getByText('Næste vagtskifte: man 8. jun. 08:00.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Vagtskifter og dækninger de næste fire uger' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['fre 5. jun. 12:00 – fre 5. jun. 16:00', 'Bo Jensen', 'Anna Holm', ''],
      ['fre 5. jun. 16:00 – man 8. jun. 08:00', 'Anna Holm', 'Bo Jensen', 'Dækning'],
    ]);
    expect(screen.getByText('Anna Holm dækker fre 5. jun. 16:00 – man 8. jun. 08:00')).toBeTruthy();
  });

  it('reorders the chain, adds a member and saves it with the handover day and hour', async () => {
    const calls = renderRota();
    const chain = await screen.findByRole('region', { name: 'Vagtkæde' });
    fireEvent.click(within(chain).getByRole('button', { name: 'Flyt Bo Jensen op' }));
    fireEvent.change(within(chain).getByLabelText('Tilføj til vagtkæden'), { target: { value: cai } });
    fireEvent.click(within(chain).getByRole('button', { name: 'Tilføj' }));
    expect(
      within(chain)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.slice(0, 12)),
    ).toEqual(['1. Bo Jensen', '2. Anna Holm', '3. Cai LundO']);
    fireEvent.change(within(chain).getByLabelText('Vagtskifte, ugedag'), { target: { value: '4' } });
    fireEvent.change(within(chain).getByLabelText('Vagtskifte, klokken'), { target: { value: '16' } });
    fireEvent.click(within(chain).getByRole('button', { name: 'Gem vagtkæden' }));
    await confirmCode();
    expect(await screen.findByText('Vagtkæden er gemt.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/staff/oncall/chain',
      body: { memberIds: [bo, anna, cai], handoverWeekday: 4, handoverHour: 16, code: '123456' },
    });
  });

  it('adds an override in Danish time, removes one, and shows the server’s refusal', async () => {
    const calls = renderRota((call) =>
      call.method === 'POST' && (call.body as { userId: string }).userId === bo
        ? json({ message: 'Perioden er allerede forbi.' }, 400)
        : json({ ok: true }),
    );
    const overrides = await screen.findByRole('region', { name: 'Dækninger' });
    fireEvent.change(within(overrides).getByLabelText('Hvem dækker'), { target: { value: cai } });
    fireEvent.change(within(overrides).getByLabelText('Fra'), { target: { value: '2026-06-12T16:00' } });
    fireEvent.change(within(overrides).getByLabelText('Til'), { target: { value: '2026-06-15T08:00' } });
    fireEvent.click(within(overrides).getByRole('button', { name: 'Tilføj dækning' }));
    await confirmCode();
    expect(await screen.findByText('Dækningen er tilføjet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/staff/oncall/overrides',
      body: {
        userId: cai,
        startsAt: '2026-06-12T14:00:00.000Z',
        endsAt: '2026-06-15T06:00:00.000Z',
        code: '123456',
      },
    });

    fireEvent.click(
      within(overrides).getByRole('button', {
        name: 'Fjern dækningen: Anna Holm dækker fre 5. jun. 16:00 – man 8. jun. 08:00',
      }),
    );
    await confirmCode('654321');
    expect(await screen.findByText('Dækningen er fjernet.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')).toMatchObject({
      url: '/api/staff/oncall/overrides/o1',
      body: { code: '654321' },
    });

    fireEvent.change(within(overrides).getByLabelText('Hvem dækker'), { target: { value: bo } });
    fireEvent.change(within(overrides).getByLabelText('Fra'), { target: { value: '2020-01-01T10:00' } });
    fireEvent.change(within(overrides).getByLabelText('Til'), { target: { value: '2020-01-01T12:00' } });
    fireEvent.click(within(overrides).getByRole('button', { name: 'Tilføj dækning' }));
    await confirmCode();
    const refusal = await screen.findByText('Perioden er allerede forbi.');
    expect(refusal.getAttribute('role')).toBe('alert');
  });

  it('saves my own number normalised by the forms’ rule, and refuses one that is not a number', async () => {
    const calls = renderRota((call) => json({ phone: (call.body as { phone: string }).phone }));
    const profile = await screen.findByRole('region', { name: 'Min profil' });
    const field = within(profile).getByLabelText('Mit mobilnummer') as HTMLInputElement;
    expect(field.value).toBe('21 11 11 11');
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Gem nummer' }));
    expect(
      await within(profile).findByText(
        'Skriv et dansk nummer med 8 cifre eller et nummer med landekode (+…).',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    // The right shape, but no Danish series holds it: refused here too, before any code is asked.
    fireEvent.change(field, { target: { value: '+45 00 00 00 00' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Gem nummer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '+45 98-76-54-32' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Gem nummer' }));
    // Cancelling the code sends nothing; the next try with a code saves.
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Bekræft med din kode' })).getByRole('button', {
        name: 'Annullér',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(profile).getByRole('button', { name: 'Gem nummer' }));
    await confirmCode();
    expect(await screen.findByText('Dit nummer er gemt: 98 76 54 32.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/staff/me/phone',
      body: { phone: '+4598765432', code: '123456' },
    });
    await waitFor(() => expect(field.value).toBe('98 76 54 32'));
  });

  it('shows a medarbejder their own number to edit, but not the chain and covers', async () => {
    renderRota(undefined, 'medarbejder');
    expect(await screen.findByRole('region', { name: 'Min profil' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Dækninger' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gem vagtkæden' })).toBeNull();
  });

  it('warns of the times in the next 7 days when nobody with a working phone is first on call', async () => {
    renderRota();
    expect(await screen.findByRole('region', { name: 'På vagt nu' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Huller i vagtplanen' })).toBeNull();
    cleanup();
    rota.gaps = [
      { from: friday, to: monday, onCall: cai },
      { from: monday, to: '2026-06-09T06:00:00.000Z', onCall: null },
    ];
    try {
      renderRota();
      const gaps = await screen.findByRole('region', { name: 'Huller i vagtplanen' });
      expect(
        within(gaps)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        `${formatSlotRange(friday, monday)}: Cai Lund står først, men har intet virkende mobilnummer`,
        `${formatSlotRange(monday, '2026-06-09T06:00:00.000Z')}: ingen på vagt`,
      ]);
    } finally {
      delete rota.gaps;
    }
  });
});

describe('rota times', () => {
  it('reads and writes Danish wall-clock time in winter and summer', () => {
    expect(formatSlot('2026-01-09T15:00:00.000Z')).toBe('fre 9. jan. 16:00');
    expect(fromLocalInput('2026-01-09T16:00')).toBe('2026-01-09T15:00:00.000Z');
    expect(fromLocalInput('2026-07-03T16:00')).toBe('2026-07-03T14:00:00.000Z');
    expect(fromLocalInput('16:00')).toBeNull();
  });
});
