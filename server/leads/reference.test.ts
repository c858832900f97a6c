import { describe, expect, it } from 'vitest';
import { generateReference, referencePattern, withUniqueReference } from './reference.ts';

describe('submission references', () => {
  it('look like SK-7F3K2Q and avoid look-alike characters', () => {
    for (let i = 0; i < 500; i++) {
      const reference = generateReference('SK');
      expect(reference).toMatch(referencePattern);
      expect(reference.slice(3)).not.toMatch(/[01OIL]/);
    }
  });

  it('draws again when a reference is taken', async () => {
    const drawn = ['SK-222222', 'SK-222222', 'SK-333333'];
    const taken = new Set(['SK-222222']);
    const result = await withUniqueReference(
      'SK',
      async (reference) => (taken.has(reference) ? null : reference),
      () => drawn.shift()!,
    );
    expect(result).toBe('SK-333333');
  });
});
