import { readFileSync } from 'node:fs';
import sharp from 'sharp';

// Photos as phones make them, for the tests of what the server keeps of one (FIND-09, CONDO-15).

/** A phone's JPEG: 3000 × 2000, turned by EXIF (orientation 6), with a camera, a GPS position, XMP and an ICC profile. */
export async function phoneJpeg(): Promise<Buffer> {
  const xmp =
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>';
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a7' } })
    .withMetadata({
      orientation: 6,
      icc: 'p3',
      exif: {
        IFD0: { Make: 'Apple', Model: 'iPhone 15', Copyright: 'Joana' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '19/1 55/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '43/1 56/1 0/1',
        },
      },
    })
    .withXmp(xmp)
    .jpeg()
    .toBuffer();
}

/**
 * Real HEVC-coded HEICs of one colour, made offline with libheif's `heif-enc` (x265, `-q 10`):
 * 5712 × 4284 is the size of an iPhone's 24-megapixel photo (6 kB); 7000 × 7000 is the issue's
 * hostile upload (12 kB that decode to 49 megapixels). SEC-09.
 */
export const heic24mp = () => readFileSync(new URL('./fixtures/heic-5712x4284.heic', import.meta.url));
export const heic7000 = () => readFileSync(new URL('./fixtures/heic-7000x7000.heic', import.meta.url));

/** CRC-32 of a PNG chunk (type and data), to forge a header that still parses. */
export function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A tiny PNG whose header declares `width` × `height`: a bomb over the cap, a truncated image under it. */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A small photo that decodes in milliseconds. */
export const smallJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
