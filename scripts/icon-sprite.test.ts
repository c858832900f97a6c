import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandMarkNames, lucideIconNames } from '../app/components/icon-names';
import { readIconNames, renderSprite, spritePath } from './icon-sprite.mjs';

describe('icon sprite', () => {
  it('is what `npm run icons` builds from the icon list (run it after changing app/components/icon-names.ts)', async () => {
    expect(readFileSync(spritePath, 'utf8')).toBe(await renderSprite());
  });

  it('has exactly one symbol per icon name, lucide names and brand marks', () => {
    const ids = [...readFileSync(spritePath, 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect([...ids].sort()).toEqual([...lucideIconNames, ...brandMarkNames].sort());
  });

  it('reads the names the TypeScript list declares', () => {
    expect(readIconNames('lucideIconNames')).toEqual([...lucideIconNames]);
  });

  it('draws lucide icons with lucide data and refuses names lucide does not have', async () => {
    const sprite = await renderSprite({ lucideNames: ['arrow-right'], brandMarks: '' });
    expect(sprite).toContain(
      '<symbol id="arrow-right" viewBox="0 0 24 24"><path d="M5 12h14"/><path d="m12 5 7 7-7 7"/></symbol>',
    );
    await expect(renderSprite({ lucideNames: ['no-such-icon'], brandMarks: '' })).rejects.toThrow(
      /no icon "no-such-icon"/,
    );
  });
});
