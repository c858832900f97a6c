import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmergencyForm } from './emergency-form';
import type { UploadedImage, UploadWidgetOptions } from './upload-widget';
import { stubFetch } from '../../../tests/support/stub-fetch';

/**
 * Uppy stands in as a dialog where the sender chose photos and closed it with ✕ without pressing
 * "Upload": the widget holds them, not uploaded, until the form uploads them.
 */
const dialog = vi.hoisted(() => ({
  options: null as UploadWidgetOptions | null,
  chosen: 0,
  uploaded: [] as UploadedImage[],
  /** How many of the chosen photos the next upload fails to send. */
  failing: 0,
  uploads: 0,
}));

vi.mock('./upload-widget', () => ({
  createUploadWidget: (options: UploadWidgetOptions) => {
    dialog.options = options;
    return {
      open: () => options.onPendingChange?.(dialog.chosen, true),
      add: () => undefined,
      remove: () => undefined,
      destroy: () => undefined,
      pendingCount: () => dialog.chosen,
      async uploadPending() {
        dialog.uploads++;
        const sent = dialog.chosen - dialog.failing;
        const fresh = Array.from({ length: sent }, (_, i) => ({
          id: `f${i}`,
          name: `skade-${i}.jpg`,
          size: 1000,
          uploadURL: `https://skade.example.dk/uploads/f${i}`,
          previewUrl: '',
        }));
        dialog.uploaded.push(...fresh);
        dialog.chosen = dialog.failing;
        options.onUploaded(fresh);
        options.onPendingChange?.(dialog.chosen, false);
        return { images: [...dialog.uploaded], notUploaded: dialog.chosen };
      },
    };
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(dialog, { options: null, chosen: 0, uploaded: [], failing: 0, uploads: 0 });
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function chooseTwoPhotosAndClose() {
  fireEvent.click(screen.getByRole('button', { name: 'Vedhæft billeder' }));
  await waitFor(() => expect(dialog.options).not.toBeNull());
  dialog.chosen = 2;
  act(() => dialog.options!.onPendingChange?.(2, false));
}

function renderAndFill(leads: Record<string, unknown>[]) {
  stubFetch(async (url: string, init: RequestInit) => {
    if (url.startsWith('/api/address')) return Response.json([]);
    leads.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return Response.json({ id: '1', reference: 'SK-7F3K2' }, { status: 201 });
  });
  render(<EmergencyForm />);
  type(/^Fulde navn\*?$/, 'Ane Jensen');
  type(/^Adresse\*?$/, 'Vestergade 1, 4000 Roskilde');
  type(/^Telefon\*?$/, '22 34 56 78');
  type(/^E-mail\*?$/, 'ane@example.dk');
  type(/^Forsikringsselskab\*?$/, 'Tryg');
  type(/^Skadetype\*?$/, 'vandskade');
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send akut henvendelse' }));

describe('photos chosen in the emergency form but not uploaded', () => {
  it('are said under the button, and uploaded and sent with the form when it is sent', async () => {
    const leads: Record<string, unknown>[] = [];
    renderAndFill(leads);
    await chooseTwoPhotosAndClose();
    expect(screen.getByText('2 billeder er ikke sendt med – send dem nu?')).toBeTruthy();
    send();
    await screen.findByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });
    expect(dialog.uploads).toBe(1);
    expect(leads[0]?.images).toEqual([
      'https://skade.example.dk/uploads/f0',
      'https://skade.example.dk/uploads/f1',
    ]);
  });

  it('can be uploaded from the note before sending', async () => {
    renderAndFill([]);
    await chooseTwoPhotosAndClose();
    const note = screen.getByText('2 billeder er ikke sendt med – send dem nu?');
    await act(async () => fireEvent.click(within(note).getByRole('button', { name: 'Send billederne' })));
    expect(dialog.uploads).toBe(1);
    expect(screen.queryByText('2 billeder er ikke sendt med – send dem nu?')).toBeNull();
    expect(screen.getByRole('list', { name: 'Uploadede billeder' }).children).toHaveLength(2);
  });

  it('stop the form when they fail to upload, until the sender chooses to send without them', async () => {
    const leads: Record<string, unknown>[] = [];
    renderAndFill(leads);
    await chooseTwoPhotosAndClose();
    dialog.failing = 2;
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('2 billeder kunne ikke sendes med. Prøv igen, eller send uden dem.');
    expect(leads).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Send uden billederne' }));
    await screen.findByRole('region', { name: 'Tak – vi har modtaget din akutte henvendelse' });
    expect(leads).toHaveLength(1);
    expect(leads[0]?.images).toEqual([]);
  });
});
