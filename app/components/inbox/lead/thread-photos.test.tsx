import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail, json, stubStaffApi } from '../../../../tests/support/inbox';
import type { LeadImage } from '../../../../domain/staff-api/leads';
import type { LeadMessage } from '../../../../domain/staff-api/messages';
import { LeadMessages } from './messages';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const image = (id: string, originalName: string): LeadImage => ({
  id,
  contentType: 'image/png',
  originalName,
  bytes: 2048,
  url: `/api/objects/${id}?signature=x`,
  addedLaterAt: '2026-12-03T09:25:00.000Z',
});

describe('an answer with photos in the thread', () => {
  it('shows the photos the customer’s e-mail came with, under its text', async () => {
    const lead = detail({
      images: [image('i0', 'skema.png'), image('i1', 'loft.png'), image('i2', 'vaeg.png')],
    });
    const answer: LeadMessage = {
      id: 'm1',
      direction: 'in',
      channel: 'email',
      body: 'Her er loftet og væggen.',
      authorName: null,
      createdAt: '2026-12-03T09:25:00.000Z',
      batchId: null,
      email: null,
      sms: null,
      photoIds: ['i1', 'i2'],
    };
    stubStaffApi((call) =>
      call.method === 'GET' ? json({ messages: [answer] }) : json({ message: 'Uventet kald' }, 500),
    );
    render(<LeadMessages lead={lead} version="1" onError={vi.fn()} />);
    const item = (await screen.findByText('Her er loftet og væggen.')).closest('li')!;
    expect(within(item).getByText('Med 2 billeder:')).toBeTruthy();
    const photos = within(item).getAllByRole('img');
    expect(photos.map((photo) => photo.getAttribute('alt'))).toEqual([
      'Åbn billede 1 (loft.png)',
      'Åbn billede 2 (vaeg.png)',
    ]);
    expect(photos[0]!.getAttribute('src')).toBe('/api/objects/i1?signature=x');
  });
});
