import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/components/toaster';
import { company } from '~/content/company';
import { DamageReportForm } from './damage-report-form';

// The whole app suite runs in parallel; give async UI updates room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Stubs fetch: address lookups (from the Adresse field) get no suggestions, everything else `handler`. */
function stubApi(handler: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = vi.fn((url: string, init: RequestInit = {}) =>
    url.startsWith('/api/address') ? Promise.resolve(Response.json([])) : handler(url, init),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

function ThankYouProbe() {
  const location = useLocation();
  return <p>Tak-siden {location.search}</p>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/anmeldelse',
        element: (
          <>
            <DamageReportForm />
            <Toaster />
          </>
        ),
      },
      { path: '/tak', element: <ThankYouProbe /> },
    ],
    { initialEntries: ['/anmeldelse'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function choosePerson(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
}

function fillValid() {
  choosePerson('Privatperson');
  type(/^Fulde navn/, 'Ane Jensen');
  type(/^Telefon/, '12 34 56 78');
  fireEvent.change(screen.getByRole('combobox', { name: /^Adresse/ }), {
    target: { value: 'Eksempelvej 12, 4000 Roskilde' },
  });
  type(/^E-mail/, 'ane@example.dk');
  type(/^Forsikringsselskab/, 'Tryg');
  type(/^Skadetype/, 'vandskade');
  type(/^Beskrivelse/, 'Vand i kælderen.');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Send anmeldelse' }));
}

async function summaryText() {
  const summary = await screen.findByRole('alert', { name: 'Ret venligst følgende' });
  return summary.textContent ?? '';
}

describe('DamageReportForm', () => {
  it('asks who you are with the five person types and offers the insurers and damage types', () => {
    renderForm();
    const group = screen.getByRole('radiogroup', { name: /Hvem er du\?/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['privatperson', 'virksomhed', 'taksator', 'skadebehandler', 'forsikringsmagler']);
    expect(within(group).getByRole('radio', { name: 'Forsikringsmægler' })).toBeTruthy();
    const insurers = (screen.getByLabelText(/^Forsikringsselskab/) as HTMLSelectElement).options;
    expect(insurers).toHaveLength(15);
    expect(insurers[14]?.textContent).toBe('Andet forsikringsselskab');
    const damageTypes = Array.from((screen.getByLabelText(/^Skadetype/) as HTMLSelectElement).options);
    expect(damageTypes.map((o) => o.textContent)).toEqual([
      'Vælg skadetype',
      'Brandskade',
      'Vandskade',
      'Skybrudsskade',
      'Stormflod',
      'Stormskade',
      'Indbrud',
      'Andet',
    ]);
    expect(screen.getByRole('combobox', { name: /^Adresse/ }).getAttribute('autocomplete')).toBe(
      'street-address',
    );
  });

  it('lists every required field in the error summary and focuses it', async () => {
    const fetchSpy = stubApi(() => Promise.reject(new Error('not expected')));
    renderForm();
    submit();
    const text = await summaryText();
    for (const message of [
      'Vælg hvem du er',
      'Fulde navn er påkrævet',
      'Telefonnummer er påkrævet',
      'Adresse er påkrævet',
      'E-mail er påkrævet',
      'Vælg dit forsikringsselskab',
      'Vælg skadetype',
    ]) {
      expect(text).toContain(message);
    }
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('alert', { name: 'Ret venligst følgende' })),
    );
    expect(screen.getByRole('radiogroup', { name: /Hvem er du\?/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Vælg hvem du er' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Privatperson' }));
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/contact')).toEqual([]);
  });

  it('shows company name and CVR only for a company, and requires a valid CVR', async () => {
    renderForm();
    expect(screen.queryByLabelText(/^Virksomhedsnavn/)).toBeNull();
    expect(screen.queryByLabelText(/^CVR-nummer/)).toBeNull();
    choosePerson('Virksomhed');
    expect(screen.getByLabelText(/^Virksomhedsnavn/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^CVR-nummer/).getAttribute('inputmode')).toBe('numeric');
    submit();
    const text = await summaryText();
    expect(text).toContain('Virksomhedsnavn er påkrævet');
    expect(text).toContain('CVR-nummer er påkrævet');
    expect(text).not.toContain('Rekvirentens');
    type(/^CVR-nummer/, '12345678');
    submit();
    await waitFor(async () =>
      expect(await summaryText()).toContain('Indtast et gyldigt CVR-nummer (8 cifre)'),
    );
    choosePerson('Privatperson');
    expect(screen.queryByLabelText(/^CVR-nummer/)).toBeNull();
    submit();
    await waitFor(async () => expect(await summaryText()).not.toContain('CVR'));
  });

  it.each(['Taksator', 'Skadebehandler', 'Forsikringsmægler'])(
    'requires the requester for a %s',
    async (label) => {
      renderForm();
      expect(screen.queryByLabelText(/^Rekvirentens navn/)).toBeNull();
      choosePerson(label);
      for (const field of [/^Rekvirentens navn/, /^Rekvirentens telefon/, /^Rekvirentens e-mail/]) {
        expect(screen.getByLabelText(field).getAttribute('aria-required')).toBe('true');
      }
      expect(screen.queryByLabelText(/^Virksomhedsnavn/)).toBeNull();
      submit();
      const text = await summaryText();
      expect(text).toContain('Rekvirentens navn er påkrævet');
      expect(text).toContain('Rekvirentens telefonnummer er påkrævet');
      expect(text).toContain('Rekvirentens e-mail er påkrævet');
    },
  );

  it('rejects an invalid phone number and e-mail', async () => {
    renderForm();
    fillValid();
    type(/^Telefon/, '1234');
    type(/^E-mail/, 'ane@');
    submit();
    const text = await summaryText();
    expect(text).toContain('Indtast et gyldigt dansk telefonnummer (8 cifre)');
    expect(text).toContain('Ugyldig email adresse');
  });

  it('sends the assembled report with the images and goes to /tak with the reference', async () => {
    const bodies: Record<string, unknown>[] = [];
    let release!: (response: Response) => void;
    stubApi((url, init) => {
      expect(url).toBe('/api/contact');
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const router = renderForm();
    fillValid();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kaelder.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Vælg billeder'), { target: { files: [png] } });
    expect(await screen.findByText('Klar til email')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Billede 1: kaelder.png' })).toBeTruthy();
    submit();
    const sending = await screen.findByRole('button', { name: 'Sender...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([
      {
        type: 'anmeldelse',
        name: 'Ane Jensen',
        email: 'ane@example.dk',
        phone: '+4512345678',
        service: 'Tryg - Vandskade',
        message: [
          'Adresse: Eksempelvej 12, 4000 Roskilde',
          'Forsikringsselskab: Tryg',
          'Policenummer: Ikke angivet',
          'Skadenummer: Ikke angivet',
          'Skadetype: Vandskade',
          'Beskrivelse: Vand i kælderen.',
          'Hvem er du: Privatperson',
        ].join('\n'),
        images: ['data:image/png;base64,iVBORw=='],
      },
    ]);
    await act(async () => release(Response.json({ id: 'x', reference: 'SK-7QK2' }, { status: 201 })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(router.state.location.search).toBe('?ref=SK-7QK2');
  });

  it('stays on the form with "Fejl ved indsendelse" when the server fails', async () => {
    stubApi(async () => new Response('{"message":"Serverfejl"}', { status: 500 }));
    const router = renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Fejl ved indsendelse')).toBeTruthy();
    expect(screen.getByText(`Prøv igen eller ring til os på ${company.phoneDisplay}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/anmeldelse');
    expect((screen.getByLabelText(/^Fulde navn/) as HTMLInputElement).value).toBe('Ane Jensen');
  });

  it('refuses a non-image, and removes a chosen image', async () => {
    renderForm();
    const input = screen.getByLabelText('Vælg billeder');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.hasAttribute('multiple')).toBe(true);
    const images = ['a.png', 'b.png'].map(
      (name) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' }),
    );
    const pdf = new File(['%PDF'], 'faktura.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [...images, pdf] } });
    expect(await screen.findByText('faktura.pdf er ikke et billede og blev ikke tilføjet.')).toBeTruthy();
    expect(screen.getAllByText('Klar til email')).toHaveLength(2);
    expect(screen.getByText('2 af 10 billeder valgt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fjern billede 1' }));
    expect(screen.getAllByText('Klar til email')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Billede 1: b.png' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fjern billede 2' })).toBeNull();
  });

  it('says "Fejl ved behandling af billeder. Prøv igen." when a file cannot be read', async () => {
    class FailingReader extends EventTarget {
      result: string | null = null;
      error = new DOMException('unreadable');
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readAsDataURL() {
        setTimeout(() => this.onerror?.(), 0);
      }
    }
    vi.stubGlobal('FileReader', FailingReader);
    renderForm();
    const png = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Vælg billeder'), { target: { files: [png] } });
    expect(await screen.findByText('Fejl ved behandling af billeder. Prøv igen.')).toBeTruthy();
    expect(screen.queryByText('Klar til email')).toBeNull();
  });

  it('shows a processing state and holds the submit while files are read', async () => {
    let finish!: () => void;
    class SlowReader {
      result: string | null = null;
      error = null;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readAsDataURL() {
        finish = () => {
          this.result = 'data:image/png;base64,AAAA';
          this.onload?.();
        };
      }
    }
    vi.stubGlobal('FileReader', SlowReader);
    renderForm();
    const png = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Vælg billeder'), { target: { files: [png] } });
    expect(await screen.findByText('Behandler billeder...')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send anmeldelse' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await act(async () => finish());
    expect(await screen.findByText('1 af 10 billeder valgt')).toBeTruthy();
    expect(screen.getByText('Klar til email')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send anmeldelse' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('highlights the drop zone while files are dragged over it', () => {
    renderForm();
    const zone = screen.getByTestId('image-drop-zone');
    fireEvent.dragEnter(zone);
    expect(zone.getAttribute('data-drag-over')).toBe('true');
    expect(within(zone).getByText('Slip billederne her')).toBeTruthy();
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone.getAttribute('data-drag-over')).toBeNull();
  });
});
