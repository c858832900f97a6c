import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PersonAdjusterLink } from '../../../../domain/staff-api/personal-data';
import type { FetchCall } from '../../../../tests/support/inbox';
import { Arrived, json, renderRoutes, stubStaffApi } from '../../../../tests/support/inbox';
import { PersonalDataPage } from './personal-data-page';

const link: PersonAdjusterLink = {
  id: '7d0c5a52-2f0e-4b7e-9a53-0c1b2d3e4f50',
  open: true,
  leadReference: 'SK-2040',
  name: 'Mette Taksator',
  email: 'mette@tryg.dk',
  insurer: 'Tryg',
  createdAt: '2026-11-02T09:00:00.000Z',
  createdBy: 'Anna Holm',
  expiresAt: '2026-12-02T09:00:00.000Z',
  revokedAt: null,
  lastOpenedAt: '2026-11-03T10:15:00.000Z',
  messages: [{ body: 'Hvornår står affugteren?', createdAt: '2026-11-03T10:20:00.000Z' }],
  opens: [{ at: '2026-11-03T10:15:00.000Z', ip: '10.0.0.7' }],
  satisfaction: {
    score: 4,
    comment: 'Fin dokumentation.',
    answeredAt: '2026-11-20T08:00:00.000Z',
    changedAt: null,
  },
};

function renderPage(answer: (call: FetchCall) => Response) {
  const calls = stubStaffApi(answer);
  renderRoutes(
    [
      { path: '/indbakke/persondata', Component: PersonalDataPage },
      { path: '/indbakke/login', Component: () => <Arrived name="Log ind" /> },
    ],
    '/indbakke/persondata',
  );
  return calls;
}

function search(value: string) {
  fireEvent.change(screen.getByLabelText('E-mail-adresse'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Søg' }));
}

describe('a person found as a loss adjuster', () => {
  it('shows their links with their messages and answer, and offers the JSON and the erasure', async () => {
    renderPage(() => json({ leads: [], adjusterLinks: [link] }));
    search('mette@tryg.dk');
    const section = await screen.findByRole('region', { name: 'Som taksator' });
    expect(screen.getByText('Vi har ingen henvendelser fra denne person.')).toBeTruthy();
    expect(within(section).getByText('Mette Taksator · mette@tryg.dk')).toBeTruthy();
    expect(within(section).getByText('SK-2040')).toBeTruthy();
    expect(within(section).getByText('Tryg')).toBeTruthy();
    expect(within(section).getByText('Tilfreds – Fin dokumentation.')).toBeTruthy();
    expect(within(section).getByText('1 besked til os')).toBeTruthy();
    expect(within(section).getByText(/Hvornår står affugteren\?/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hent alle data som JSON' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Slet personens data' })).toBeTruthy();
  });

  it('says what the erasure does to the links, and that it was done', async () => {
    const calls = renderPage((call) =>
      call.method === 'POST'
        ? json({ erased: { leads: 0, photos: 0, mails: 2, requesterMentions: 0, adjusterLinks: 1 } })
        : json({ leads: [], adjusterLinks: [link] }),
    );
    search('mette@tryg.dk');
    fireEvent.click(await screen.findByRole('button', { name: 'Slet personens data' }));
    const confirm = await screen.findByRole('form', { name: 'Bekræft sletningen' });
    expect(confirm.textContent).not.toMatch(/henvendelser med fotos/);
    expect(
      within(confirm).getByText(
        'Linket til taksatorsiden lukkes, og taksatorens navn, e-mail og tilfredshedssvar slettes. Teksten i deres beskeder bliver i sagen, uden navn.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText('Skriv e-mail-adressen igen for at bekræfte'), {
      target: { value: 'mette@tryg.dk' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Slet for altid' }));
    expect(
      await screen.findByText(
        'Slettet: 0 henvendelser, 0 fotos og 2 e-mails. 1 link til taksatorsiden lukket og anonymiseret.',
      ),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      body: { email: 'mette@tryg.dk', confirm: 'mette@tryg.dk' },
    });
    expect(screen.queryByRole('region', { name: 'Som taksator' })).toBeNull();
  });
});
