import { describe, expect, it } from 'vitest';
import { attachmentName, attachmentNames } from '../mail/photo-mail.ts';

describe('photo attachment names', () => {
  it('keep the name from the sender’s device, cleaned, with the extension of the real type', () => {
    expect(attachmentName('IMG_0042.HEIC', 1, 'image/heic')).toBe('IMG_0042.heic');
    expect(attachmentName('køkken loft.jpeg', 1, 'image/jpeg')).toBe('køkken loft.jpg');
    expect(attachmentName('C:\\Users\\Per\\vand i kælder.png', 1, 'image/png')).toBe('vand i kælder.png');
    expect(attachmentName('../../etc/passwd', 1, 'image/png')).toBe('passwd.png');
    expect(attachmentName('skade\r\nBcc: x@y.dk.jpg', 1, 'image/jpeg')).toBe('skade_Bcc_ x_y.dk.jpg');
    expect(attachmentName('billede.png', 1, 'image/jpeg')).toBe('billede.jpg');
    expect(attachmentName(`${'a'.repeat(300)}.png`, 1, 'image/png')).toBe(`${'a'.repeat(80)}.png`);
  });

  it('are billede-<n> without a usable name', () => {
    expect(attachmentName(null, 3, 'image/webp')).toBe('billede-3.webp');
    expect(attachmentName('', 1, 'image/png')).toBe('billede-1.png');
    expect(attachmentName('.png', 2, 'image/png')).toBe('billede-2.png');
    expect(attachmentName('???.jpg', 4, 'image/jpeg')).toBe('billede-4.jpg');
  });

  it('are unique within one e-mail', () => {
    const png = 'image/png';
    expect(
      attachmentNames([
        { originalName: 'image.png', contentType: png },
        { originalName: 'IMAGE.png', contentType: png },
        { originalName: 'image.png', contentType: png },
        { originalName: null, contentType: png },
      ]),
    ).toEqual(['image.png', 'IMAGE-2.png', 'image-3.png', 'billede-4.png']);
  });
});
