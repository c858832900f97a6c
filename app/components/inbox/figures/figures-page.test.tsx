import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FiguresPage } from './figures-page';
import { InboxError } from '../inbox-error';
import { currentMonth, loadFigures } from '../loaders';
import { formatDuration, formatShare } from '../shared/oncall-format';
import { json, renderRoutes, stubStaffApi } from '../../../../tests/support/inbox';
import type { FiguresAnswer, SurgeAnswer } from '../../../../domain/staff-api/oncall';
import type { InsurerFiguresAnswer } from '../../../../domain/staff-api/insurers';
import type { SatisfactionFigures } from '../../../../domain/staff-api/satisfaction';

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
      counted: 4,
      waiting: 0,
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
        counted: 3,
        waiting: 0,
        withinShare: 2 / 3,
      },
    ],
    surge: {
      emergencies: 2,
      announced: spread(2, 5400, 7200),
      calledBack: spread(1, 4800, 4800),
      within: 1,
      // One told 1½ hours, not called yet, its time not passed: no failure, counted apart.
      counted: 1,
      waiting: 1,
      withinShare: 1,
    },
  };
}

const surge: SurgeAnswer = {
  mode: 'travlt',
  expectedCallbackMinutes: 60,
  waiting: 3,
  people: 2,
  onCall: 3,
  allHandsSince: '2026-08-14T18:05:00.000Z',
  manual: {
    on: true,
    at: '2026-08-14T18:05:00.000Z',
    actor: 'anna@example.dk',
    reason: 'Skybrud i Storkøbenhavn',
  },
  history: [],
};

function insurerFigures(month: string): InsurerFiguresAnswer {
  return {
    month,
    rows: [
      {
        insurer: 'Tryg',
        leads: 3,
        medianToOnSiteSeconds: 5400,
        medianToDamageStopSeconds: null,
        reportsDue: 2,
        reportsOnTime: 1,
      },
    ],
  };
}

/** The customers answered 3 of 4 satisfied in October 2026; one adjuster of Codan, unhappy. */
function satisfaction(respondent: string | null): SatisfactionFigures {
  const share = (answered: number, satisfied: number) => ({
    answered,
    satisfied,
    sharePercent: Math.round((satisfied * 100) / answered),
  });
  const [insurer, counts] = respondent === 'taksator' ? ['Codan', share(1, 0)] : ['Tryg', share(4, 3)];
  return {
    answers: [],
    total: counts,
    months: [{ month: '2026-10', ...counts }],
    insurers: [{ insurer, ...counts }],
  };
}

