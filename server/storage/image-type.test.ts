/**
 * An image's dimensions, read from its header before it is kept: pixel bombs (a small file that
 * claims gigapixels) are refused, whichever accepted format they come in.
 */
import { describe, expect, it } from 'vitest';
import { limits } from '../../domain/constants.ts';
import { makeJpegHeader, makePng, makePngHeader } from '../../tests/support/images.ts';
import { checkImageHeader, detectImageType, imageHeaderBytes, imagePixels } from './image-type.ts';

/** What the upload pipeline does with a whole file: the magic bytes, then the header. */
async function check(bytes: Buffer) {
  const contentType = await detectImageType(bytes.subarray(0, 4100));
  if (!contentType) return 'not-image';
  return checkImageHeader(contentType, bytes.length, async (count) => bytes.subarray(0, count));
}

/** A JPEG segment: marker, length, payload. */
const segment = (marker: number, payload: Buffer) =>
  Buffer.concat([
    Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]),
    payload,
  ]);
/** A frame header (SOFn or DHP) claiming width × height. */
const frame = (marker: number, width: number, height: number) =>
  segment(marker, Buffer.from([8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]));
const soi = Buffer.from([0xff, 0xd8]);

function gif(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a'), screen, Buffer.from([0x3b])]);
}

function webp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}

describe('the dimensions in an image header', () => {
  it('keeps real photos up to 50 megapixels', async () => {
    expect(await check(makePng(8, 8))).toBeNull();
    expect(await check(makePngHeader(8160, 6120))).toBeNull();
    expect(await check(Buffer.concat([makeJpegHeader(8160, 6120), Buffer.alloc(1000)]))).toBeNull();
    expect(await check(gif(640, 480))).toBeNull();
    expect(await check(webp(4000, 3000))).toBeNull();
    expect(imagePixels('image/png', makePngHeader(8160, 6120))).toBe(8160 * 6120);
  });

  it('refuses a header that claims more than 50 megapixels, in every accepted format', async () => {
    expect(limits.maxImagePixels).toBe(50_000_000);
    expect(await check(makePngHeader(30000, 30000))).toBe('too-many-pixels');
    expect(await check(makePngHeader(7072, 7072))).toBe('too-many-pixels');
    expect(await check(makeJpegHeader(30000, 30000))).toBe('too-many-pixels');
    expect(await check(gif(65535, 65535))).toBe('too-many-pixels');
    expect(await check(webp(30000, 30000))).toBe('too-many-pixels');
  });

  it('finds a JPEG frame header of any type, wherever the metadata before it ends', async () => {
    // Arithmetic coding (SOF9), right after the start of image, and a hierarchical image (DHP).
    expect(await check(Buffer.concat([soi, frame(0xc9, 30000, 30000)]))).toBe('too-many-pixels');
    expect(await check(Buffer.concat([soi, frame(0xc0, 30000, 30000), frame(0xc0, 4, 4)]))).toBe(
      'too-many-pixels',
    );
    expect(await check(Buffer.concat([soi, frame(0xde, 30000, 30000), frame(0xc0, 4, 4)]))).toBe(
      'too-many-pixels',
    );
    // Past the first 256 KB: five full APP1 segments of metadata, then the frame header.
    const metadata = Array.from({ length: 5 }, () => segment(0xe1, Buffer.alloc(65_533)));
    const late = Buffer.concat([soi, ...metadata, frame(0xc2, 30000, 30000)]);
    expect(late.length).toBeGreaterThan(imageHeaderBytes);
    expect(await check(late)).toBe('too-many-pixels');
    expect(await check(Buffer.concat([soi, ...metadata, frame(0xc2, 4000, 3000)]))).toBeNull();
  });

  it('refuses as not an image a header it cannot read, or one that leaves the size open', async () => {
    // No frame header before the scan; a height of 0 (given only after the scan); no IHDR.
    expect(await check(Buffer.concat([soi, segment(0xda, Buffer.alloc(10)), frame(0xc0, 4, 4)]))).toBe(
      'not-image',
    );
    expect(await check(Buffer.concat([soi, frame(0xc0, 30000, 0)]))).toBe('not-image');
    expect(await check(Buffer.concat([makePng(4, 4).subarray(0, 8), Buffer.alloc(40)]))).toBe('not-image');
  });
});
