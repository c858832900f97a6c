import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../../../tests/support/inbox';
import { UrgentLeads } from './urgent-leads';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen's width as a media query sees it. */
function screenWidth(pixels: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: Number(/min-width: (\d+)rem/.exec(query)?.[1] ?? 0) * 16 <= pixels,
    media: query,
  }));
}

function renderBlock(count: number, total: number) {
  const leads = Array.from({ length: count }, (_, index) =>
    summary({ id: `e${index}`, name: `Kunde ${index}`, kind: 'akut-skade', status: 'new' }),
  );
  const router = createMemoryRouter([{ path: '/', element: <UrgentLeads leads={leads} total={total} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByRole('region', { name: new RegExp(`Nye akutte skader \\(${total}\\)`) });
}

describe('the new emergencies above the list', () => {
  it('starts folded on a phone, its count and heading still in view', () => {
    screenWidth(390);
    const block = renderBlock(50, 96);
    const details = block.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(block).getByRole('heading', { level: 2 }).textContent).toBe('Nye akutte skader (96)');
  });

  it('starts open on a wide screen, with the whole list a link away when there are more than shown', () => {
    screenWidth(1280);
    const block = renderBlock(50, 96);
    expect(block.querySelector('details')!.open).toBe(true);
    expect(within(block).getByText(/Viser de 50 første af 96, kritiske først\./)).toBeTruthy();
    expect(
      within(block).getByRole('link', { name: 'Se alle 96 nye akutte skader' }).getAttribute('href'),
    ).toBe('/indbakke?status=new&akut=ja&sort=priority');
  });

  it('says nothing of more when all are shown', () => {
    screenWidth(1280);
    const block = renderBlock(2, 2);
    expect(within(block).queryByText(/Viser de/)).toBeNull();
    expect(within(block).queryByRole('link', { name: /Se alle/ })).toBeNull();
  });
});
