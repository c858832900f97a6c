import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FetchCall } from '../../../../tests/support/inbox';
import { Arrived, json, renderRoutes, stubStaffApi, summary } from '../../../../tests/support/inbox';
import { PersonalDataPage } from './personal-data-page';

const erased = { erased: { leads: 1, photos: 0, mails: 0, requesterMentions: 0 } };

function renderPage(leads: unknown[]) {
  const calls = stubStaffApi((call: FetchCall) => (call.method === 'POST' ? json(erased) : json({ leads })));
  renderRoutes(
    [
      { path: '/indbakke/persondata', Component: PersonalDataPage },
      { path: '/indbakke/login', Component: () => <Arrived name="Log ind" /> },
    ],
    '/indbakke/persondata',
  );
  return calls;
}

async function startErasure(email: string) {
  fireEvent.change(screen.getByLabelText('E-mail-adresse'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Søg' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Slet personens data' }));
  fireEvent.change(screen.getByLabelText('Skriv e-mail-adressen igen for at bekræfte'), {
    target: { value: email },
  });
}

describe('erasing a customer', () => {
  it('names the retention promise and needs an explicit extra confirmation, sent to the server', async () => {
    const calls = renderPage([{ ...summary({ id: 'a', isCustomer: true }), role: 'afsender' }]);
    await startErasure('ane@example.dk');
    const form = screen.getByRole('form', { name: 'Bekræft sletningen' });
    expect(within(form).getByRole('heading', { name: 'Personen er kunde' })).toBeTruthy();
    expect(form.textContent).toContain(
      'gemmer vi kunders oplysninger, så længe sagen er åben, og i 5 år efter, at den er afsluttet',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Slet for altid' }));
    expect(
      await within(form).findByText('Sæt flueben for at bekræfte, at en kundes data skal slettes.'),
    ).toBeTruthy();
    const confirm = within(form).getByRole('checkbox', {
      name: /Jeg bekræfter, at kundens data skal slettes nu/,
    });
    expect(document.activeElement).toBe(confirm);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(confirm);
    fireEvent.click(within(form).getByRole('button', { name: 'Slet for altid' }));
    expect(await screen.findByText(/^Slettet: 1 henvendelse/)).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      email: 'ane@example.dk',
      confirm: 'ane@example.dk',
      overrideCustomerRetention: true,
    });
  });

  it('asks nothing extra for a person who is not a customer', async () => {
    const calls = renderPage([{ ...summary({ id: 'a', isCustomer: false }), role: 'afsender' }]);
    await startErasure('ane@example.dk');
    expect(screen.queryByText('Personen er kunde')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Slet for altid' }));
    await screen.findByText(/^Slettet: 1 henvendelse/);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      email: 'ane@example.dk',
      confirm: 'ane@example.dk',
    });
  });
});
