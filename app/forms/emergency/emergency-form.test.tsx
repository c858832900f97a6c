import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/components/toaster';
import { company, telHref } from '../../../domain/company';
import { leadSchema } from '../../../domain/lead';
import { triageQuestions } from '../../../domain/triage';
import { EmergencyForm } from './emergency-form';
import { stubFetch } from '../../../tests/support/stub-fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  return render(
    <>
      <EmergencyForm />
      <Toaster />
    </>,
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });

function fillValid() {
  type(/^Fulde navn\*?$/, 'Ane Jensen');
  type(/^Adresse\*?$/, 'Vestergade 1, 4000 Roskilde');
  type(/^Telefon\*?$/, '22 34 56 78');
  type(/^E-mail\*?$/, 'ane@example.dk');
  type(/^Forsikringsselskab\*?$/, 'Tryg');
  type(/^Skadetype\*?$/, 'vandskade');
  type(/^Beskrivelse\*?$/, 'Vand i kælderen.');
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send akut henvendelse' }));

describe('EmergencyForm', () => {
  it('labels every field, marks the required ones, explains the asterisk and sets autocomplete hints', () => {
    renderForm();
    expect(screen.getByText('Felter markeret med * skal udfyldes.')).toBeTruthy();
    for (const label of [
      /^Fulde navn\*?$/,
      /^Adresse\*?$/,
      /^Telefon\*?$/,
      /^E-mail\*?$/,
      /^Forsikringsselskab\*?$/,
      /^Skadetype\*?$/,
    ]) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
    }
    for (const label of [/^Policenummer\*?$/, /^Skadenummer\*?$/, /^Beskrivelse\*?$/]) {
      expect(field(label).getAttribute('aria-required')).toBeNull();
    }
    expect(field(/^Adresse\*?$/).getAttribute('role')).toBe('combobox');
    expect(field(/^Adresse\*?$/).getAttribute('autocomplete')).toBe('address-line1');
    expect(field(/^Telefon\*?$/).getAttribute('type')).toBe('tel');
    expect(field(/^Telefon\*?$/).getAttribute('inputmode')).toBe('tel');
    expect(field(/^E-mail\*?$/).getAttribute('type')).toBe('email');
    expect(field(/^Fulde navn\*?$/).getAttribute('autocomplete')).toBe('name');
    const insurers = Array.from(
      (field(/^Forsikringsselskab\*?$/) as unknown as HTMLSelectElement).options,
    ).map((o) => o.text);
    expect(insurers[0]).toBe('Vælg forsikringsselskab');
    expect(insurers).toContain('Lærerstandens Brandforsikring');
    expect(insurers).toHaveLength(15);
    expect(screen.getByRole('link', { name: `Ring ${company.phoneDisplay}` }).getAttribute('href')).toBe(
      telHref,
    );
    expect(screen.getByLabelText('Vælg billeder').getAttribute('type')).toBe('file');
  });

  it('shows the Danish messages tied to the fields and focuses the error summary', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    renderForm();
    submit();
    const summary = await screen.findByRole('alert', { name: 'Ret venligst følgende' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    for (const message of [
      'Fulde navn er påkrævet',
      'Adresse er påkrævet',
      'Telefonnummer er påkrævet',
      'Ugyldig email adresse',
      'Vælg dit forsikringsselskab',
      'Vælg skadetype',
    ]) {
      expect(summary.textContent).toContain(message);
    }
    const address = field(/^Adresse\*?$/);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    const describedBy = address.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Adresse er påkrævet',
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Vælg skadetype' }));
    expect(document.activeElement).toBe(field(/^Skadetype\*?$/));
  });

  it('sends the fields as typed as an emergency lead, shows "Sender..." while sending, then the confirmation in its place', async () => {
    let release!: (response: Response) => void;
    const calls: { url: string; body: unknown; credentials?: RequestCredentials }[] = [];
    stubFetch((url: string, init: RequestInit) => {
      if (url.startsWith('/api/address')) return Promise.resolve(Response.json([]));
      calls.push({ url, body: JSON.parse(String(init.body)), credentials: init.credentials });
      return new Promise<Response>((resolve) => (release = resolve));
    });
    renderForm();
    fillValid();
    const danger = screen.getByRole('radiogroup', { name: triageQuestions.personfare });
    fireEvent.click(within(danger).getByRole('radio', { name: 'Ja' }));
    const sewage = screen.getByRole('radiogroup', { name: triageQuestions.kloakvand });
    fireEvent.click(within(sewage).getByRole('radio', { name: 'Nej' }));
    submit();
    const sending = await screen.findByRole('button', { name: 'Sender...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(calls).toEqual([
      {
        url: '/api/leads',
        credentials: 'include',
        body: {
          kind: 'akut-skade',
          fuldeNavn: 'Ane Jensen',
          adresse: 'Vestergade 1, 4000 Roskilde',
          telefon: '22 34 56 78',
          email: 'ane@example.dk',
          forsikringsselskab: 'Tryg',
          policeNr: '',
          skadeNr: '',
          skadetype: 'vandskade',
          besked: 'Vand i kælderen.',
          personfare: 'ja',
          kloakvand: 'nej',
          // Questions left out go as empty answers, which the schema reads as none.
          ubeboelig: '',
          saarbare: '',
          images: [],
        },
      },
    ]);
    // Exactly what the server validates: the emergency lead's input.
    expect(leadSchema.safeParse(calls[0]?.body).success).toBe(true);
    await act(async () => release(Response.json({ id: '1', reference: 'A-1' }, { status: 201 })));
    expect(await screen.findByText('Akut henvendelse sendt!')).toBeTruthy();
    const sent = screen.getByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });
    expect(within(sent).getByText('Vi ringer til dig inden for 15 minutter på 22 34 56 78.')).toBeTruthy();
    expect(within(sent).getByTestId('reference').textContent).toContain('A-1');
    // The form is gone: nothing blank to send again.
    expect(screen.queryByRole('form', { name: 'Akut henvendelse' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send akut henvendelse' })).toBeNull();
  });

  it('asks the four quick questions in one optional group, each a ja/nej pair of radios', () => {
    renderForm();
    const group = screen.getByRole('group', {
      name: 'Hurtige spørgsmål – så vi ved, hvem vi skal ringe til først',
    });
    const questions = within(group).getAllByRole('radiogroup');
    expect(questions.map((question) => question.getAttribute('aria-labelledby'))).toHaveLength(4);
    for (const [name, text] of Object.entries(triageQuestions)) {
      const question = within(group).getByRole('radiogroup', { name: text });
      const radios = within(question).getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((radio) => [radio.name, radio.value, radio.checked])).toEqual([
        [name, 'ja', false],
        [name, 'nej', false],
      ]);
      expect(radios.map((radio) => radio.getAttribute('aria-required'))).toEqual([null, null]);
    }
    // Not required: a form without answers goes through the schema.
    expect(within(group).getByText(/Valgfrit/)).toBeTruthy();
  });

  it('refuses a phone number no series holds, in Danish, before sending anything', async () => {
    const fetchSpy = vi.fn(async (_url: string) => Response.json([]));
    stubFetch(fetchSpy);
    renderForm();
    fillValid();
    type(/^Telefon\*?$/, '+45 00 00 00 00');
    submit();
    const summary = await screen.findByRole('alert', { name: 'Ret venligst følgende' });
    expect(summary.textContent).toContain('Telefonnummeret findes ikke – tjek cifrene');
    expect(field(/^Telefon\*?$/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchSpy.mock.calls.some(([url]) => String(url).startsWith('/api/leads'))).toBe(false);
  });

  it('shows the failure toast with the phone number and keeps the input', async () => {
    stubFetch(async (url: string) =>
      url.startsWith('/api/address') ? Response.json([]) : new Response('Bad Gateway', { status: 502 }),
    );
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Der opstod en fejl')).toBeTruthy();
    expect(screen.getByText(`Prøv igen eller ring direkte til os på ${company.phoneDisplay}`)).toBeTruthy();
    expect(field(/^Fulde navn\*?$/).value).toBe('Ane Jensen');
  });

  it("shows the server's message about a photo at the photos and keeps the input", async () => {
    stubFetch(async (url: string) =>
      url.startsWith('/api/address')
        ? Response.json([])
        : Response.json(
            {
              message: 'Et af billederne blev ikke genkendt. Upload det igen.',
              errors: { images: ['Et af billederne blev ikke genkendt. Upload det igen.'] },
            },
            { status: 400 },
          ),
    );
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Der opstod en fejl')).toBeTruthy();
    expect(
      screen.getByText(
        `Et af billederne blev ikke genkendt. Upload det igen. Prøv igen eller ring direkte til os på ${company.phoneDisplay}`,
      ),
    ).toBeTruthy();
    const summary = await screen.findByRole('alert', { name: 'Ret venligst følgende' });
    fireEvent.click(
      within(summary).getByRole('link', { name: 'Et af billederne blev ikke genkendt. Upload det igen.' }),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Vælg billeder'));
    expect(field(/^Fulde navn\*?$/).value).toBe('Ane Jensen');
  });
});
