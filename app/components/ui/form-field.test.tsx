import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorSummary, summaryItems } from './error-summary';
import { FormField } from './form-field';
import { Input } from './input';
import { RequiredFieldsNote } from './label';
import { Select } from './select';

afterEach(cleanup);

describe('FormField', () => {
  it('labels its control, marks it required and ties hint and error to it', () => {
    render(
      <FormField id="f-email" label="E-mail" required hint="Vi deler den ikke" error="E-mail er påkrævet">
        {(control) => <Input {...control} type="email" />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-email-hint f-email-error');
    expect(document.getElementById('f-email-error')?.textContent).toBe('E-mail er påkrævet');
    // The asterisk is visual only.
    expect(screen.getByText('*').getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves an optional, valid field without aria-required, aria-invalid or a description', () => {
    render(
      <FormField id="f-phone" label="Telefon">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Telefon' });
    expect(input.hasAttribute('aria-required')).toBe(false);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });
});

describe('Select', () => {
  it('renders a native select with an empty placeholder choice', () => {
    render(
      <FormField id="f-type" label="Skadetype">
        {(control) => (
          <Select {...control} options={[{ value: 'vandskade', label: 'Vandskade' }]} placeholder="Vælg" />
        )}
      </FormField>,
    );
    const select = screen.getByRole('combobox', { name: 'Skadetype' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Vælg'],
      ['vandskade', 'Vandskade'],
    ]);
  });
});

describe('RequiredFieldsNote', () => {
  it('explains the asterisk', () => {
    render(<RequiredFieldsNote />);
    expect(screen.getByText('Felter markeret med * skal udfyldes.')).toBeTruthy();
  });
});

describe('ErrorSummary', () => {
  function Harness() {
    const [attempts, setAttempts] = useState(0);
    const items = summaryItems(
      { name: { message: 'Navn er påkrævet' }, email: undefined },
      { email: 'e', name: 'n' },
    );
    return (
      <>
        <button onClick={() => setAttempts((n) => n + 1)}>Send</button>
        {attempts > 0 ? <ErrorSummary items={items} focusKey={attempts} /> : null}
        <input id="n" aria-label="Navn" />
      </>
    );
  }

  it('takes focus after a failed submit and its links focus the field', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const summary = screen.getByRole('alert', { name: 'Ret venligst følgende' });
    expect(document.activeElement).toBe(summary);
    fireEvent.click(screen.getByRole('link', { name: 'Navn er påkrævet' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Navn' }));
  });

  it('renders nothing without errors', () => {
    render(<ErrorSummary items={[]} focusKey={3} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists errors in the given field order, skipping fields without a message', () => {
    expect(
      summaryItems(
        { b: { message: 'B' }, a: { message: 'A' }, c: { message: undefined } },
        { a: 'id-a', b: 'id-b', c: 'id-c' },
      ),
    ).toEqual([
      { id: 'id-a', message: 'A' },
      { id: 'id-b', message: 'B' },
    ]);
  });
});
