import { describe, expect, it } from 'vitest';
import { senderNumber } from './gatewayapi.ts';

describe('senderNumber', () => {
  it("reads GatewayAPI's msisdn as E.164", () => {
    expect(senderNumber('4522345678')).toBe('+4522345678');
    expect(senderNumber('22345678')).toBe('+4522345678');
    expect(senderNumber('46701234567')).toBe('+46701234567');
    expect(senderNumber('Skadekomp')).toBeNull();
  });
});
