import { describe, expect, it } from 'vitest';
import { leadIdOfReplyAddress, replyAddressOf } from './answer-address.ts';

const secret = 'a-signing-secret-of-at-least-32-characters';
const leadId = '0b3c5a1e-7d2f-4c8e-9a61-2f4e8b7c9d10';

describe('the reply address of a lead', () => {
  it('names the lead and comes back to it, also when a mail system upper-cases it', () => {
    const address = replyAddressOf(secret, 'svar@firma.dk', leadId);
    expect(address).toMatch(/^svar\+[0-9a-f]{44}@firma\.dk$/);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(leadIdOfReplyAddress(secret, address)).toBe(leadId);
    expect(leadIdOfReplyAddress(secret, address.toUpperCase())).toBe(leadId);
  });

  it('names no lead for an altered tag, another secret or a plain address', () => {
    const address = replyAddressOf(secret, 'svar@firma.dk', leadId);
    const altered = address.replace(/\+(.)/, (_, first: string) => `+${first === '0' ? '1' : '0'}`);
    expect(leadIdOfReplyAddress(secret, altered)).toBeNull();
    expect(leadIdOfReplyAddress('another-secret-of-at-least-32-characters', address)).toBeNull();
    expect(leadIdOfReplyAddress(secret, 'svar@firma.dk')).toBeNull();
    expect(leadIdOfReplyAddress(secret, 'svar+hello@firma.dk')).toBeNull();
  });
});
