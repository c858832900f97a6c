import { describe, expect, it } from 'vitest';
import { imagePickerMessages, readAsDataUrl, selectImages } from './read-images';

function file(name: string, type: string, size = 4) {
  return new File([new Uint8Array(size)], name, { type });
}

const fakeRead = async (f: File) => `data:${f.type};base64,AAAA`;

describe('selectImages', () => {
  it('keeps images and reads them into data URLs', async () => {
    const { accepted, refused } = await selectImages(
      [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg')],
      0,
      fakeRead,
    );
    expect(accepted.map((image) => [image.name, image.dataUrl])).toEqual([
      ['a.png', 'data:image/png;base64,AAAA'],
      ['b.jpg', 'data:image/jpeg;base64,AAAA'],
    ]);
    expect(refused).toEqual([]);
    expect(new Set(accepted.map((image) => image.id)).size).toBe(2);
  });

  it('refuses files whose type is not image/*', async () => {
    const { accepted, refused } = await selectImages(
      [file('notes.pdf', 'application/pdf'), file('x', '')],
      0,
      fakeRead,
    );
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      'notes.pdf er ikke et billede og blev ikke tilføjet.',
      'x er ikke et billede og blev ikke tilføjet.',
    ]);
  });

  it('refuses images over 10 MB and keeps one of exactly 10 MB', async () => {
    const exact = file('exact.png', 'image/png', 10 * 1024 * 1024);
    const over = file('big.png', 'image/png', 10 * 1024 * 1024 + 1);
    const { accepted, refused } = await selectImages([exact, over], 0, fakeRead);
    expect(accepted.map((image) => image.name)).toEqual(['exact.png']);
    expect(refused).toEqual(['big.png er større end 10 MB og blev ikke tilføjet.']);
  });

  it('stops at 10 images in all and says how many were left out', async () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`${i}.png`, 'image/png'));
    const { accepted, refused } = await selectImages(files, 8, fakeRead);
    expect(accepted.map((image) => image.name)).toEqual(['0.png', '1.png']);
    expect(refused).toEqual(['Du kan højst vedhæfte 10 billeder. 2 billeder blev ikke tilføjet.']);
    expect(imagePickerMessages.tooMany(1)).toBe(
      'Du kan højst vedhæfte 10 billeder. 1 billede blev ikke tilføjet.',
    );
  });

  it('rejects when a file cannot be read', async () => {
    await expect(
      selectImages([file('a.png', 'image/png')], 0, async () => {
        throw new Error('unreadable');
      }),
    ).rejects.toThrow('unreadable');
  });
});

describe('readAsDataUrl', () => {
  it('reads a file into a base64 data URL', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
    await expect(readAsDataUrl(png)).resolves.toBe('data:image/png;base64,iVBORw==');
  });
});
