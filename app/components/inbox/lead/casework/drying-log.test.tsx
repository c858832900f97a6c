import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DryingLog } from './drying-log';
import { json, stubStaffApi, type FetchCall } from '../../../../../tests/support/inbox';
import type { MoistureReading } from '../../../../../domain/staff-api/moisture';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const leadId = '33333333-3333-4333-8333-333333333333';
const path = `/api/staff/leads/${leadId}/moisture`;

let seq = 0;
function reading(values: Partial<MoistureReading>): MoistureReading {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    room: 'Stue',
    point: 'A',
    value: 28,
    unit: 'pct',
    method: null,
    material: null,
    target: null,
    at: '2026-12-01T09:00:00.000Z',
    by: 'Tom Tekniker',
    recordedAt: '2026-12-01T09:01:00.000Z',
    ...values,
  };
}

/** A staff API holding `initial` readings: it lists, records and withdraws as the server would. */
function serve(initial: MoistureReading[], refuse?: (call: FetchCall) => Response | undefined) {
  let readings = [...initial];
  return stubStaffApi((call) => {
    const refusal = refuse?.(call);
    if (refusal) return refusal;
    if (call.url === path && call.method === 'GET') return json({ readings });
    if (call.url === path && call.method === 'POST') {
      const created = reading({ ...(call.body as Partial<MoistureReading>), at: '2026-12-15T09:00:00.000Z' });
      readings = [...readings, created];
      return json({ reading: created }, 201);
    }
    if (call.method === 'DELETE' && call.url.startsWith(`${path}/`)) {
      readings = readings.filter((r) => !call.url.endsWith(r.id));
      return json({ ok: true });
    }
    return json({ message: 'Kaldet mislykkedes.' }, 500);
  });
}

const fill = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The drying log of a lead with no readings yet, shown; answers the calls to the stand-in API. */
async function openEmptyLog() {
  const calls = serve([]);
  render(<DryingLog leadId={leadId} onError={() => {}} />);
  await screen.findByText('Der er ingen fugtmålinger endnu.');
  return calls;
}

describe('the drying log on the lead page', () => {
  it('draws a curve per point and unit, named in one sentence, with its readings in a table', async () => {
    serve([
      reading({ value: 28, target: 15, method: 'Træfugtmåler' }),
      reading({ value: 16, at: '2026-12-15T09:00:00.000Z' }),
      reading({ room: 'Køkken', point: 'B', value: 140, unit: 'digits' }),
    ]);
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    const curve = await screen.findByRole('img', {
      name: 'Stue, punkt A: fra 28 % den 1.12. til 16 % den 15.12., mål 15 %',
    });
    expect(curve.getAttribute('style')).toBeNull();
    expect(screen.getByRole('img', { name: 'Køkken, punkt B: 140 digits den 1.12.' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Målinger: Stue, punkt A, mål 15 %' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['1.12. kl. 10.00', '28 %', 'Træfugtmåler', 'Tom Tekniker'],
      ['15.12. kl. 10.00', '16 %', '', 'Tom Tekniker'],
    ]);
  });

  it('says so when nothing is measured yet', async () => {
    serve([]);
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    expect(await screen.findByText('Der er ingen fugtmålinger endnu.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('records a reading written with a decimal comma, and starts the next one at the same room and point', async () => {
    const calls = await openEmptyLog();
    fill(/^Rum/, 'Badeværelse');
    fill(/^Målepunkt/, 'Gulv ved vask');
    fill(/^Måling/, '16,5');
    fill(/^Målværdi/, '15');
    fireEvent.click(screen.getByRole('button', { name: 'Gem måling' }));
    expect(
      await screen.findByText('Målingen 16,5 % er gemt for Badeværelse, punkt Gulv ved vask.'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      room: 'Badeværelse',
      point: 'Gulv ved vask',
      value: 16.5,
      unit: 'pct',
      target: 15,
    });
    expect(
      await screen.findByRole('img', {
        name: 'Badeværelse, punkt Gulv ved vask: 16,5 % den 15.12., mål 15 %',
      }),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Måling/) as HTMLInputElement).value).toBe('');

    // The next visit to this lead's page starts where the technician last measured.
    cleanup();
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    await screen.findByRole('img');
    expect((screen.getByLabelText(/^Rum/) as HTMLInputElement).value).toBe('Badeværelse');
    expect((screen.getByLabelText(/^Målepunkt/) as HTMLInputElement).value).toBe('Gulv ved vask');
  });

  it('keeps a next value typed while the curves reload after a save', async () => {
    let saved: MoistureReading[] = [];
    let releaseReload = () => {};
    const reloaded = new Promise<void>((resolve) => (releaseReload = resolve));
    stubStaffApi(async (call) => {
      if (call.method === 'POST') {
        saved = [reading({ ...(call.body as Partial<MoistureReading>) })];
        return json({ reading: saved[0] }, 201);
      }
      if (saved.length > 0) await reloaded;
      return json({ readings: saved });
    });
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    await screen.findByText('Der er ingen fugtmålinger endnu.');
    fill(/^Rum/, 'Stue');
    fill(/^Målepunkt/, 'A');
    fill(/^Måling/, '28');
    fireEvent.click(screen.getByRole('button', { name: 'Gem måling' }));
    await screen.findByText('Målingen 28 % er gemt for Stue, punkt A.');
    expect((screen.getByLabelText(/^Måling/) as HTMLInputElement).value).toBe('');
    fill(/^Måling/, '24,5');
    releaseReload();
    await screen.findByRole('img', { name: 'Stue, punkt A: 28 % den 1.12.' });
    expect((screen.getByLabelText(/^Måling/) as HTMLInputElement).value).toBe('24,5');
  });

  it("shows the server's Danish refusal at its field", async () => {
    const message = 'En måling i digits skal ligge mellem 0 og 200.';
    const calls = serve([], (call) =>
      call.method === 'POST'
        ? json({ message: 'Nogle af oplysningerne er ugyldige.', errors: { value: [message] } }, 400)
        : undefined,
    );
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    await screen.findByText('Der er ingen fugtmålinger endnu.');
    fill(/^Rum/, 'Stue');
    fill(/^Målepunkt/, 'A');
    fill(/^Måling/, '250');
    fireEvent.change(screen.getByLabelText(/^Enhed/), { target: { value: 'digits' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem måling' }));
    const field = screen.getByLabelText(/^Måling/);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain('drying-value-error');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('refuses a value that is not a number before asking the server', async () => {
    const calls = await openEmptyLog();
    fill(/^Rum/, 'Stue');
    fill(/^Målepunkt/, 'A');
    fill(/^Måling/, 'tør');
    fireEvent.click(screen.getByRole('button', { name: 'Gem måling' }));
    expect(await screen.findByText('Skriv målingen som et tal, fx 16,5.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('withdraws a mistaken reading, which leaves the curve', async () => {
    const mistaken = reading({ value: 3, at: '2026-12-02T09:00:00.000Z' });
    const calls = serve([reading({ value: 28 }), mistaken]);
    render(<DryingLog leadId={leadId} onError={() => {}} />);
    await screen.findByRole('img', { name: 'Stue, punkt A: fra 28 % den 1.12. til 3 % den 2.12.' });
    fireEvent.click(screen.getByRole('button', { name: 'Træk tilbage: målingen 3 % 2.12. kl. 10.00' }));
    expect(await screen.findByText('Målingen 3 % er trukket tilbage.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Stue, punkt A: 28 % den 1.12.' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === `${path}/${mistaken.id}`)).toBe(
      true,
    );
  });
});
