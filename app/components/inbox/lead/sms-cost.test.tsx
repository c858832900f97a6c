import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import { caseLinkSample, customerSmsText } from '../../../../domain/sms-parts';
import type { BatchPreviewAnswer } from '../../../../domain/staff-api/messages';
import { BatchUpdate } from '../lead-list/batch-update';
import { LeadMessageCompose } from './message-compose';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** GSM-7 units after the text of a customer SMS: where to answer and the case link here. */
const linkUnits = () => customerSmsText('', caseLinkSample(globalThis.location.origin)).length;

describe('the SMS parts while writing to one customer', () => {
  it('shows the parts as billed with the case link, and the refusal over six before sending', () => {
    stubStaffApi(() => json({ message: 'Uventet kald' }, 500));
    render(<LeadMessageCompose lead={detail({ smsPossible: true })} onSent={vi.fn()} onError={vi.fn()} />);
    fireEvent.click(screen.getByRole('radio', { name: 'SMS' }));
    const field = screen.getByLabelText('Besked');
    fireEvent.change(field, { target: { value: 'Vi ringer i dag.' } });
    expect(screen.getByText('Som SMS: én SMS-del med linket til sagen (højst 6).')).toBeTruthy();
    // 160 characters alone would be one part; with the link they are two.
    fireEvent.change(field, { target: { value: 'a'.repeat(160) } });
    expect(screen.getByText('Som SMS: 2 SMS-dele med linket til sagen (højst 6).')).toBeTruthy();
    // A euro sign is two units: 2,000 of them are 27 parts.
    fireEvent.change(field, { target: { value: '€'.repeat(2000) } });
    expect(
      screen.getByText(
        'Som SMS bliver beskeden 27 sms-dele med linket til sagen. Højst 6 dele: gør den kortere, eller send den som e-mail.',
      ),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: 'a'.repeat(6 * 153 - linkUnits()) } });
    expect(screen.getByText('Som SMS: 6 SMS-dele med linket til sagen (højst 6).')).toBeTruthy();
  });
});

describe('the batch update', () => {
  const shown: BatchPreviewAnswer = {
    count: 3,
    sms: 2,
    max: 2000,
    recipients: [
      { reference: 'SK-1001', name: 'Anne Jensen', sms: true },
      { reference: 'SK-1002', name: 'Anne Jensen', sms: false },
      { reference: 'SK-1003', name: 'Carl Berg', sms: true },
    ],
    parts: 4,
    longestParts: 2,
    sample: `Vi ringer snart.\nFølg din sag: ${caseLinkSample('https://skade.example')}`,
    previewId: 'p-123',
  };

  it('sends only after a preview of recipients and exact parts, naming that preview', async () => {
    const calls = stubStaffApi((call) => {
      if (call.url === '/api/staff/messages/batch/preview') return json(shown);
      if (call.url === '/api/staff/messages/batch')
        return json({ batchId: 'b', count: 3, sms: 2, parts: 4 }, 201);
      return json({ message: 'Uventet kald' }, 500);
    });
    render(
      <MemoryRouter>
        <BatchUpdate />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send opdatering til ventende' }));
    fireEvent.change(screen.getByLabelText('Besked'), { target: { value: 'Vi ringer snart.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis forhåndsvisning' }));

    const preview = await screen.findByRole('region', { name: 'Forhåndsvisning' });
    expect(
      within(preview).getByText(
        'Går til 3 ventende: 3 e-mails og 2 SMS – 4 SMS-dele i alt, højst 2 pr. SMS.',
      ),
    ).toBeTruthy();
    expect(within(preview).getByText('SK-1002 Anne Jensen (e-mail)')).toBeTruthy();
    expect(within(preview).getByText(/Følg din sag: https:\/\/skade\.example\/sag\/x{43}/)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/staff/messages/batch')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Send nu til 3 (2 SMS, 4 dele)' }));
    expect(await screen.findByText(/Opdateringen er sendt til 3 ventende \(2 SMS\)/)).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/staff/messages/batch');
    expect(sent.map((call) => call.body)).toEqual([
      { selection: {}, text: 'Vi ringer snart.', previewId: 'p-123' },
    ]);
  });

  it('asks for a new preview when the text changes, and shows a refusal in Danish', async () => {
    const calls = stubStaffApi((call) => {
      if (call.url === '/api/staff/messages/batch/preview') return json(shown);
      return json(
        {
          message:
            'Den samme tekst er sendt til ventende inden for de sidste 10 minutter. Intet er sendt igen.',
        },
        400,
      );
    });
    render(
      <MemoryRouter>
        <BatchUpdate />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send opdatering til ventende' }));
    const field = screen.getByLabelText('Besked');
    fireEvent.change(field, { target: { value: 'Vi ringer snart.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vis forhåndsvisning' }));
    await screen.findByRole('region', { name: 'Forhåndsvisning' });
    fireEvent.change(field, { target: { value: 'Vi ringer snart!' } });
    expect(screen.queryByRole('region', { name: 'Forhåndsvisning' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Vis forhåndsvisning' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Vis forhåndsvisning' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send nu til 3 (2 SMS, 4 dele)' }));
    expect(await screen.findByText(/Den samme tekst er sendt til ventende/)).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/staff/messages/batch')).toHaveLength(1);
  });
});
