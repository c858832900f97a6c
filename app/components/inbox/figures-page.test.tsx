import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FiguresPage } from './figures-page';
import { InboxError } from './inbox-error';
import { currentMonth, loadFigures } from './loaders';
import { formatDuration, formatShare } from './oncall-format';
import { json, renderRoutes, stubStaffApi } from '../../../tests/support/inbox';
import type { FiguresAnswer } from '../../../domain/staff-api/oncall';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spread = (count: number, median: number | null, p90: number | null) => ({ count, median, p90 });

function figures(period: string): FiguresAnswer {
  return {
    period,
    from: `${period}-01T00:00:00.000Z`,
    to: `${period}-28T00:00:00.000Z`,
    total: {
      emergencies: 4,
      acknowledged: spread(3, 150, 420),
      calledBack: spread(3, 540, 1230),
      within: 2,
      withinShare: 0.5,
    },
    people: [
      {
        userId: 'u1',
        name: 'Anna Holm',
        emergencies: 3,
        acknowledged: spread(2, 90, 150),
        calledBack: spread(2, 480, 600),
        within: 2,
        withinShare: 2 / 3,
      },
    ],
  };
}

function renderFigures(path: string) {
  const calls = stubStaffApi((call) => {
    const month = new URL(call.url, 'http://localhost').searchParams.get('month') ?? '';
    return json(figures(month));
  });
  const view = renderRoutes(
    [
      {
        path: '/indbakke/beredskab',
        loader: loadFigures as unknown as LoaderFunction,
        Component: FiguresPage,
        ErrorBoundary: InboxError,
      },
    ],
    path,
  );
  return { calls, ...view };
}

describe('the Beredskab page', () => {
  it('shows the current month by default, in all and per person, in a table with headers', async () => {
    const { calls } = renderFigures('/indbakke/beredskab');
    const month = currentMonth();
    const table = await screen.findByRole('table');
    expect(calls[0]!.url).toBe(`/api/staff/oncall/figures?month=${month}`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Medarbejder',
      'Akutte skader',
      'Til kvittering, median',
      'Til kvittering, 90 %',
      'Til opringning, median',
      'Til opringning, 90 %',
      'Ringet op inden 15 min',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Anna Holm', 'I alt']);
    // Intl writes a no-break space before '%'.
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      '4',
      '2 min 30 s',
      '7 min',
      '9 min',
      '20 min 30 s',
      '50 % (2/4)',
    ]);
    expect((screen.getByLabelText('Måned') as HTMLSelectElement).value).toBe(month);
    expect(screen.getByRole('link', { name: 'Hent CSV' }).getAttribute('href')).toBe(
      `/api/staff/oncall/figures.csv?month=${month}`,
    );
  });

  it('shows another month when one is picked', async () => {
    const { calls, router } = renderFigures('/indbakke/beredskab?maaned=2026-02');
    expect(await screen.findByRole('table', { name: 'Akutte skader i februar 2026' })).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/staff/oncall/figures?month=2026-02');
    const months = Array.from((screen.getByLabelText('Måned') as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    const other = months.find((value) => value !== '2026-02')!;
    fireEvent.change(screen.getByLabelText('Måned'), { target: { value: other } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis' }));
    expect(await screen.findByRole('link', { name: 'Hent CSV' })).toBeTruthy();
    await screen.findByText(
      (_, element) => element?.tagName === 'CAPTION' && !element.textContent?.includes('februar 2026'),
    );
    expect(router.state.location.search).toBe(`?maaned=${other}`);
  });

  it('writes durations and shares as Danish staff read them', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(270)).toBe('4 min 30 s');
    expect(formatDuration(3900)).toBe('1 t 5 min');
    expect(formatDuration(null)).toBeNull();
    expect(formatShare(0.875)).toMatch(/^88\s%$/);
  });
});
