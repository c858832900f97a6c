import { describe, expect, it } from 'vitest';
import { imagePickerMessages, selectImages } from './select-images';

function file(name: string, type: string, size = 4) {
  return new File([new Uint8Array(size)], name, { type });
}

describe('selectImages', () => {
  it('keeps images', () => {
    const files = [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.heic', 'image/heic')];
    expect(selectImages(files, 0, 10)).toEqual({ accepted: files, refused: [] });
  });

  it('refuses files whose type is not image/*', () => {
    const { accepted, refused } = selectImages([file('notes.pdf', 'application/pdf'), file('x', '')], 0, 10);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      'notes.pdf er ikke et billede og blev ikke tilføjet.',
      'x er ikke et billede og blev ikke tilføjet.',
    ]);
  });

  it('refuses images over 10 MB and keeps one of exactly 10 MB', () => {
    const exact = file('exact.png', 'image/png', 10 * 1024 * 1024);
    const over = file('big.png', 'image/png', 10 * 1024 * 1024 + 1);
    const { accepted, refused } = selectImages([exact, over], 0, 10);
    expect(accepted.map((image) => image.name)).toEqual(['exact.png']);
    expect(refused).toEqual(['big.png er større end 10 MB og blev ikke tilføjet.']);
  });

  it('stops at 10 images in all and says how many were left out', () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    const { accepted, refused } = selectImages(files, 8, 10);
    expect(accepted.map((image) => image.name)).toEqual(['0.png', '1.png']);
    expect(refused).toEqual(['Du kan højst vedhæfte 10 billeder. 2 billeder blev ikke tilføjet.']);
    expect(imagePickerMessages.tooMany(1, 10)).toBe(
      'Du kan højst vedhæfte 10 billeder. 1 billede blev ikke tilføjet.',
    );
  });

  it('stops at the limit it is given (3 for an emergency)', () => {
    const files = Array.from({ length: 3 }, (_, i) => file(`${i}.png`, 'image/png'));
    const { accepted, refused } = selectImages(files, 1, 3);
    expect(accepted.map((image) => image.name)).toEqual(['0.png', '1.png']);
    expect(refused).toEqual(['Du kan højst vedhæfte 3 billeder. 1 billede blev ikke tilføjet.']);
  });
});
