import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../../tests/support/inbox';
import type { AdjusterLink } from '../../../../../domain/staff-api/adjuster';
import type { LeadMessage } from '../../../../../domain/staff-api/messages';
import { AdjusterSection } from './adjuster-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = detail({ name: 'Bo Hansen', reference: 'SK-2002' });
const base = `/api/staff/leads/${lead.id}`;

const openLink: AdjusterLink = {
  id: '5b0c4a8e-57a4-4b0e-9d0b-0f3a1c2d3e4f',
  name: 'Mette Taksator',
  email: 'mette@tryg.dk',
  insurer: 'Tryg',
  createdAt: '2026-12-03T09:00:00.000Z',
  createdBy: 'Anna Holm',
  expiresAt: '2027-03-03T09:00:00.000Z',
  revokedAt: null,
  lastOpenedAt: null,
  open: true,
  satisfaction: null,
};

const fromAdjuster: LeadMessage = {
  id: 'm1',
  direction: 'in',
  channel: 'taksator',
  body: 'Hvor mange affugtere?',
  authorName: 'Mette Taksator',
  createdAt: '2026-12-03T10:00:00.000Z',
  batchId: null,
  email: null,
  sms: null,
};

function renderSection(
  links: AdjusterLink[],
  messages: LeadMessage[],
  answer: (call: { method: string; url: string; body: unknown }) => Response,
) {
  const onError = vi.fn();
  const calls = stubStaffApi((call) => {
    if (call.url === `${base}/adjuster-links`) return json({ links });
    if (call.url === `${base}/adjuster-messages` && call.method === 'GET') return json({ messages });
    return answer(call);
  });
  render(<AdjusterSection lead={lead} version="1" onError={onError} />);
  return { calls, onError };
}

describe("the lead page's Taksator section", () => {
  it('gives a link and lists it, and shows a refused e-mail address by the form', async () => {
    const { calls } = renderSection([], [], (call) =>
      (call.body as { email: string }).email === 'mette@tryg'
        ? json({ message: 'Skriv en gyldig e-mailadresse, fx navn@forsikring.dk.' }, 400)
        : json({ link: openLink }, 201),
    );
    const section = await screen.findByRole('region', { name: 'Taksator' });
    expect(await within(section).findByText('Ingen taksator har fået et link endnu.')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText(/Taksatorens navn/), {
      target: { value: 'Mette Taksator' },
    });
    fireEvent.change(within(section).getByLabelText(/Taksatorens e-mail/), {
      target: { value: 'mette@tryg' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Send link til taksator' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Skriv en gyldig e-mailadresse, fx navn@forsikring.dk.',
    );
    fireEvent.change(within(section).getByLabelText(/Taksatorens e-mail/), {
      target: { value: 'mette@tryg.dk' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Send link til taksator' }));
    expect(await within(section).findByText('Linket er sendt til taksatoren.')).toBeTruthy();
    expect(within(section).getByText('Mette Taksator (mette@tryg.dk) · Tryg')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.at(-1)).toMatchObject({
      url: `${base}/adjuster-link`,
      body: { name: 'Mette Taksator', email: 'mette@tryg.dk' },
    });
  });

  it("shows the adjuster's thread and answers it while a link is open", async () => {
    const reply: LeadMessage = {
      ...fromAdjuster,
      id: 'm2',
      direction: 'out',
      body: 'Tre.',
      authorName: 'Anna Holm',
      email: 'pending',
    };
    const { calls } = renderSection([openLink], [fromAdjuster], () => json({ message: reply }, 201));
    const section = await screen.findByRole('region', { name: 'Taksator' });
    expect(await within(section).findByText('Hvor mange affugtere?')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText(/Svar taksatoren/), { target: { value: 'Tre.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send svar' }));
    expect(await within(section).findByText('Svaret er sendt til taksatoren.')).toBeTruthy();
    expect(within(section).getByText('Tre.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `${base}/adjuster-messages`,
      body: { text: 'Tre.' },
    });
  });

  it("shows each adjuster's satisfaction answer and comment by their link", async () => {
    const answered: AdjusterLink = {
      ...openLink,
      satisfaction: {
        score: 2,
        comment: 'Rapporten manglede fugtmålinger.',
        answeredAt: '2026-12-05T09:00:00.000Z',
        changedAt: null,
      },
    };
    const other: AdjusterLink = {
      ...openLink,
      id: '0d6a3f0e-6c1b-4a51-8a4e-3c2b1a0f9e8d',
      name: 'Ole Taksator',
      email: 'ole@codan.dk',
    };
    renderSection([answered, other], [], () => json({ message: 'Uventet kald' }, 500));
    const section = await screen.findByRole('region', { name: 'Taksator' });
    const mette = (await within(section).findByText(/Mette Taksator \(mette@tryg\.dk\)/)).closest('li')!;
    expect(within(mette).getByText(/^Tilfredshed: 2 af 5 \(Utilfreds\), svaret /)).toBeTruthy();
    expect(within(mette).getByText('Taksatorens kommentar: Rapporten manglede fugtmålinger.')).toBeTruthy();
    const ole = within(section)
      .getByText(/Ole Taksator/)
      .closest('li')!;
    expect(within(ole).queryByText(/Tilfredshed/)).toBeNull();
  });

  it('offers no answer when no link is open', async () => {
    renderSection([{ ...openLink, open: false, revokedAt: '2026-12-04T09:00:00.000Z' }], [fromAdjuster], () =>
      json({ message: 'Uventet kald' }, 500),
    );
    const section = await screen.findByRole('region', { name: 'Taksator' });
    expect(await within(section).findByText('Hvor mange affugtere?')).toBeTruthy();
    expect(within(section).getByText(/Lukket/)).toBeTruthy();
    expect(within(section).queryByLabelText(/Svar taksatoren/)).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Luk linket' })).toBeNull();
  });
});