function renderFigures(path: string) {
  const calls = stubStaffApi((call) => {
    if (call.url === '/api/staff/oncall/surge') {
      return json(
        call.method === 'PUT'
          ? { ...surge, mode: 'normal', expectedCallbackMinutes: 15, manual: null }
          : surge,
      );
    }
    if (call.url === '/api/staff/oncall/reserve') {
      const body = call.body as { email?: string } | undefined;
      return json({
        people:
          call.method === 'POST'
            ? [{ email: body?.email ?? '', name: 'Dorte Lund', calledAt: null }]
            : [{ email: 'emil@example.dk', name: 'Emil Krag', calledAt: '2026-08-14T18:06:00.000Z' }],
      });
    }
    const query = new URL(call.url, 'http://localhost').searchParams;
    if (call.url.startsWith('/api/staff/satisfaction')) return json(satisfaction(query.get('respondent')));
    const month = query.get('month') ?? '';
    if (call.url === '/api/staff/insurers') return json({ insurers: [] });
    if (call.url.startsWith('/api/staff/insurers/figures')) return json(insurerFigures(month));
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
  it('shows the month per insurer: medians, first reports on time out of those due, and their CSV', async () => {
    const { calls } = renderFigures('/indbakke/beredskab?maaned=2026-10');
    const section = await screen.findByRole('region', { name: 'Pr. forsikringsselskab' });
    expect(calls.map((call) => call.url)).toContain('/api/staff/insurers/figures?month=2026-10');
    const row = within(section).getByRole('row', { name: /Tryg/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '1 t 30 min', '–', '1 af 2']);
    expect(
      screen.getByRole('link', { name: 'Hent pr. forsikringsselskab som CSV' }).getAttribute('href'),
    ).toBe('/api/staff/insurers/figures.csv?month=2026-10');
  });

  it('shows the share of customers and of adjusters satisfied in the twelve months up to the month', async () => {
    const { calls } = renderFigures('/indbakke/beredskab?maaned=2026-10');
    const section = await screen.findByRole('region', { name: 'Tilfredshed' });
    const asked = calls.map((call) => call.url).filter((url) => url.startsWith('/api/staff/satisfaction'));
    expect(asked.sort()).toEqual([
      '/api/staff/satisfaction?respondent=kunde&from=2025-11-01&to=2026-10-31',
      '/api/staff/satisfaction?respondent=taksator&from=2025-11-01&to=2026-10-31',
    ]);
    const customers = within(section).getByRole('table', { name: 'Kunder pr. forsikringsselskab' });
    const tryg = within(customers).getByRole('row', { name: /Tryg/ });
    expect(
      within(tryg)
        .getAllByRole('cell')
        .at(-1)!
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('75 % (3 af 4)');
    const adjusters = within(section).getByRole('table', { name: 'Taksatorer pr. måned' });
    const october = within(adjusters).getByRole('row', { name: /oktober 2026/ });
    expect(
      within(october)
        .getAllByRole('cell')
        .at(-1)!
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('0 % (0 af 1)');
  });

  it('shows the current month by default, in all and per person, in a table with headers', async () => {
    const { calls } = renderFigures('/indbakke/beredskab');
    const month = currentMonth();
    const table = (await screen.findAllByRole('table'))[0]!;
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
      (_, element) => element?.id === 'figures-caption' && !element.textContent?.includes('februar 2026'),
    );
    expect(router.state.location.search).toBe(`?maaned=${other}`);
  });

  it('shows surge mode, who switched it and why, and counts surge emergencies apart', async () => {
    const { calls } = renderFigures('/indbakke/beredskab');
    expect(
      await screen.findByText('Travlt: siden lover et opkald om ca. 1 time og viser en besked øverst.'),
    ).toBeTruthy();
    expect(screen.getByText(/Slået til af anna@example\.dk .*: Skybrud i Storkøbenhavn/)).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Travlt: målt mod den ventetid, vi meldte' });
    expect(section.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '2 akutte skader. Meldt ventetid, median: 1 t 30 min. Til opringning, median: 1 t 20 min. Ringet op inden for den meldte tid: 100 % (1/1, hvis tid er gået). 1 venter stadig inden for den meldte tid.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Slå travlt fra' }));
    expect(await screen.findByText('Normal drift: vi lover at ringe inden for 15 minutter.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/api/staff/oncall/surge');
  });

  it('says who the wait is counted with, that everybody on call is woken, and keeps the reserve', async () => {
    const { calls } = renderFigures('/indbakke/beredskab');
    expect(
      await screen.findByText(
        '3 akutte skader venter på at blive taget. Ventetiden regnes med 2 personer: 2 arbejder på listen (tog en skade eller åbnede listen de sidste 15 minutter) af 3 i vagtkæden.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Alle på vagt er kaldt ind siden /)).toBeTruthy();
    const reserve = screen.getByRole('region', { name: 'Reserveliste' });
    expect(await within(reserve).findByText('Emil Krag')).toBeTruthy();
    expect(within(reserve).getByText(/sidst spurgt/)).toBeTruthy();
    fireEvent.change(within(reserve).getByLabelText(/E-mail/), { target: { value: 'dorte@example.dk' } });
    fireEvent.click(within(reserve).getByRole('button', { name: 'Sæt på reservelisten' }));
    expect(await within(reserve).findByText('Dorte Lund')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post).toMatchObject({ url: '/api/staff/oncall/reserve', body: { email: 'dorte@example.dk' } });
  });

  it('writes durations and shares as Danish staff read them', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(270)).toBe('4 min 30 s');
    expect(formatDuration(3900)).toBe('1 t 5 min');
    expect(formatDuration(null)).toBeNull();
    expect(formatShare(0.875)).toMatch(/^88\s%$/);
  });
});
