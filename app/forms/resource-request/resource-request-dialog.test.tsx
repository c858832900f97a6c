import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceFormAction } from '../../../domain/plain-forms';
import { plainResourceFormsHtml } from './plain-form-html';
import { Toaster } from '~/components/toaster';
import { ResourceRequestButton } from './resource-request-dialog';
import { stubFetch } from '../../../tests/support/stub-fetch';

// The whole app suite runs in parallel; give async UI updates room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const ebook = { title: '10 konkrete tips til en værdiredningsplan', type: 'E-bog' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderButton() {
  render(
    <>
      <ResourceRequestButton resource={ebook}>Hent e-bogen</ResourceRequestButton>
      <Toaster />
    </>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Hent e-bogen' }));
  // The dialog and its form load lazily.
  const dialog = await screen.findByRole('dialog', { name: ebook.title });
  await within(dialog).findByLabelText(/^Fulde navn/);
  return dialog;
}

function type(dialog: HTMLElement, label: string | RegExp, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

function fillValid(dialog: HTMLElement) {
  type(dialog, /^Fulde navn/, 'Ane Jensen');
  type(dialog, /^E-mail/, 'ane@example.dk');
  type(dialog, /^Telefonnummer/, '22345678');
  type(dialog, 'Virksomhed (valgfrit)', 'Jensen ApS');
}

function submit(dialog: HTMLElement) {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send anmodning' }));
}

describe('ResourceRequestButton', () => {
  it("is a link to the resource's plain form on the page before the page's scripts run", () => {
    const html = renderToString(<ResourceRequestButton resource={ebook}>Hent e-bogen</ResourceRequestButton>);
    const link = new DOMParser().parseFromString(html, 'text/html').querySelector('a');
    expect(link?.getAttribute('href')).toBe('#hent-vaerdiredningsplan');
    expect(link?.hasAttribute('role')).toBe(false);
    expect(link?.textContent).toBe('Hent e-bogen');
  });

  it('opens the dialog instead of following its link once the page runs', async () => {
    await renderButton();
    expect(window.location.hash).toBe('');
    // The open dialog hides the rest of the page from assistive technology, the button included.
    expect(screen.getByRole('button', { name: 'Hent e-bogen', hidden: true }).getAttribute('href')).toBe(
      '#hent-vaerdiredningsplan',
    );
  });

  it('has its plain form ready for the page, posting to the section the link leads to', () => {
    const forms = plainResourceFormsHtml();
    expect(Object.keys(forms).sort()).toEqual(['skybrud', 'vaerdiredningsplan']);
    expect(forms.vaerdiredningsplan).toContain(`action="${resourceFormAction('vaerdiredningsplan')}"`);
    expect(forms.vaerdiredningsplan).toContain(`value="${ebook.title}"`);
  });

  it('says in its description that it sends the e-book (definite form)', async () => {
    const dialog = await renderButton();
    expect(
      within(dialog).getByText('Udfyld formularen, så sender vi dig e-bogen gratis på e-mail.'),
    ).toBeTruthy();
  });

  it('opens a dialog named after the resource with the four fields', async () => {
    const dialog = await renderButton();
    expect(
      within(dialog)
        .getByLabelText(/^Fulde navn/)
        .getAttribute('autocomplete'),
    ).toBe('name');
    expect(
      within(dialog)
        .getByLabelText(/^E-mail/)
        .getAttribute('type'),
    ).toBe('email');
    expect(
      within(dialog)
        .getByLabelText(/^Telefonnummer/)
        .getAttribute('type'),
    ).toBe('tel');
    const company = within(dialog).getByLabelText('Virksomhed (valgfrit)');
    expect(company.getAttribute('autocomplete')).toBe('organization');
    expect(company.getAttribute('aria-required')).toBeNull();
    expect(
      within(dialog)
        .getByLabelText(/^Fulde navn/)
        .getAttribute('aria-required'),
    ).toBe('true');
  });

  it('refuses empty required fields with the "Udfyld påkrævede felter" toast and inline errors', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    const dialog = await renderButton();
    type(dialog, /^Fulde navn/, '   ');
    type(dialog, /^E-mail/, 'ane@example.dk');
    submit(dialog);
    expect(await screen.findByText('Udfyld påkrævede felter')).toBeTruthy();
    expect(screen.getByText('Navn, e-mail og telefonnummer skal udfyldes.')).toBeTruthy();
    const summary = within(dialog).getByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Udfyld dit fulde navn' })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Udfyld dit telefonnummer' })).toBeTruthy();
    expect(within(summary).queryByText('Udfyld din e-mail')).toBeNull();
    expect(
      within(dialog)
        .getByLabelText(/^Fulde navn/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an e-mail without the something@something.something form', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    const dialog = await renderButton();
    fillValid(dialog);
    type(dialog, /^E-mail/, 'ane@example');
    submit(dialog);
    expect(await screen.findByText('Ugyldig e-mail')).toBeTruthy();
    expect(screen.getAllByText('Indtast venligst en gyldig e-mail adresse.').length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends the fields with the remembered resource as a resource lead, then confirms, resets and closes', async () => {
    let release!: (response: Response) => void;
    const bodies: unknown[] = [];
    stubFetch((url: string, init: RequestInit) => {
      expect(url).toBe('/api/leads');
      bodies.push(JSON.parse(String(init.body)));
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const dialog = await renderButton();
    fillValid(dialog);
    submit(dialog);
    const sending = await within(dialog).findByRole('button', { name: 'Sender...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([
      {
        kind: 'ressource',
        fullName: 'Ane Jensen',
        email: 'ane@example.dk',
        phone: '22345678',
        companyName: 'Jensen ApS',
        resourceTitle: ebook.title,
        resourceType: 'E-bog',
      },
    ]);
    await act(async () => release(Response.json({ id: '1', reference: 'R-1' }, { status: 201 })));
    expect(await screen.findByText('Anmodning sendt!')).toBeTruthy();
    expect(screen.getByText('Vi sender dig e-bogen på e-mail snarest.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Hent e-bogen' }));
    const reopened = screen.getByRole('dialog');
    expect(((await within(reopened).findByLabelText(/^Fulde navn/)) as HTMLInputElement).value).toBe('');
  });

  it('keeps the dialog open with a failure toast when the server fails', async () => {
    stubFetch(async () => new Response('boom', { status: 500 }));
    const dialog = await renderButton();
    fillValid(dialog);
    submit(dialog);
    expect(await screen.findByText('Fejl')).toBeTruthy();
    expect(screen.getByText('Der opstod en fejl. Prøv igen eller kontakt os direkte.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Fulde navn/) as HTMLInputElement).value).toBe('Ane Jensen');
  });

  it('closes with Annuller without sending, gives focus back to its button and keeps what was typed', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    const dialog = await renderButton();
    type(dialog, /^Fulde navn/, 'Ane Jensen');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuller' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchSpy).not.toHaveBeenCalled();
    const opener = screen.getByRole('button', { name: 'Hent e-bogen' });
    expect(document.activeElement).toBe(opener);
    expect(opener.getAttribute('aria-expanded')).toBe('false');
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Hent e-bogen' }));
    const reopened = await screen.findByRole('dialog');
    expect(((await within(reopened).findByLabelText(/^Fulde navn/)) as HTMLInputElement).value).toBe(
      'Ane Jensen',
    );
  });

  it('says at the field what the lead schema refuses after the checks pass, and sends nothing', async () => {
    const fetchSpy = vi.fn();
    stubFetch(fetchSpy);
    const dialog = await renderButton();
    fillValid(dialog);
    type(dialog, /^Telefonnummer/, 'ring mig op');
    submit(dialog);
    const summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getByRole('link', { name: 'Indtast et gyldigt telefonnummer' })).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/^Telefonnummer/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('accepts a foreign phone number', async () => {
    const bodies: unknown[] = [];
    stubFetch(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return Response.json({ id: '1', reference: 'RS-1' }, { status: 201 });
    });
    const dialog = await renderButton();
    fillValid(dialog);
    type(dialog, /^Telefonnummer/, '+46 70 123 45 67');
    submit(dialog);
    expect(await screen.findByText('Anmodning sendt!')).toBeTruthy();
    expect(bodies).toEqual([expect.objectContaining({ phone: '+46 70 123 45 67' })]);
  });
});
