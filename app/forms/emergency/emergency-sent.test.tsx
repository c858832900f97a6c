import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/components/toaster';
import { EmergencyForm } from './emergency-form';
import { stubFetch } from '../../../tests/support/stub-fetch';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills the form as a sender would (`damage` as the damage type) and sends it; the API answers `answer`. */
async function send(answer: Record<string, unknown>, damage = 'vandskade') {
  stubFetch(async (url: string) =>
    url.startsWith('/api/address') ? Response.json([]) : Response.json(answer, { status: 201 }),
  );
  render(
    <>
      <EmergencyForm />
      <Toaster />
    </>,
  );
  type(/^Fulde navn\*?$/, 'Ane Jensen');
  type(/^Adresse\*?$/, 'Vestergade 1, 4000 Roskilde');
  type(/^Telefon\*?$/, '22 34 56 78');
  type(/^E-mail\*?$/, 'ane@example.dk');
  type(/^Forsikringsselskab\*?$/, 'Tryg');
  type(/^Skadetype\*?$/, damage);
  fireEvent.click(screen.getByRole('button', { name: 'Send akut henvendelse' }));
  return screen.findByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });
}

const advice = (region: HTMLElement) =>
  within(region)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the emergency form once sent', () => {
  it('keeps the reference, the promise and the case-link note on screen 15 s later, after the toast is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = await send({ id: '1', reference: 'SK-7F3K2' });
    // Focus moves to the confirmation, so a screen reader reads it out.
    expect(document.activeElement).toBe(within(sent).getByRole('heading', { level: 2 }));
    expect(await screen.findByText('Akut henvendelse sendt!')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(15_000));
    expect(screen.queryByText('Akut henvendelse sendt!')).toBeNull();
    expect(within(sent).getByTestId('reference').textContent).toContain('SK-7F3K2');
    expect(within(sent).getByText('Vi ringer til dig inden for 15 minutter på 22 34 56 78.')).toBeTruthy();
    expect(within(sent).getByText(/Du får et link til din sag på e-mail/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send akut henvendelse' })).toBeNull();
  });

  it('in surge tells a water damage the announced wait and puts the water advice first', async () => {
    const sent = await send({
      id: '1',
      reference: 'SK-7F3K2',
      callback: { minutes: 90, inSurge: true, critical: false },
    });
    expect(
      within(sent).getByText(
        'Vi har mange akutte henvendelser lige nu. Vi ringer til dig på 22 34 56 78, forventet ventetid: ca. 1½ time.',
      ),
    ).toBeTruthy();
    expect(advice(sent).slice(0, 3)).toEqual([
      'Slå strømmen fra i våde rum.',
      'Løft ting væk fra gulvet.',
      'Tag billeder af skaden, før du rydder op.',
    ]);
  });

  it('gives a fire the general advice, not the water advice, even in surge', async () => {
    const sent = await send(
      { id: '1', reference: 'SK-7F3K2', callback: { minutes: 90, inSurge: true, critical: false } },
      'brandskade',
    );
    expect(advice(sent)).not.toContain('Slå strømmen fra i våde rum.');
  });

  it('tells a danger to people it is first in line', async () => {
    const sent = await send({
      id: '1',
      reference: 'SK-7F3K2',
      callback: { minutes: 15, inSurge: true, critical: true },
    });
    expect(
      within(sent).getByText(
        'Du er forrest i køen, fordi der er fare for personer. Vi ringer til dig inden for 15 minutter på 22 34 56 78.',
      ),
    ).toBeTruthy();
  });

  it('tells a repeat we already have an emergency from them, with its own reference only', async () => {
    const sent = await send({
      id: '1',
      reference: 'SK-BBBBBB',
      duplicate: true,
      callback: { minutes: 40, inSurge: true, critical: false },
    });
    expect(within(sent).getByText(/^Vi har allerede en akut henvendelse fra dig/)).toBeTruthy();
    expect(within(sent).getByTestId('reference').textContent).toContain('SK-BBBBBB');
  });
});
