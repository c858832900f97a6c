import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlCharacterMessage } from '../../../domain/fields';
import { Toaster } from '~/components/toaster';
import { company } from '../../../domain/company';
import { ContactForm } from './contact-form';
import { stubFetch } from '../../../tests/support/stub-fetch';

// The whole app suite runs in parallel; give async UI updates room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  return render(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  type(/^Navn/, 'Ane Jensen');
  type(/^E-mail/, 'ane@example.dk');
  type(/^Telefon/, '22 34 56 78');
  type(/^Hvad drejer det sig om/, 'genhusning');
  type(/^Besked/, 'Vi har brug for hjælp.');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
}

describe('ContactForm', () => {
  it('labels every field, marks the required ones and explains the asterisk', () => {
    renderForm();
    expect(screen.getByText('Felter markeret med * skal udfyldes.')).toBeTruthy();
    for (const label of [/^Navn/, /^E-mail/, /^Hvad drejer det sig om/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-required')).toBe('true');
    }
    expect(screen.getByLabelText(/^Telefon/).getAttribute('aria-required')).toBeNull();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/^E-mail/).getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText(/^Telefon/).getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText(/^Navn/).getAttribute('autocomplete')).toBe('name');
  });

  it('offers the six services with their Danish labels', () => {
    renderForm();
    const options = Array.from(
      (screen.getByLabelText(/^Hvad drejer det sig om/) as HTMLSelectElement).options,
    );
    expect(options.map((o) => o.textContent)).toEqual([
      'Vælg ydelse',
      'Akut skadehåndtering',
      'Forebyggelse',
      'Dokumentering',
      'Genhusning',
      'Skadestyring',
      'Andet',
    ]);
  });

  it('shows Danish errors tied to the fields and focuses the error summary when required fields are empty', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    renderForm();
    submit();
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Ret venligst følgende');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain('Navn er påkrævet');
    expect(summary.textContent).toContain('E-mail er påkrævet');
    expect(summary.textContent).toContain('Vælg en ydelse');

    const name = screen.getByLabelText(/^Navn/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Navn er påkrævet');
    expect(fetchSpy).not.toHaveBeenCalled();

    // The summary's link moves focus to its field.
    fireEvent.click(screen.getByRole('link', { name: 'E-mail er påkrævet' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^E-mail/));
  });

  it('rejects an invalid e-mail and phone number', async () => {
    renderForm();
    fillValid();
    type(/^E-mail/, 'ane@');
    type(/^Telefon/, '123');
    submit();
    expect(await screen.findAllByText('Indtast en gyldig e-mail')).toHaveLength(2);
    expect(screen.getAllByText('Indtast et gyldigt dansk telefonnummer (8 cifre)')).toHaveLength(2);
  });

  it('sends the five fields as they were typed, as a contact lead, shows "Sender besked..." while sending, then thanks and resets', async () => {
    let release!: (response: Response) => void;
    const requests: { url: string; method?: string; body: unknown }[] = [];
    stubFetch((url: string, init: RequestInit) => {
      requests.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
      return new Promise<Response>((resolve) => (release = resolve));
    });
    renderForm();
    fillValid();
    submit();
    const sending = await screen.findByRole('button', { name: 'Sender besked...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(requests).toEqual([
      {
        url: '/api/leads',
        method: 'POST',
        body: {
          kind: 'kontakt',
          name: 'Ane Jensen',
          email: 'ane@example.dk',
          phone: '22 34 56 78',
          service: 'genhusning',
          message: 'Vi har brug for hjælp.',
        },
      },
    ]);
    await act(async () => release(Response.json({ id: '1', reference: 'K-1' }, { status: 201 })));
    expect(await screen.findByText('Tak for din besked!')).toBeTruthy();
    expect(
      screen.getByText(
        `Din reference er K-1. Vi vender tilbage inden for 24 timer. Haster det, så ring til os på ${company.phoneDisplay}.`,
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Navn/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Hvad drejer det sig om/) as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send besked' })).toBeTruthy();
  });

  it("shows the server's message in a failure toast and keeps the input", async () => {
    stubFetch(async () => Response.json({ message: 'For mange henvendelser' }, { status: 429 }));
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Der opstod en fejl')).toBeTruthy();
    expect(screen.getByText('For mange henvendelser')).toBeTruthy();
    expect((screen.getByLabelText(/^Navn/) as HTMLInputElement).value).toBe('Ane Jensen');
  });

  it('falls back to "Prøv venligst igen senere." when the request fails without a message', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Der opstod en fejl')).toBeTruthy();
    expect(screen.getByText('Prøv venligst igen senere.')).toBeTruthy();
  });

  it('accepts a foreign phone number and refuses control characters in the name', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    renderForm();
    fillValid();
    type(/^Telefon/, '+46 70 123');
    type(/^Navn/, 'Ane\u0007 Jensen');
    submit();
    expect(await screen.findAllByText(controlCharacterMessage)).toHaveLength(2);
    expect(
      screen.getAllByText('Indtast et gyldigt udenlandsk nummer: + og landekode, f.eks. +46 70 123 45 67'),
    ).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the fields when it refuses the lead", async () => {
    stubFetch(async () =>
      Response.json(
        {
          message: 'Nogle af oplysningerne er ugyldige. Ret de markerede felter og prøv igen.',
          errors: { email: ['Indtast en gyldig e-mail'] },
        },
        { status: 400 },
      ),
    );
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Der opstod en fejl')).toBeTruthy();
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Indtast en gyldig e-mail' })).toBeTruthy();
    expect(screen.getByLabelText(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
  });
});
