import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail } from '../../../../tests/support/inbox';
import { LeadMessageCompose } from './message-compose';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = detail({ name: 'Karin Vestergaard', reference: 'SK-2002' });

describe('the composer’s greeting', () => {
  it('shows the greeting the e-mail adds, and none once the text greets on its own', () => {
    render(<LeadMessageCompose lead={lead} onSent={vi.fn()} onError={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Besked' });
    fireEvent.change(field, { target: { value: 'Vi kommer tirsdag kl. 9.' } });
    expect(screen.getByText(/E-mailen begynder med »Hej Karin Vestergaard,« før din tekst/)).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Hej Karin.\nVi kommer tirsdag kl. 9.' } });
    expect(screen.queryByText(/»Hej Karin Vestergaard,«/)).toBeNull();
    expect(screen.getByText(/Din tekst har sin egen hilsen, så e-mailen sætter ingen foran/)).toBeTruthy();
  });
});
