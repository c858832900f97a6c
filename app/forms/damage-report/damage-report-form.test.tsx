import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/components/toaster';
import { company } from '../../../domain/company';
import { urgentWorkRequestText } from '../../../domain/urgent-work-request';
import { leadSchema } from '../../../domain/lead';
import { DamageReportForm } from './damage-report-form';
import { stubFetch } from '../../../tests/support/stub-fetch';

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
  stubFetch(fn);
  return fn;
}

/** Stubs the API to take every lead as `reference`; the bodies posted, in order. */
function acceptLeads(reference: string): Record<string, unknown>[] {
  const leads: Record<string, unknown>[] = [];
  stubApi(async (_url, init) => {
    leads.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return Response.json({ id: 'x', reference }, { status: 201 });
  });
  return leads;
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

/**
 * Whether the page shows a field: the company's and the requester's fields are always in the form,
 * and app.css shows a block (data-branch-fields) only while a radio of its branch (data-branch) is
 * checked. happy-dom applies no style sheet, so the rule is read here.
 */
function shown(label: RegExp): boolean {
  const block = screen.getByLabelText(label).closest<HTMLElement>('[data-branch-fields]');
  if (!block) return true;
  return document.querySelector(`input[data-branch="${block.dataset.branchFields}"]:checked`) !== null;
}

function choosePerson(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
}

function fillValid() {
  choosePerson('Privatperson');
  type(/^Fulde navn/, 'Ane Jensen');
  type(/^Telefon/, '22 34 56 78');
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

function photo(name: string) {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

function pick(files: File[]) {
  fireEvent.change(screen.getByLabelText('Vælg billeder'), { target: { files } });
}

/** The upload URLs the stubbed server hands out, and what the lead names (without the signature). */
const uploadedUrl = (n: number) => `http://127.0.0.1/api/objects/upload/0000000${n}`;
const signedUrl = (n: number) => `${uploadedUrl(n)}?expires=1900000000&signature=s${n}`;

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
      'address-line1',
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
    expect(fetchSpy.mock.calls.filter(([url]) => url === '/api/leads')).toEqual([]);
  });

  it('shows company name and CVR only for a company, and requires a valid CVR', async () => {
    renderForm();
    expect(shown(/^Virksomhedsnavn/)).toBe(false);
    expect(shown(/^CVR-nummer/)).toBe(false);
    choosePerson('Virksomhed');
    expect(shown(/^Virksomhedsnavn/)).toBe(true);
    expect(shown(/^CVR-nummer/)).toBe(true);
    expect(shown(/^Rekvirentens navn/)).toBe(false);
    expect(screen.getByLabelText(/^Virksomhedsnavn/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText(/^CVR-nummer/).getAttribute('inputmode')).toBe('numeric');
    submit();
    const text = await summaryText();
    expect(text).toContain('Virksomhedsnavn er påkrævet');
    expect(text).toContain('CVR-nummer er påkrævet');
    expect(text).not.toContain('Rekvirentens');
    type(/^CVR-nummer/, '1234567');
    submit();
    await waitFor(async () =>
      expect(await summaryText()).toContain('Indtast et gyldigt CVR-nummer (8 cifre)'),
    );
    // Eight digits that fail the check digit: the form says what the API would say.
    type(/^CVR-nummer/, '12345678');
    submit();
    await waitFor(async () =>
      expect(await summaryText()).toContain('CVR-nummeret findes ikke – tjek cifrene'),
    );
    choosePerson('Privatperson');
    expect(shown(/^CVR-nummer/)).toBe(false);
    submit();
    await waitFor(async () => expect(await summaryText()).not.toContain('CVR'));
  });

  it.each(['Taksator', 'Skadebehandler', 'Forsikringsmægler'])(
    'requires the requester for a %s',
    async (label) => {
      renderForm();
      expect(shown(/^Rekvirentens navn/)).toBe(false);
      choosePerson(label);
      for (const field of [/^Rekvirentens navn/, /^Rekvirentens telefon/, /^Rekvirentens e-mail/]) {
        expect(shown(field)).toBe(true);
        expect(screen.getByLabelText(field).getAttribute('aria-required')).toBe('true');
      }
      expect(shown(/^Virksomhedsnavn/)).toBe(false);
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

  it('uploads a picked photo at once, then sends the fields as typed and the photo URL as a report lead, and goes to /tak', async () => {
    const leads: { url: string; body: unknown }[] = [];
    const puts: { url: string; body: unknown }[] = [];
    let release!: (response: Response) => void;
    stubApi((url, init) => {
      if (url === '/api/objects/upload') return Promise.resolve(Response.json({ uploadURL: signedUrl(1) }));
      if (init.method === 'PUT') {
        puts.push({ url, body: init.body });
        return Promise.resolve(Response.json({ size: 4, contentType: 'image/png' }));
      }
      leads.push({ url, body: JSON.parse(String(init.body)) });
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const router = renderForm();
    fillValid();
    const png = photo('kaelder.png');
    pick([png]);
    expect(await screen.findByText('Klar til email')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Billede 1: kaelder.png' }).getAttribute('src')).toMatch(/^blob:/);
    expect(puts).toEqual([{ url: signedUrl(1), body: png }]);
    submit();
    const sending = await screen.findByRole('button', { name: 'Sender...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    expect(leads).toEqual([
      {
        url: '/api/leads',
        body: {
          kind: 'anmeldelse',
          personType: 'privatperson',
          fuldeNavn: 'Ane Jensen',
          telefon: '22 34 56 78',
          adresse: 'Eksempelvej 12, 4000 Roskilde',
          email: 'ane@example.dk',
          forsikringsselskab: 'Tryg',
          policeNr: '',
          skadeNr: '',
          skadetype: 'vandskade',
          besked: 'Vand i kælderen.',
          images: [uploadedUrl(1)],
          udtrykkeligAnmodning: false,
        },
      },
    ]);
    // Exactly what the server validates: the damage report lead's input.
    expect(leadSchema.safeParse(leads[0]?.body).success).toBe(true);
    await act(async () => release(Response.json({ id: 'x', reference: 'SK-7QK2' }, { status: 201 })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(router.state.location.search).toBe('?ref=SK-7QK2&type=anmeldelse');
  });

  it('sends the fields of the chosen person type only, even when another branch was filled in', async () => {
    const leads = acceptLeads('SK-1');
    const router = renderForm();
    fillValid();
    choosePerson('Virksomhed');
    // Too long for the CVR field: it must not block a report from a private person.
    type(/^CVR-nummer/, '1'.repeat(30));
    type(/^Virksomhedsnavn/, 'Jensen ApS');
    choosePerson('Privatperson');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads).toHaveLength(1);
    expect(leads[0]).not.toHaveProperty('cvr');
    expect(leads[0]).not.toHaveProperty('virksomhedsnavn');
    expect(leads[0]).toMatchObject({ personType: 'privatperson', images: [] });
  });

  it('asks a private person, never a company, for the express request, and sends the tick', async () => {
    const leads = acceptLeads('SK-3');
    const router = renderForm();
    fillValid();
    const box = screen.getByRole('checkbox', { name: urgentWorkRequestText }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.closest('[data-branch-fields]')?.getAttribute('data-branch-fields')).toBe('consumer');
    // Ticked, then the visitor turns out to be a company: the tick is not sent.
    fireEvent.click(box);
    choosePerson('Virksomhed');
    type(/^Virksomhedsnavn/, 'Jensen ApS');
    type(/^CVR-nummer/, '12 34 56 74');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads[0]).not.toHaveProperty('udtrykkeligAnmodning');
  });

  it('sends a private person’s tick as udtrykkeligAnmodning: true', async () => {
    const leads = acceptLeads('SK-4');
    const router = renderForm();
    fillValid();
    fireEvent.click(screen.getByRole('checkbox', { name: urgentWorkRequestText }));
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads[0]).toMatchObject({ personType: 'privatperson', udtrykkeligAnmodning: true });
  });

  it('sends company name and CVR for a company', async () => {
    const leads = acceptLeads('SK-2');
    const router = renderForm();
    fillValid();
    choosePerson('Virksomhed');
    type(/^Virksomhedsnavn/, 'Jensen ApS');
    type(/^CVR-nummer/, '12 34 56 74');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads[0]).toMatchObject({
      personType: 'virksomhed',
      virksomhedsnavn: 'Jensen ApS',
      cvr: '12 34 56 74',
    });
    expect(leads[0]).not.toHaveProperty('rekvirentNavn');
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
    let next = 0;
    stubApi(async (url) =>
      url === '/api/objects/upload' ? Response.json({ uploadURL: signedUrl(++next) }) : Response.json({}),
    );
    renderForm();
    const input = screen.getByLabelText('Vælg billeder');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.hasAttribute('multiple')).toBe(true);
    const pdf = new File(['%PDF'], 'faktura.pdf', { type: 'application/pdf' });
    pick([photo('a.png'), photo('b.png'), pdf]);
    expect(await screen.findByText('faktura.pdf er ikke et billede og blev ikke tilføjet.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Klar til email')).toHaveLength(2));
    expect(screen.getByText('2 af 10 billeder valgt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fjern billede 1' }));
    expect(screen.getAllByText('Klar til email')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Billede 1: b.png' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fjern billede 2' })).toBeNull();
  });

  it('says in Danish why an upload failed, and uploads it again to a new URL on "Prøv igen"', async () => {
    let next = 0;
    let refuse = true;
    const puts: string[] = [];
    stubApi(async (url, init) => {
      if (url === '/api/objects/upload') return Response.json({ uploadURL: signedUrl(++next) });
      if (init.method === 'PUT') {
        puts.push(url);
        return refuse
          ? Response.json({ message: 'Filen er ikke et billede, vi kan modtage.' }, { status: 415 })
          : Response.json({ size: 1, contentType: 'image/png' });
      }
      return Promise.reject(new Error('not expected'));
    });
    renderForm();
    pick([photo('a.png')]);
    expect(await screen.findByText('Filen er ikke et billede, vi kan modtage.')).toBeTruthy();
    expect(screen.getByText('1 af 10 billeder valgt, 1 kunne ikke uploades')).toBeTruthy();
    expect(screen.queryByText('Klar til email')).toBeNull();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Prøv igen med billede 1' }));
    expect(await screen.findByText('Klar til email')).toBeTruthy();
    expect(puts).toEqual([signedUrl(1), signedUrl(2)]);
    expect(screen.queryByText('Filen er ikke et billede, vi kan modtage.')).toBeNull();
  });

  it('tells that an upload URL could not be had', async () => {
    stubApi(async () => new Response('', { status: 500 }));
    renderForm();
    pick([photo('a.png')]);
    expect(await screen.findByText('Kunne ikke hente upload-adresse. Prøv igen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fjern billede 1' })).toBeTruthy();
  });

  it('waits for uploads in progress before sending and says so; a photo failing again stops it until "Send uden billederne"', async () => {
    let next = 0;
    const finishPut: (() => void)[] = [];
    const leads: Record<string, unknown>[] = [];
    stubApi((url, init) => {
      if (url === '/api/objects/upload')
        return Promise.resolve(Response.json({ uploadURL: signedUrl(++next) }));
      if (init.method === 'PUT') {
        // The second photo fails, and again when sending tries it once more (a new URL).
        if (url === signedUrl(2) || url === signedUrl(3))
          return Promise.resolve(new Response('', { status: 500 }));
        return new Promise<Response>((resolve) =>
          finishPut.push(() => resolve(Response.json({ size: 1, contentType: 'image/png' }))),
        );
      }
      leads.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Promise.resolve(Response.json({ id: 'x', reference: 'SK-3' }, { status: 201 }));
    });
    const router = renderForm();
    fillValid();
    pick([photo('a.png'), photo('b.png')]);
    expect(await screen.findByText('Uploader...')).toBeTruthy();
    expect(await screen.findByText('Billedet blev afvist. Prøv et andet billede.')).toBeTruthy();
    submit();
    const waiting = await screen.findByRole('button', { name: 'Venter på billeder...' });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByText(
        'Anmeldelsen sendes, så snart billederne er uploadet. Et billede, der tager for lang tid, kan du fjerne.',
      ),
    ).toBeTruthy();
    expect(leads).toEqual([]);
    await act(async () => finishPut.forEach((finish) => finish()));
    // Not sent without it in silence: the report waits and says so.
    const note = await screen.findByText('1 billede kunne ikke sendes med. Prøv igen, eller send uden det.');
    const unsent = note.closest<HTMLElement>('[role="alert"]')!;
    expect(leads).toEqual([]);
    fireEvent.click(within(unsent).getByRole('button', { name: 'Send uden billederne' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads).toHaveLength(1);
    expect(leads[0]?.images).toEqual([uploadedUrl(1)]);
  });

  it('lets a slow photo be removed while the report waits for it', async () => {
    let next = 0;
    const leads: Record<string, unknown>[] = [];
    stubApi((url, init) => {
      if (url === '/api/objects/upload')
        return Promise.resolve(Response.json({ uploadURL: signedUrl(++next) }));
      if (init.method === 'PUT')
        return new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      leads.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Promise.resolve(Response.json({ id: 'x', reference: 'SK-4' }, { status: 201 }));
    });
    const router = renderForm();
    fillValid();
    pick([photo('langsom.png')]);
    expect(await screen.findByText('Uploader...')).toBeTruthy();
    submit();
    await screen.findByRole('button', { name: 'Venter på billeder...' });
    expect((screen.getByLabelText('Vælg billeder') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fjern billede 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tak'));
    expect(leads[0]?.images).toEqual([]);
  });

  it("shows the server's message about a photo at the photo picker", async () => {
    stubApi(async () =>
      Response.json(
        {
          message: 'Nogle af oplysningerne er ugyldige. Ret de markerede felter og prøv igen.',
          errors: { 'images.0': ['Et af billederne blev ikke genkendt. Upload det igen.'] },
        },
        { status: 400 },
      ),
    );
    renderForm();
    fillValid();
    submit();
    expect(await screen.findByText('Fejl ved indsendelse')).toBeTruthy();
    const text = await summaryText();
    expect(text).toContain('Et af billederne blev ikke genkendt. Upload det igen.');
    expect(screen.getByLabelText('Vælg billeder').getAttribute('aria-invalid')).toBe('true');
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
