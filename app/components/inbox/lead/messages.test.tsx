import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import type { LeadDetail } from '../../../../domain/staff-api/leads';
import type { LeadMessage } from '../../../../domain/staff-api/messages';
import { fillCannedReply, unfilledPlaceholders } from './canned-reply-fill';
import { LeadMessages } from './messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = detail({ name: 'Bo Hansen', reference: 'SK-2002', visitAt: '2026-12-03T09:00:00.000Z' });
const messagesUrl = `/api/staff/leads/${lead.id}/messages`;

function message(overrides: Partial<LeadMessage>): LeadMessage {
  return {
    id: 'm1',
    direction: 'out',
    channel: 'case-page',
    body: 'Vi ringer i dag.',
    authorName: 'Anna Holm',
    createdAt: '2026-12-03T09:20:00.000Z',
    batchId: null,
    email: 'sent',
    sms: null,
    ...overrides,
  };
}

function renderThread(
  shown: LeadMessage[],
  answer: (body: unknown) => Response = () => json({ message: 'Uventet kald' }, 500),
  overrides: Partial<LeadDetail> = {},
) {
  const onError = vi.fn();
  const calls = stubStaffApi((call) => {
    if (call.url === messagesUrl && call.method === 'GET') return json({ messages: shown });
    if (call.url === messagesUrl && call.method === 'POST') return answer(call.body);
    return json({ message: 'Uventet kald' }, 500);
  });
  const onSent = vi.fn();
  render(<LeadMessages lead={{ ...lead, ...overrides }} version="1" onSent={onSent} onError={onError} />);
  return { calls, onError, onSent };
}

describe('the ready-made answers', () => {
  it('fill the first name, the reference and the visit in Danish time, and leave the rest to staff', () => {
    const filled = fillCannedReply('{navn}, {reference}, {besigtigelse}, kl. {tid}', {
      name: '  Bo  Hansen ',
      reference: 'SK-2002',
      visitAt: '2026-12-03T09:00:00.000Z',
    });
    expect(filled).toBe('Bo, SK-2002, torsdag 3. dec. kl. 10, kl. {tid}');
    expect(unfilledPlaceholders(filled)).toEqual(['tid']);
    expect(fillCannedReply('{besigtigelse}', { name: 'Bo', reference: 'SK-2002', visitAt: null })).toBe(
      '{besigtigelse}',
    );
  });
});

describe('the thread on the lead page', () => {
  it('shows both directions oldest first, with author, channel, time and the state of our copies', async () => {
    renderThread([
      message({ id: 'm1', email: 'retrying', sms: 'failed' }),
      message({
        id: 'm2',
        direction: 'in',
        channel: 'case-page',
        body: 'Tak. <b>Vi</b> er hjemme.',
        authorName: null,
        email: null,
        createdAt: '2026-12-03T09:40:00.000Z',
      }),
    ]);
    const thread = screen.getByRole('region', { name: 'Beskeder' });
    const items = await within(thread).findAllByRole('listitem');
    const texts = items.map((item) => item.textContent ?? '');
    const ours = texts.findIndex((value) => value.includes('Vi ringer i dag.'));
    const theirs = texts.findIndex((value) => value.includes('Tak. <b>Vi</b> er hjemme.'));
    expect(ours).toBeGreaterThanOrEqual(0);
    expect(theirs).toBeGreaterThan(ours);
    expect(within(thread).getByText('Fra os (Anna Holm)')).toBeTruthy();
    expect(within(thread).getByText('E-mail: Sendes igen')).toBeTruthy();
    expect(within(thread).getByText('SMS: Fejlet')).toBeTruthy();
    expect(within(thread).getByText(/på sagssiden/)).toBeTruthy();
    // Markup in a message is text, never markup.
    expect(thread.querySelector('b')).toBeNull();
  });

  it('says the thread could not be read instead of showing it empty', async () => {
    stubStaffApi(() => json({ message: 'Serverfejl' }, 500));
    render(<LeadMessages lead={lead} version="1" onError={vi.fn()} />);
    const thread = screen.getByRole('region', { name: 'Beskeder' });
    expect((await within(thread).findByRole('alert')).textContent).toBe(
      'Beskederne kunne ikke hentes. Genindlæs siden for at prøve igen.',
    );
    expect(within(thread).queryByText('Ingen beskeder endnu.')).toBeNull();
  });

  it('sends an edited ready-made answer by e-mail and shows it waiting in the thread', async () => {
    const { calls, onSent } = renderThread([], (body) =>
      json(
        {
          message: message({
            id: 'new',
            body: (body as { text: string }).text,
            email: 'pending',
            createdAt: '2026-12-03T10:00:00.000Z',
          }),
        },
        201,
      ),
    );
    fireEvent.change(screen.getByLabelText('Standardsvar'), { target: { value: 'besigtigelse' } });
    const field = screen.getByLabelText('Besked') as HTMLTextAreaElement;
    expect(field.value).toMatch(/^Som aftalt kommer vi og ser på skaden torsdag 3\. dec\. kl\. 10\./);
    fireEvent.change(field, { target: { value: `${field.value} Vi medbringer affugter.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    expect(await screen.findByText('Beskeden er gemt på sagssiden og sendes som e-mail.')).toBeTruthy();
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({
      text: expect.stringMatching(/kl\. 10\..*Vi medbringer affugter\.$/s),
      channel: 'email',
    });
    const thread = screen.getByRole('region', { name: 'Beskeder' });
    expect(within(thread).getByText(/Vi medbringer affugter\./)).toBeTruthy();
    expect(within(thread).getByText('E-mail: Venter')).toBeTruthy();
    expect(field.value).toBe('');
    // The lead page learns of the answer at once (its deadline turns to "Besvaret").
    expect(onSent).toHaveBeenCalledWith('2026-12-03T10:00:00.000Z');
  });

  it('will not send while a placeholder is left, and shows the API refusal by the field', async () => {
    const { calls } = renderThread([], () =>
      json({ message: 'Beskeden er for lang. Skriv højst 2000 tegn.' }, 400),
    );
    fireEvent.change(screen.getByLabelText('Standardsvar'), { target: { value: 'paa-vej' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    const field = screen.getByLabelText('Besked');
    expect(await screen.findByText('Skriv det, der mangler, i stedet for {tid}.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fireEvent.change(field, { target: { value: 'Vi er der ca. kl. 14.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send besked' }));
    const refusal = await screen.findByText('Beskeden er for lang. Skriv højst 2000 tegn.');
    expect(field.getAttribute('aria-describedby')).toContain(refusal.id);
  });

  it('offers SMS only to a Danish mobile, and says why not', async () => {
    renderThread([], undefined, { smsPossible: false });
    expect((screen.getByRole('radio', { name: 'SMS' }) as HTMLInputElement).disabled).toBe(true);
    expect(
      screen.getByText(/SMS kan ikke vælges: kunden har ikke opgivet et dansk mobilnummer\./),
    ).toBeTruthy();
    cleanup();
    renderThread([], undefined, { smsPossible: true });
    const sms = screen.getByRole('radio', { name: 'SMS' }) as HTMLInputElement;
    expect(sms.disabled).toBe(false);
    fireEvent.click(sms);
    expect(screen.getByText(/SMS til 22 34 56 78\./)).toBeTruthy();
  });
});
