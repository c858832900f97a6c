import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmergencyForm } from './emergency-form';
import { stubFetch } from '../../../tests/support/stub-fetch';

// The whole app suite runs in parallel; give async UI updates room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderAndFill() {
  render(<EmergencyForm />);
  type(/^Fulde navn\*?$/, 'Ane Jensen');
  type(/^Adresse\*?$/, 'Vestergade 1, 4000 Roskilde');
  type(/^Telefon\*?$/, '22 34 56 78');
  type(/^E-mail\*?$/, 'ane@example.dk');
  type(/^Forsikringsselskab\*?$/, 'Tryg');
  type(/^Skadetype\*?$/, 'vandskade');
}

function photo(name: string) {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
}

const picker = () => screen.getByLabelText('Vælg billeder') as HTMLInputElement;
const pick = (files: File[]) => fireEvent.change(picker(), { target: { files } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send akut henvendelse' }));
const confirmation = () =>
  screen.findByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });

describe('photos in the emergency form', () => {
  it('upload as they are picked, up to 3, and go with the emergency as their URLs', async () => {
    const leads: Record<string, unknown>[] = [];
    stubServer(leads);
    renderAndFill();
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
    send();
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
    renderAndFill();
    pick([photo('stue.png')]);
    expect(await screen.findByText('Uploader...')).toBeTruthy();
    send();
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
    renderAndFill();
    pick([photo('stue.png'), photo('falsk.png')]);
    expect(await screen.findByText('Filen er ikke et billede, vi kan modtage.')).toBeTruthy();
    expect(screen.getByText('2 af 3 billeder valgt, 1 kunne ikke uploades')).toBeTruthy();
    send();
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
