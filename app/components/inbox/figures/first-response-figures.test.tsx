import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FirstResponseFigures } from './first-response-figures';
import { formatShare } from '../shared/oncall-format';

afterEach(cleanup);

it('shows per kind how many leads were answered by their deadline, with the share in words', () => {
  render(
    <FirstResponseFigures
      month="marts 2026"
      rows={[
        { kind: 'akut-skade', counted: 4, inTime: 3, late: 1, pending: 0, inTimeShare: 0.75 },
        { kind: 'anmeldelse', counted: 2, inTime: 1, late: 1, pending: 1, inTimeShare: 0.5 },
        { kind: 'kontakt', counted: 0, inTime: 0, late: 0, pending: 0, inTimeShare: null },
        { kind: 'rekvisition', urgent: true, counted: 2, inTime: 2, late: 0, pending: 0, inTimeShare: 1 },
        { kind: 'rekvisition', counted: 3, inTime: 1, late: 2, pending: 0, inTimeShare: 1 / 3 },
      ]}
    />,
  );
  const table = screen.getByRole('table', { name: 'Første svar til tiden, marts 2026' });
  const emergency = within(table).getByRole('row', { name: /Akut skade/ });
  expect(
    within(emergency)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['4', '3', '1', formatShare(0.75), '0']);
  const report = within(table).getByRole('row', { name: /Skadeanmeldelse/ });
  expect(within(report).getAllByRole('cell')[3]!.textContent).toBe(formatShare(0.5));
  const contact = within(table).getByRole('row', { name: /Kontaktformular/ });
  expect(within(contact).getAllByRole('cell')[3]!.textContent).toBe('–');
  // An urgent assignment's 15 minutes and a normal one's business hours are shown apart.
  const share = (name: string) =>
    within(within(table).getByRole('row', { name: new RegExp(`^${name} `) })).getAllByRole('cell')[3]!
      .textContent;
  expect(share('Akut rekvisition')).toBe(formatShare(1));
  expect(share('Rekvisition')).toBe(formatShare(1 / 3));
});
