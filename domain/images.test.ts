import { describe, expect, it } from 'vitest';
import { limits } from './constants.ts';
import {
  acceptedImageTypes,
  imageExtension,
  imageMessages,
  imageUploadsField,
  maxImageMegabytes,
} from './images.ts';
import { messagesOf } from '../tests/support/schema-messages.ts';

describe('image rules', () => {
  it('accepts the photo formats phones and cameras make, and nothing else', () => {
    expect(acceptedImageTypes).toEqual(
      expect.arrayContaining([
        'image/jpeg',
        'image/png',
        'image/webp',
        'image/gif',
        'image/heic',
        'image/heif',
      ]),
    );
    expect(acceptedImageTypes).not.toContain('image/svg+xml');
    expect(acceptedImageTypes.every((type) => type.startsWith('image/'))).toBe(true);
  });

  it('allows 10 MB per image', () => {
    expect(maxImageMegabytes).toBe(10);
    expect(limits.maxImageBytes).toBe(10 * 1024 * 1024);
  });

  it('says in Danish what is wrong', () => {
    expect(imageMessages.tooMany(3)).toBe('Du kan højst vedhæfte 3 billeder');
    expect(imageMessages.tooLarge).toBe('Billedet er for stort. Hvert billede må højst fylde 10 MB.');
    expect(imageMessages.notImage).toBe(
      'Filen er ikke et billede, vi kan modtage. Brug JPEG, PNG, WebP, GIF eller HEIC.',
    );
    expect(imageMessages.unknownUpload).toBe('Et af billederne blev ikke genkendt. Upload det igen.');
  });

  it('names the file extension of each type', () => {
    expect(acceptedImageTypes.map(imageExtension)).toEqual([
      'jpg',
      'png',
      'webp',
      'gif',
      'heic',
      'heif',
      'heic',
      'heif',
    ]);
    expect(imageExtension('application/pdf')).toBe('bin');
  });
});

describe('the images of a lead', () => {
  const field = imageUploadsField(3);
  const url = (n: number) => `http://127.0.0.1:3000/api/objects/upload/${n}`;

  it('are upload URLs, none when left out', () => {
    expect(field.parse(undefined)).toEqual([]);
    expect(field.parse([url(1), url(2)])).toEqual([url(1), url(2)]);
  });

  it('are at most the given number', () => {
    expect(messagesOf(field.safeParse([url(1), url(2), url(3), url(4)]))).toEqual([imageMessages.tooMany(3)]);
  });

  it('refuse what cannot be an upload URL', () => {
    for (const bad of ['', 'x'.repeat(2049), `${url(1)}\u0000`, 42]) {
      const messages = new Set(messagesOf(field.safeParse([bad])));
      expect([...messages], String(bad).slice(0, 20)).toEqual([imageMessages.unknownUpload]);
    }
    expect(messagesOf(field.safeParse('not a list'))?.[0]).toBe(imageMessages.unknownUpload);
  });
});
