import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { SatisfactionFigures as Figures } from '../../../../domain/staff-api/satisfaction';
import { SatisfactionFigures } from './satisfaction-figures';

afterEach(cleanup);

const none: Figures = {
  answers: [],
  total: { answered: 0, satisfied: 0, sharePercent: null },
  months: [],
  insurers: [],
};

const customers: Figures = {
  answers: [],
  total: { answered: 5, satisfied: 3, sharePercent: 60 },
  months: [
    { month: '2026-09', answered: 2, satisfied: 1, sharePercent: 50 },
    { month: '2026-10', answered: 3, satisfied: 2, sharePercent: 67 },
  ],
  insurers: [
    { insurer: '', answered: 1, satisfied: 0, sharePercent: 0 },
    { insurer: 'Tryg', answered: 4, satisfied: 3, sharePercent: 75 },
  ],
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/\u00a0/g, ' '));

/** The figures of the twelve months up to October 2026, the customers' being `customers`. */
function renderFigures(adjusters: Figures) {
  render(
    <SatisfactionFigures
      period={{ from: '2025-11-01', to: '2026-10-31' }}
      customers={customers}
      adjusters={adjusters}
    />,
  );
}

it("shows the customers' and the adjusters' share satisfied apart, per month and per insurer, with counts", () => {
  const adjusters: Figures = {
    ...none,
    total: { answered: 1, satisfied: 1, sharePercent: 100 },
    months: [{ month: '2026-10', answered: 1, satisfied: 1, sharePercent: 100 }],
    insurers: [{ insurer: 'Codan', answered: 1, satisfied: 1, sharePercent: 100 }],
  };
  renderFigures(adjusters);
  const section = screen.getByRole('region', { name: 'Tilfredshed' });
  expect(section.textContent).toContain('fra 1. nov. 2025 til 31. okt. 2026');

  const months = within(section).getByRole('table', { name: 'Kunder pr. måned' });
  expect(
    within(months)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Måned', 'Svar', 'Tilfredse (4–5)', 'Andel tilfredse']);
  expect(cells(within(months).getByRole('row', { name: /oktober 2026/ }))).toEqual([
    '3',
    '2',
    '67 % (2 af 3)',
  ]);
  expect(cells(within(months).getByRole('row', { name: /I alt/ }))).toEqual(['5', '3', '60 % (3 af 5)']);

  const insurers = within(section).getByRole('table', { name: 'Kunder pr. forsikringsselskab' });
  expect(cells(within(insurers).getByRole('row', { name: /Tryg/ }))).toEqual(['4', '3', '75 % (3 af 4)']);
  expect(cells(within(insurers).getByRole('row', { name: /Ikke oplyst/ }))).toEqual([
    '1',
    '0',
    '0 % (0 af 1)',
  ]);

  const adjusterInsurers = within(section).getByRole('table', { name: 'Taksatorer pr. forsikringsselskab' });
  expect(cells(within(adjusterInsurers).getByRole('row', { name: /Codan/ }))).toEqual([
    '1',
    '1',
    '100 % (1 af 1)',
  ]);
  expect(within(adjusterInsurers).queryByRole('row', { name: /Tryg/ })).toBeNull();
});

it('says so when nobody in a group answered, without an empty table', () => {
  renderFigures(none);
  expect(screen.getByText('Taksatorer: ingen svar i perioden.')).toBeTruthy();
  expect(screen.queryByRole('table', { name: 'Taksatorer pr. måned' })).toBeNull();
  expect(screen.getByRole('table', { name: 'Kunder pr. måned' })).toBeTruthy();
});
