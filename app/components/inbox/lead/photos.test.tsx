import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import { Photos } from './photos';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const lead = detail();
const image = lead.images[0]!;
const withUrl = (url: string) => ({ images: [{ ...image, url }] });

function thumbnail() {
  return screen.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }).querySelector('img')!;
}

describe("a lead's photos", () => {
  it('renew an expired link when the photo fails to load, and load it again', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    const calls = stubStaffApi(() => json(withUrl('/api/objects/fresh.jpg')));
    render(<Photos leadId={lead.id} images={[image]} />);
    now.mockReturnValue(start + 5 * 60_000 + 1);
    fireEvent.error(thumbnail());
    await waitFor(() => expect(thumbnail().getAttribute('src')).toBe('/api/objects/fresh.jpg'));
    expect(calls.map((call) => call.url)).toEqual([`/api/staff/leads/${lead.id}/photos`]);
    expect(screen.queryByText(/kunne ikke hentes/)).toBeNull();
  });

  it('say so in Danish when a photo still cannot be loaded, and offer to try again', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    stubStaffApi(() => json(withUrl('/api/objects/fresh.jpg')));
    render(<Photos leadId={lead.id} images={[image]} />);
    now.mockReturnValue(start + 5 * 60_000 + 1);
    fireEvent.error(thumbnail());
    await waitFor(() => expect(thumbnail().getAttribute('src')).toBe('/api/objects/fresh.jpg'));
    fireEvent.error(thumbnail());
    expect(await screen.findByText('Fotoet kunne ikke hentes.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Fotoet kunne ikke hentes. Prøv igen om lidt, eller genindlæs siden.',
    );
    fireEvent.click(screen.getByRole('button', { name: /^Prøv igen: Foto 1 af 1/ }));
    await waitFor(() => expect(thumbnail()).toBeTruthy());
  });

  it('say so when the server cannot give a fresh link either', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    stubStaffApi(() => json({ message: 'Serveren svarer ikke.' }, 503));
    render(<Photos leadId={lead.id} images={[image]} />);
    now.mockReturnValue(start + 5 * 60_000 + 1);
    fireEvent.error(thumbnail());
    expect(await screen.findByText('Fotoet kunne ikke hentes.')).toBeTruthy();
  });

  it('say so at once, without asking the server, when a link just signed fails', async () => {
    const calls = stubStaffApi(() => json(withUrl('/api/objects/fresh.jpg')));
    render(<Photos leadId={lead.id} images={[image]} />);
    fireEvent.error(thumbnail());
    expect(await screen.findByText('Fotoet kunne ikke hentes.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('get fresh links before a photo is opened once its links are older than the server allows', async () => {
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    const calls = stubStaffApi(() => json(withUrl('/api/objects/fresh.jpg')));
    render(<Photos leadId={lead.id} images={[image]} />);
    fireEvent.click(screen.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }));
    const first = await screen.findByRole('dialog');
    expect(within(first).getByRole('img').getAttribute('src')).toBe(image.url);
    expect(calls).toHaveLength(0);
    fireEvent.click(within(first).getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    now.mockReturnValue(start + 6 * 60_000);
    fireEvent.click(screen.getByRole('button', { name: /Vis foto 1 i fuld størrelse/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/objects/fresh.jpg');
    expect(calls).toHaveLength(1);
  });
});
