import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leadPriority, triageFields, triageInvalidMessage } from './triage.ts';

describe('triage', () => {
  it('makes a danger to people critical, whatever else is answered', () => {
    expect(leadPriority({ personfare: 'ja' })).toBe('kritisk');
    expect(leadPriority({ personfare: 'ja', kloakvand: 'nej', saarbare: 'ja' })).toBe('kritisk');
  });

  it('makes sewage, an unliveable home or vulnerable people high', () => {
    expect(leadPriority({ kloakvand: 'ja' })).toBe('hoej');
    expect(leadPriority({ ubeboelig: 'ja', personfare: 'nej' })).toBe('hoej');
    expect(leadPriority({ saarbare: 'ja' })).toBe('hoej');
  });

  it('leaves a lead without yes answers normal', () => {
    expect(leadPriority({})).toBe('normal');
    expect(leadPriority({ personfare: 'nej', kloakvand: 'nej', ubeboelig: 'nej', saarbare: 'nej' })).toBe(
      'normal',
    );
  });

  it('accepts ja, nej or nothing, and refuses anything else in Danish', () => {
    const schema = z.object(triageFields);
    expect(schema.parse({ personfare: 'ja', kloakvand: '', saarbare: 'nej' })).toEqual({
      personfare: 'ja',
      saarbare: 'nej',
    });
    const refused = schema.safeParse({ personfare: 'måske' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(triageInvalidMessage);
    expect(schema.safeParse({ kloakvand: true }).success).toBe(false);
  });
});
