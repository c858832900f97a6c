import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { detail } from '../../../../tests/support/inbox';
import { LeadDuplicates } from './duplicates';

afterEach(cleanup);

function show(lead: ReturnType<typeof detail>) {
  return render(
    <MemoryRouter>
      <LeadDuplicates lead={lead} />
    </MemoryRouter>,
  );
}

describe('the links between duplicate emergencies on the lead page', () => {
  it('links a duplicate to the emergency it repeats', () => {
    show(detail({ duplicateOf: { id: 'a1', reference: 'SK-AAAAAA' }, duplicates: [] }));
    expect(screen.getByTestId('duplicates').textContent).toContain('Dublet af SK-AAAAAA');
    expect(screen.getByRole('link', { name: 'SK-AAAAAA' }).getAttribute('href')).toBe(
      '/indbakke/henvendelse/a1',
    );
  });

  it('links the original to each of its duplicates', () => {
    show(
      detail({
        duplicateOf: null,
        duplicates: [
          { id: 'b2', reference: 'SK-BBBBBB' },
          { id: 'c3', reference: 'SK-CCCCCC' },
        ],
      }),
    );
    expect(screen.getByTestId('duplicates').textContent).toContain('Dubletter: SK-BBBBBB, SK-CCCCCC');
    expect(screen.getByRole('link', { name: 'SK-CCCCCC' }).getAttribute('href')).toBe(
      '/indbakke/henvendelse/c3',
    );
  });

  it('shows nothing for a lead without duplicates', () => {
    show(detail({ duplicateOf: null, duplicates: [] }));
    expect(screen.queryByTestId('duplicates')).toBeNull();
  });
});
