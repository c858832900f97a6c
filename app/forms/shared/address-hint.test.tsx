import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAddressSuggestions } from '~/components/address-suggestions';
import { EmergencyForm } from '../emergency/emergency-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetAddressSuggestions();
});

/** The server's answer to the forms' question; every other call answers 404. */
function serverWithSuggestions(state: 'on' | 'off' | 'unreachable') {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    asked.push(url);
    if (!url.startsWith('/api/address')) return new Response('{}', { status: 404 });
    if (state === 'unreachable') throw new TypeError('Failed to fetch');
    return new Response('[]', {
      headers: { 'Content-Type': 'application/json', 'X-Address-Suggestions': state },
    });
  });
  return asked;
}

const hint = () => {
  const field = screen.getByLabelText(/^Adresse\*?$/);
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('the address field hint', () => {
  it('promises suggestions when the server gives them', async () => {
    const asked = serverWithSuggestions('on');
    render(<EmergencyForm />);
    // Nothing is asked, and nothing promised, before someone goes to the field.
    expect(hint()).not.toContain('forslag');
    expect(asked.filter((url) => url.startsWith('/api/address'))).toEqual([]);
    fireEvent.focus(screen.getByLabelText(/^Adresse\*?$/));
    fireEvent.focus(screen.getByLabelText(/^Adresse\*?$/));
    await waitFor(() =>
      expect(hint()).toContain('Skadestedets adresse. Skriv mindst 3 tegn for at få forslag.'),
    );
    expect(asked.filter((url) => url === '/api/address?q=')).toHaveLength(1);
  });

  it('promises none with ADDRESS_API_KIND=off, nor when the server cannot be asked', async () => {
    for (const state of ['off', 'unreachable'] as const) {
      const asked = serverWithSuggestions(state);
      render(<EmergencyForm />);
      fireEvent.focus(screen.getByLabelText(/^Adresse\*?$/));
      await waitFor(() => expect(asked).toContain('/api/address?q='));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(hint()).toContain('Skadestedets adresse.');
      expect(hint()).not.toContain('forslag');
      cleanup();
      forgetAddressSuggestions();
    }
  });
});
