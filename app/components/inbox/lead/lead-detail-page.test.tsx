import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LoaderFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxError } from '../inbox-error';
import { LeadDetailPage } from './lead-detail-page';
import { loadLead } from '../loaders';
import {
  Arrived,
  detail,
  json,
  renderRoutes,
  stubStaffApi,
  type FetchCall,
} from '../../../../tests/support/inbox';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import { renderLeadPage } from '../../../../tests/support/inbox-pages';

beforeEach(() => {
  // happy-dom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const id = '22222222-2222-4222-8222-222222222222';

function renderLead(lead: () => LeadDetail, other?: (call: FetchCall) => Response) {
  const calls = stubStaffApi((call) => {
    if (call.method === 'GET' && call.url === `/api/staff/leads/${id}`) return json({ lead: lead() });
    return other?.(call) ?? json({ message: 'Uventet kald' }, 500);
  });
  const rendered = renderLeadPage(id, undefined, [
    { path: '/indbakke', Component: () => <Arrived name="Henvendelserne" /> },
    { path: '/indbakke/login', Component: () => <Arrived name="Log ind" /> },
  ]);
  return { calls, ...rendered };
}

describe('one lead', () => {
  it('shows every field in its own labelled row, with phone links and no mailto', async () => {
    renderLead(() => detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bo Hansen' })).toBeTruthy();
    expect(screen.getByText(/Akut skade · SK-2002 · Modtaget/)).toBeTruthy();
    const fields = screen.getByRole('region', { name: 'Oplysninger' });
    const terms = within(fields)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(fields)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Navn', 'E-mail', 'Telefon', 'Adresse', 'Beskrivelse']);
    expect(values).toEqual([
      'Bo Hansen',
      'bo@example.dk',
      '22 34 56 78',
      'Algade 1, 4000 Roskilde',
      'Vand i kælderen.\nStiger stadig.',
    ]);
    expect(within(fields).getByRole('link', { name: '22 34 56 78' }).getAttribute('href')).toBe(
      'tel:+4522345678',
    );
    // No mailto: anywhere: the customer is answered in the thread.
    expect(screen.getByRole('link', { name: 'Skriv til kunden' }).getAttribute('href')).toBe(
      '#lead-message-text',
    );
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ring 22 34 56 78' }).getAttribute('href')).toBe(
      'tel:+4522345678',
    );
    expect(screen.getByText('Status er ikke ændret siden modtagelsen.')).toBeTruthy();
  });

  it('shows under the name when the first answer is due, overdue, or that it was given', async () => {
    const due = new Date(Date.now() + 10 * 60_000).toISOString();
    renderLead(() => detail({ status: 'new', firstResponseDueAt: due, firstResponseAt: null }));
    expect(await screen.findByText(/^svar inden (\S+\. )?\d{2}:\d{2}$/)).toBeTruthy();
    cleanup();
    const passed = new Date(Date.now() - 10 * 60_000).toISOString();
    renderLead(() => detail({ status: 'new', firstResponseDueAt: passed, firstResponseAt: null }));
    expect(await screen.findByText(/^Frist overskredet (\S+\. )?\d{2}:\d{2}$/)).toBeTruthy();
    cleanup();
    renderLead(() => detail({ status: 'in-progress', firstResponseDueAt: passed, firstResponseAt: passed }));
    expect(await screen.findByText('Besvaret')).toBeTruthy();
  });

  it('shows a row link only for mail, phone and web addresses', async () => {
    renderLead(() => detail({ rows: [{ label: 'Hjemmeside', value: 'klik', href: 'javascript:alert(1)' }] }));
    const fields = await screen.findByRole('region', { name: 'Oplysninger' });
    expect(within(fields).queryByRole('link')).toBeNull();
    expect(within(fields).getByText('klik')).toBeTruthy();
  });

  it('shows the photos as thumbnails that open full size in a dialog', async () => {
    renderLead(() => detail());
    const photos = await screen.findByRole('region', { name: 'Fotos (2)' });
    const thumbnails = within(photos).getAllByRole('button');
    expect(thumbnails.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Vis foto 1 i fuld størrelse: kaelder.jpg',
      'Vis foto 2 i fuld størrelse',
    ]);
    expect(within(photos).getByText('kaelder.jpg · 1,5 MB')).toBeTruthy();
    fireEvent.click(thumbnails[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Foto 1 af 2: kaelder.jpg' });
    const full = within(dialog).getByRole('img', { name: 'Foto 1 af 2: kaelder.jpg' });
    expect(full.getAttribute('src')).toBe('/api/objects/leads/a.jpg?expires=1&signature=x');
    expect(within(dialog).getByRole('button', { name: 'Hent originalen' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes the status, then shows who changed it and when, from the answer without loading the lead again', async () => {
    const { calls } = renderLead(
      () => detail(),
      (call) =>
        call.method === 'PATCH'
          ? json({
              lead: detail({
                status: 'in-progress',
                statusChangedAt: '2026-12-03T10:30:00.000Z',
                statusChangedBy: 'Anna Andersen',
              }),
            })
          : json({ message: 'Uventet kald' }, 500),
    );
    const group = await screen.findByRole('group', { name: 'Skift status' });
    expect(within(group).getByRole('button', { name: 'Ny', pressed: true })).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'I gang' }));
    expect(await screen.findByText('Status er ændret til I gang.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: `/api/staff/leads/${id}`,
      body: { status: 'in-progress' },
    });
    expect(await within(group).findByRole('button', { name: 'I gang', pressed: true })).toBeTruthy();
    expect(await screen.findByText('Ændret af Anna Andersen 3. dec. 2026 kl. 11.30.')).toBeTruthy();
    // One GET of the lead (the page's load), one PATCH: a reload would log a false "viewed" in
    // the audit log. (The timeline and the staff are read beside it; they log nothing.)
    expect(calls.filter((call) => call.url === `/api/staff/leads/${id}`).map((call) => call.method)).toEqual([
      'GET',
      'PATCH',
    ]);
  });

  it('marks a lead as spam, and back with "Ikke spam"', async () => {
    const { calls } = renderLead(
      () => detail({ status: 'spam', spamReasons: ['Skjult felt udfyldt'] }),
      () => json({ lead: detail({ status: 'new' }) }),
    );
    expect(await screen.findByText('Skjult felt udfyldt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ikke spam' }));
    expect(await screen.findByText('Status er ændret til Ny.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ status: 'new' });
    expect(await screen.findByRole('button', { name: 'Markér som spam' })).toBeTruthy();
  });

  it('flags the sender as a customer with the switch', async () => {
    const { calls } = renderLead(
      () => detail(),
      () => json({ lead: detail({ isCustomer: true }) }),
    );
    const toggle = (await screen.findByRole('switch', { name: 'Kunde' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBe('lead-customer-hint');
    fireEvent.click(toggle);
    expect(await screen.findByText('Markeret som kunde.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ isCustomer: true });
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('adds a note and lists it with its author and time, from the answer without loading the lead again', async () => {
    const { calls } = renderLead(
      () => detail(),
      (call) =>
        json(
          {
            note: {
              id: 'n1',
              authorName: 'Anna Andersen',
              body: (call.body as { body: string }).body,
              createdAt: '2026-12-03T10:31:00.000Z',
            },
          },
          201,
        ),
    );
    const notes = await screen.findByRole('region', { name: 'Noter' });
    expect(within(notes).getByText('Ingen noter endnu.')).toBeTruthy();
    fireEvent.click(within(notes).getByRole('button', { name: 'Gem note' }));
    expect(await within(notes).findByText('Skriv noten først.')).toBeTruthy();
    const field = within(notes).getByLabelText('Ny note') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: '  Ringet op, kommer kl. 14.  ' } });
    fireEvent.click(within(notes).getByRole('button', { name: 'Gem note' }));
    expect(await screen.findByText('Noten er gemt.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/staff/leads/${id}/notes`,
      body: { body: 'Ringet op, kommer kl. 14.' },
    });
    expect(await within(notes).findByText('Ringet op, kommer kl. 14.')).toBeTruthy();
    expect(within(notes).getByText('Anna Andersen')).toBeTruthy();
    expect(field.value).toBe('');
    // Loading the lead again would log a "viewed" that nobody did.
    expect(
      calls.filter((call) => call.method === 'GET' && call.url === `/api/staff/leads/${id}`),
    ).toHaveLength(1);
  });

  it("shows the server's message when a change fails, and the login page when the session ended", async () => {
    let status = 409;
    const { router } = renderLead(
      () => detail(),
      () =>
        json({ message: status === 409 ? 'Henvendelsen er ændret af en anden.' : 'Log ind igen.' }, status),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Afsluttet' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Henvendelsen er ændret af en anden.',
      ),
    );
    status = 401;
    fireEvent.click(screen.getByRole('button', { name: 'Afsluttet' }));
    expect(await screen.findByRole('heading', { name: 'Log ind' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/indbakke/login');
  });

  it('says so when the lead does not exist', async () => {
    stubStaffApi(() => json({}, 404));
    renderRoutes(
      [
        {
          path: '/indbakke/henvendelse/:id',
          loader: loadLead as unknown as LoaderFunction,
          Component: LeadDetailPage,
          ErrorBoundary: InboxError,
        },
      ],
      '/indbakke/henvendelse/findes-ikke',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Henvendelsen findes ikke. Måske er den slettet.',
    );
  });
});

describe("the customer's case page on a lead", () => {
  it("shows photos added later and the customer's case page messages in the thread, apart from the notes", async () => {
    const base = detail();
    renderLead(
      () =>
        detail({
          images: [base.images[0]!, { ...base.images[1]!, addedLaterAt: '2026-12-04T10:30:00.000Z' }],
          notes: [],
        }),
      (call) =>
        call.url === `/api/staff/leads/${id}/messages`
          ? json({
              messages: [
                {
                  id: 'm1',
                  direction: 'in',
                  channel: 'case-page',
                  body: 'Der er kommet mere vand.',
                  authorName: null,
                  createdAt: '2026-12-04T10:31:00.000Z',
                  batchId: null,
                  email: null,
                  sms: null,
                },
              ],
            })
          : json({ message: 'Uventet kald' }, 500),
    );
    const photos = await screen.findByRole('region', { name: /Fotos/ });
    expect(within(photos).getAllByText('Tilføjet senere')).toHaveLength(1);
    const messages = screen.getByRole('region', { name: 'Beskeder' });
    expect(await within(messages).findByText('Der er kommet mere vand.')).toBeTruthy();
    expect(within(messages).getByText('Fra kunden')).toBeTruthy();
    expect(within(messages).getByText(/på sagssiden/)).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Noter' })).queryByText('Der er kommet mere vand.'),
    ).toBeNull();
  });

  it('closes the link and sends a new one', async () => {
    const { calls } = renderLead(
      () => detail({ caseLink: { open: true, lastSentAt: '2026-12-03T09:16:00.000Z' } }),
      (call) => {
        if (call.url === `/api/staff/leads/${id}/case-link` && call.method === 'DELETE')
          return json({ caseLink: { open: false, lastSentAt: '2026-12-03T09:16:00.000Z' } });
        if (call.url === `/api/staff/leads/${id}/case-link` && call.method === 'POST')
          return json({ caseLink: { open: true, lastSentAt: null } });
        return json({ message: 'Uventet kald' }, 500);
      },
    );
    const section = await screen.findByRole('region', { name: 'Kundens sagsside' });
    expect(within(section).getByText(/Kunden har et link til sin sagsside \(sendt/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Luk kundens link' }));
    expect(await screen.findByText('Kundens link er lukket.')).toBeTruthy();
    expect(within(section).getByText('Kunden har intet åbent link til sagssiden.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Luk kundens link' })).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Send nyt link til kunden' }));
    expect(await screen.findByText(/Et nyt link er på vej til kunden/)).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('/case-link')).map((call) => call.method)).toEqual([
      'DELETE',
      'POST',
    ]);
  });
});
