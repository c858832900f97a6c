import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/components/toaster';
import { company, telHref } from '../../../domain/company';
import { leadSchema } from '../../../domain/lead';
import { triageQuestions } from '../../../domain/triage';
import { urgentWorkRequestText } from '../../../domain/urgent-work-request';
import { EmergencyForm } from './emergency-form';
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

  it('asks a private person, chosen first, for the express request, unticked; a business can be chosen instead', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubFetch(async (url: string, init: RequestInit) => {
      if (url.startsWith('/api/address')) return Response.json([]);
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return Response.json({ id: '1', reference: 'SK-1' }, { status: 201 });
    });
    renderForm();
    const who = screen.getByRole('radiogroup', { name: 'Hvem er du?' });
    const radios = within(who).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => [radio.labels?.[0]?.textContent, radio.checked])).toEqual([
      ['Privatperson', true],
      ['Virksomhed', false],
    ]);
    const box = screen.getByRole('checkbox', { name: urgentWorkRequestText }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.closest('[data-branch-fields]')?.getAttribute('data-branch-fields')).toBe('consumer');
    expect(radios[0]!.getAttribute('data-branch')).toBe('consumer');
    fireEvent.click(box);
    fillValid();
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ personType: 'privatperson', udtrykkeligAnmodning: true });
    expect(leadSchema.parse(bodies[0])).toMatchObject({ udtrykkeligAnmodning: true });
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
          // Private until changed; the box for the express request never ticked for them.
          personType: 'privatperson',
          udtrykkeligAnmodning: false,
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

/** The upload URLs the stubbed server hands out, and what the lead names (without the signature). */
const uploadedUrl = (n: number) => `http://127.0.0.1/api/objects/upload/0000000${n}`;
const signedUrl = (n: number) => `${uploadedUrl(n)}?expires=1900000000&signature=s${n}`;

/**
 * The server as the form meets it: upload URLs numbered from 1, each PUT answered by `put` (by
 * default at once), and the leads sent kept in `leads`.
 */
function stubServer(
  leads: Record<string, unknown>[],
  put?: (url: string, init: RequestInit) => Promise<Response>,
) {
  let next = 0;
  stubFetch(async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/address')) return Response.json([]);
    if (url === '/api/objects/upload') return Response.json({ uploadURL: signedUrl(++next) });
    if (init.method === 'PUT')
      return put ? put(url, init) : Response.json({ size: 4, contentType: 'image/png' });
    leads.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return Response.json({ id: '1', reference: 'SK-7F3K2' }, { status: 201 });
  });
}

function photo(name: string) {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

const picker = () => screen.getByLabelText('Vælg billeder') as HTMLInputElement;
const pick = (files: File[]) => fireEvent.change(picker(), { target: { files } });
const confirmation = () =>
  screen.findByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });

describe('photos in the emergency form', () => {
  it('upload as they are picked, up to 3, and go with the emergency as their URLs', async () => {
    const leads: Record<string, unknown>[] = [];
    stubServer(leads);
    renderForm();
    fillValid();
    expect(screen.getByText('Højst 3 billeder på op til 10 MB hver.')).toBeTruthy();
    pick([photo('stue.png'), photo('gang.png'), photo('loft.png'), photo('kaelder.png')]);
    expect(
      await screen.findByText('Du kan højst vedhæfte 3 billeder. 1 billede blev ikke tilføjet.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Klar til email')).toHaveLength(3));
    expect(screen.getByText('3 af 3 billeder valgt')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Billede 3: loft.png' })).toBeTruthy();
    // Full: nothing more can be chosen until one is removed.
    expect(picker().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Fjern billede 2' }));
    expect(picker().disabled).toBe(false);
    submit();
    await confirmation();
    expect(leads).toHaveLength(1);
    expect(leads[0]?.images).toEqual([uploadedUrl(1), uploadedUrl(3)]);
  });

  it('still uploading when the form is sent: it waits for them and says so', async () => {
    const leads: Record<string, unknown>[] = [];
    const finishPut: (() => void)[] = [];
    stubServer(
      leads,
      () =>
        new Promise<Response>((resolve) =>
          finishPut.push(() => resolve(Response.json({ size: 4, contentType: 'image/png' }))),
        ),
    );
    renderForm();
    fillValid();
    pick([photo('stue.png')]);
    expect(await screen.findByText('Uploader...')).toBeTruthy();
    submit();
    const waiting = await screen.findByRole('button', { name: 'Venter på billeder...' });
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    expect(
      screen.getByText(
        'Henvendelsen sendes, så snart billederne er uploadet. Et billede, der tager for lang tid, kan du fjerne.',
      ),
    ).toBeTruthy();
    expect(leads).toEqual([]);
    await act(async () => finishPut.forEach((finish) => finish()));
    await confirmation();
    expect(leads[0]?.images).toEqual([uploadedUrl(1)]);
  });

  it('that fail say why in Danish and stop the form, until the sender chooses to send without them', async () => {
    const leads: Record<string, unknown>[] = [];
    // The second photo is refused, and again when sending tries it once more (to a new URL).
    stubServer(leads, async (url) =>
      url === signedUrl(2) || url === signedUrl(3)
        ? Response.json({ message: 'Filen er ikke et billede, vi kan modtage.' }, { status: 415 })
        : Response.json({ size: 4, contentType: 'image/png' }),
    );
    renderForm();
    fillValid();
    pick([photo('stue.png'), photo('falsk.png')]);
    expect(await screen.findByText('Filen er ikke et billede, vi kan modtage.')).toBeTruthy();
    expect(screen.getByText('2 af 3 billeder valgt, 1 kunne ikke uploades')).toBeTruthy();
    submit();
    const note = await screen.findByText('1 billede kunne ikke sendes med. Prøv igen, eller send uden det.');
    expect(leads).toEqual([]);
    fireEvent.click(
      within(note.closest<HTMLElement>('[role="alert"]')!).getByRole('button', {
        name: 'Send uden billederne',
      }),
    );
    await confirmation();
    expect(leads).toHaveLength(1);
    expect(leads[0]?.images).toEqual([uploadedUrl(1)]);
  });
});
