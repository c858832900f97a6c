import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonalDataPage } from './personal-data-page';
import type { FetchCall } from '../../../../tests/support/inbox';
import { Arrived, json, renderRoutes, stubStaffApi, summary } from '../../../../tests/support/inbox';

const leads = [
  summary({ id: 'a', reference: 'SK-1001', name: 'Ane Jensen' }),
  summary({ id: 'b', reference: 'SK-1002', name: 'Ane Jensen', kind: 'akut-skade' }),
];

function renderPage(answer: (call: FetchCall) => Response) {
  const calls = stubStaffApi(answer);
  const rendered = renderRoutes(
    [
      { path: '/indbakke/persondata', Component: PersonalDataPage },
      { path: '/indbakke/login', Component: () => <Arrived name="Log ind" /> },
    ],
    '/indbakke/persondata',
  );
  return { calls, ...rendered };
}

function search(value: string) {
  fireEvent.change(screen.getByLabelText('E-mail-adresse'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Søg' }));
}

describe('personal data', () => {
  it('finds everything about one e-mail address and offers it as JSON', async () => {
    const { calls } = renderPage(() => json({ leads }));
    search(' Ane@Example.dk ');
    const results = await screen.findByRole('region', { name: 'Fundne henvendelser: Ane@Example.dk' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(results).getByRole('heading', { level: 2 })),
    );
    expect(calls[0]!.url).toBe('/api/staff/personal-data?email=Ane%40Example.dk');
    expect(within(results).getByText('Fundet: 2 henvendelser.')).toBeTruthy();
    expect(
      within(results)
        .getAllByRole('link', { name: 'Ane Jensen' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/indbakke/henvendelse/a', '/indbakke/henvendelse/b']);
    const download = within(results).getByRole('link', { name: 'Hent alle data som JSON' });
    expect(download.getAttribute('href')).toBe('/api/staff/personal-data/export?email=Ane%40Example.dk');
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('searches by phone number too', async () => {
    const { calls } = renderPage(() => json({ leads: [] }));
    fireEvent.click(screen.getByRole('radio', { name: 'Telefon' }));
    const phone = screen.getByLabelText('Telefonnummer') as HTMLInputElement;
    expect(phone.type).toBe('tel');
    fireEvent.change(phone, { target: { value: '+45 12 34 56 78' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søg' }));
    expect(await screen.findByText('Vi har ingen henvendelser fra denne person.')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api/staff/personal-data?phone=%2B45+12+34+56+78');
    expect(screen.queryByRole('button', { name: 'Slet personens data' })).toBeNull();
  });

  it('asks for an address before searching', async () => {
    const { calls } = renderPage(() => json({ leads }));
    fireEvent.click(screen.getByRole('button', { name: 'Søg' }));
    expect(await screen.findByText('Skriv en e-mail-adresse eller et telefonnummer.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('erases only after the address is typed again, then says what was erased', async () => {
    const { calls } = renderPage((call) =>
      call.method === 'POST' ? json({ erased: { leads: 2, photos: 3, mails: 1 } }) : json({ leads }),
    );
    search('ane@example.dk');
    fireEvent.click(await screen.findByRole('button', { name: 'Slet personens data' }));
    const confirm = await screen.findByRole('form', { name: 'Bekræft sletningen' });
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('heading')));
    expect(within(confirm).getByText(/Alle 2 henvendelser/)).toBeTruthy();

    const field = within(confirm).getByLabelText('Skriv e-mail-adressen igen for at bekræfte');
    fireEvent.change(field, { target: { value: 'ane@example.com' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Slet for altid' }));
    expect(
      await within(confirm).findByText('Det passer ikke med det, du søgte på. Skriv det igen.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: ' ANE@example.dk ' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Slet for altid' }));
    expect(await screen.findByText('Slettet: 2 henvendelser, 3 fotos og 1 e-mail.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/staff/personal-data/erase',
      body: { email: 'ane@example.dk', confirm: 'ANE@example.dk' },
    });
    expect(screen.getByText('Vi har ingen henvendelser fra denne person.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Bekræft sletningen' })).toBeNull();
  });

  it('can cancel the erasure', async () => {
    renderPage(() => json({ leads }));
    search('ane@example.dk');
    fireEvent.click(await screen.findByRole('button', { name: 'Slet personens data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annullér' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Bekræft sletningen' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Slet personens data' })).toBeTruthy();
  });

  it("shows the server's message when the erasure fails", async () => {
    renderPage((call) =>
      call.method === 'POST' ? json({ message: 'Sletningen mislykkedes.' }, 500) : json({ leads }),
    );
    search('ane@example.dk');
    fireEvent.click(await screen.findByRole('button', { name: 'Slet personens data' }));
    fireEvent.change(await screen.findByLabelText('Skriv e-mail-adressen igen for at bekræfte'), {
      target: { value: 'ane@example.dk' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Slet for altid' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Sletningen mislykkedes.',
      ),
    );
  });
});
