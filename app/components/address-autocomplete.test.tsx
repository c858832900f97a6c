import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AddressAutocomplete,
  type AddressSuggestion,
  type FetchAddressSuggestions,
} from './address-autocomplete';

const addresses = (n: number): AddressSuggestion[] =>
  Array.from({ length: n }, (_, i) => ({ tekst: `Vestergade ${i + 1}, 4000 Roskilde` }));

function Harness({
  fetchSuggestions,
  onBlur,
}: {
  fetchSuggestions: FetchAddressSuggestions;
  onBlur?: () => void;
}) {
  const [value, setValue] = useState('');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="adresse">Adresse</label>
      <AddressAutocomplete
        id="adresse"
        name="adresse"
        value={value}
        onChange={setValue}
        onBlur={onBlur}
        aria-describedby="adresse-fejl"
        aria-invalid
        fetchSuggestions={fetchSuggestions}
      />
      <span data-testid="value">{value}</span>
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Adresse' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (name: string) => fireEvent.keyDown(input(), { key: name });

/** Lets the debounce run out and the (fake) request resolve. */
async function settle(ms = 300) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('AddressAutocomplete', () => {
  it('is an ARIA 1.2 combobox that passes name, aria-invalid and aria-describedby through', () => {
    render(<Harness fetchSuggestions={vi.fn()} />);
    const field = input();
    expect(field.getAttribute('aria-autocomplete')).toBe('list');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-controls')).toBe('adresse-forslag');
    expect(field.getAttribute('name')).toBe('adresse');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('adresse-fejl');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('asks only from 3 characters, once, 300 ms after the last keystroke', async () => {
    const fetchSuggestions = vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3));
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    type('Ve');
    await settle(1000);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    type('Ves');
    await settle(100);
    type('Vest');
    await settle(299);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await settle(1);
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]?.[0]).toBe('Vest');
    expect(screen.getByTestId('value').textContent).toBe('Vest');
  });

  it('shows a spinner while loading, then the list and a polite announcement of the count', async () => {
    let resolve: (value: AddressSuggestion[]) => void = () => undefined;
    const fetchSuggestions = vi.fn<FetchAddressSuggestions>(
      () => new Promise<AddressSuggestion[]>((r) => (resolve = r)),
    );
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    type('Vestergade');
    await settle();
    expect(screen.getByTestId('adresse-spinner')).toBeTruthy();
    expect(input().getAttribute('aria-busy')).toBe('true');
    await act(async () => resolve(addresses(5)));
    expect(screen.queryByTestId('adresse-spinner')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(screen.getByRole('status').textContent).toBe('5 adresseforslag');
  });

  it('shows at most 8 suggestions', async () => {
    render(<Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(12))} />);
    type('Vestergade');
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(8);
  });

  it('shows no list when there are no results', async () => {
    render(<Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockResolvedValue([])} />);
    type('Zzzvej');
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with ArrowDown/ArrowUp, chooses with Enter and keeps the form from submitting', async () => {
    render(<Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3))} />);
    type('Vestergade');
    await settle();
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe('adresse-forslag-0');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe('adresse-forslag-0');
    key('ArrowUp');
    expect(input().getAttribute('aria-activedescendant')).toBe('adresse-forslag-2');
    expect(screen.getAllByRole('option')[2]?.getAttribute('aria-selected')).toBe('true');
    const enter = fireEvent.keyDown(input(), { key: 'Enter' });
    expect(enter).toBe(false); // default prevented: Enter chose, it did not submit
    expect(input().value).toBe('Vestergade 3, 4000 Roskilde');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Escape and keeps the typed text', async () => {
    render(<Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3))} />);
    type('Vestergade');
    await settle();
    key('ArrowDown');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().value).toBe('Vestergade');
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('chooses a suggestion with the mouse', async () => {
    render(<Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3))} />);
    type('Vestergade');
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'Vestergade 2, 4000 Roskilde' }));
    expect(input().value).toBe('Vestergade 2, 4000 Roskilde');
  });

  it('stays free text and shows nothing when the lookup fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <Harness fetchSuggestions={vi.fn<FetchAddressSuggestions>().mockRejectedValue(new Error('503'))} />,
    );
    type('Min egen vej 7');
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByTestId('adresse-spinner')).toBeNull();
    expect(input().value).toBe('Min egen vej 7');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('ignores an answer that arrives after the text changed again', async () => {
    const pending: ((value: AddressSuggestion[]) => void)[] = [];
    const fetchSuggestions = vi.fn<FetchAddressSuggestions>(
      () => new Promise<AddressSuggestion[]>((r) => pending.push(r)),
    );
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    type('Vestergade');
    await settle();
    type('Vestergade 9');
    await settle();
    await act(async () => pending[0]?.(addresses(4)));
    expect(screen.queryByRole('listbox')).toBeNull();
    await act(async () => pending[1]?.(addresses(2)));
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it.each([
    ['leaves the field', () => fireEvent.blur(input())],
    ['presses Escape', () => key('Escape')],
  ])('opens no list later once the visitor %s before the lookup answers', async (_, leave) => {
    const fetchSuggestions = vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3));
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    type('Vestergade');
    leave();
    await settle(1000);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().value).toBe('Vestergade');
  });

  it('calls onBlur when focus leaves the field', () => {
    const onBlur = vi.fn();
    render(<Harness fetchSuggestions={vi.fn()} onBlur={onBlur} />);
    fireEvent.blur(input());
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('AddressAutocomplete inside a form that resets', () => {
  it('drops a pending lookup when the value is reset from outside', async () => {
    const fetchSuggestions = vi.fn<FetchAddressSuggestions>().mockResolvedValue(addresses(3));
    function Resettable() {
      const [value, setValue] = useState('');
      return (
        <>
          <label htmlFor="a">Adresse</label>
          <AddressAutocomplete id="a" value={value} onChange={setValue} fetchSuggestions={fetchSuggestions} />
          <button type="button" onClick={() => setValue('')}>
            Nulstil
          </button>
        </>
      );
    }
    render(<Resettable />);
    type('Vestergade');
    fireEvent.click(screen.getByRole('button', { name: 'Nulstil' }));
    await settle(1000);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
