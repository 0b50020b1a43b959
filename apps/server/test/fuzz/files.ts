import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { HEIC_7000, HEIC_SMALL } from './heic-fixtures';
import type { Family, Rendered } from './bodies';

/**
 * SEC-09: hostile files for the routes whose body is a file (FIND-09's photo, CONDO-15's package photo):
 * tiny files whose headers declare 7,000–20,000 pixels a side (PNG, JPEG, WebP, HEIC), real images of
 * 7000 × 7000 in a few kB (a solid colour compresses to nothing), a real 10 MB photo, the body at and one
 * byte over the route's limit, and bytes that only start like an image.
 */

export interface FileCase {
  kind: 'file';
  /** Which image (IMAGES). */
  image: number;
  /** The side its header declares, where the header is forged. */
  side: number;
  /** 0: as it is; 1: padded with zeros to exactly the route's limit; 2: to one byte over it. */
  pad: number;
  /** The Content-Type sent (the server reads the bytes, whatever it says). */
  type: number;
}

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/octet-stream', 'text/plain'];

/** CRC-32 of a PNG chunk (type and data), to forge a header that still parses. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngSide(png: Buffer, side: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(side, 16);
  out.writeUInt32BE(side, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** The frame header (SOF0/SOF2) declares side × side; the scan stays an 8 × 8 one (libjpeg fills the rest). */
function jpegSide(jpeg: Buffer, side: number): Buffer {
  const out = Buffer.from(jpeg);
  const s = Math.min(side, 65_535);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(s, i + 5);
      out.writeUInt16BE(s, i + 7);
      break;
    }
  }
  return out;
}

/** A lossless WebP of one colour codes no pixel: its VP8L header alone says how many there are (14 bits a side). */
function webpSide(webp: Buffer, side: number): Buffer {
  const out = Buffer.from(webp);
  const s = Math.min(side, 16_384) - 1;
  const bits = out.readUInt32LE(21);
  out.writeUInt32LE(((bits & ~0xfffffff) | (s & 0x3fff) | ((s & 0x3fff) << 14)) >>> 0, 21);
  return out;
}

/** Every `ispe` (image spatial extent) property declares side × side. */
function heicSide(heic: Buffer, side: number): Buffer {
  const out = Buffer.from(heic);
  for (let i = out.indexOf('ispe', 0, 'latin1'); i > 0; i = out.indexOf('ispe', i + 4, 'latin1')) {
    out.writeUInt32BE(side, i + 8);
    out.writeUInt32BE(side, i + 12);
  }
  return out;
}

/** `n` bytes of deterministic noise (a case replays byte for byte). */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = n | 1;
  for (let k = 0; k < n; k++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[k] = x & 0xff;
  }
  return out;
}

export interface Images {
  png: Buffer;
  jpeg: Buffer;
  webp: Buffer;
  png7000: Buffer;
  photo: Buffer;
}

/** The images the cases start from; the big ones made once per run (a few seconds of sharp). */
export async function makeImages(): Promise<Images> {
  const solid = (side: number) => sharp({ create: { width: side, height: side, channels: 3, background: '#7a9' } });
  // A phone photo's worth of noise: ~9 MB of JPEG that does not compress.
  const [w, h] = [3600, 2700];
  return {
    png: await solid(8).png().toBuffer(),
    jpeg: await solid(8).jpeg().toBuffer(),
    webp: await solid(16).webp({ lossless: true }).toBuffer(),
    png7000: await solid(7000).png({ compressionLevel: 9 }).toBuffer(),
    photo: await sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  };
}

/** The images, by index; "side" is the side a forged header declares. */
const NAMES = [
  '8 × 8 PNG',
  'PNG declaring side²',
  'JPEG declaring side²',
  'WebP of one colour, side²',
  'HEIC 7000² (12 kB)',
  'HEIC 7000² declaring side²',
  'HEIC 64 × 48 declaring side²',
  'PNG 7000² of one colour',
  'a 9 MB photo',
  'image magic, then side bytes of noise',
];

/** Each image as a function of the declared side (ignored by the ones that are what they say). */
function makers(i: Images): ((side: number) => Buffer)[] {
  return [
    () => i.png,
    (side) => pngSide(i.png, side),
    (side) => jpegSide(i.jpeg, side),
    (side) => webpSide(i.webp, side),
    () => HEIC_7000,
    (side) => heicSide(HEIC_7000, side),
    (side) => heicSide(HEIC_SMALL, side),
    () => i.png7000,
    () => i.photo,
    (side) => Buffer.concat([i.png.subarray(0, 16), noise(side)]),
  ];
}

const IMAGE_COUNT = NAMES.length;
/** The images whose header is forged to the case's side (the others are what they are). */
const FORGED = new Set([1, 2, 3, 5, 6, 9]);
const PHOTO = 8;

function fileCase(images: number[], pads: number[]): fc.Arbitrary<FileCase> {
  return fc.record({
    kind: fc.constant('file' as const),
    image: fc.constantFrom(...images),
    side: fc.integer({ min: 64, max: 20_000 }),
    pad: fc.constantFrom(...pads),
    type: fc.nat({ max: TYPES.length - 1 }),
  });
}

/**
 * A file route's families: each image as it is (the forged ones at 7000 and at 20000 a side), the body at
 * (a real photo padded with zeros) and one byte over the route's limit, and `runs` random cases.
 */
export function fileFamilies(runs: number): Family<FileCase>[] {
  const all = Array.from({ length: IMAGE_COUNT }, (_, i) => i);
  const families: Family<FileCase>[] = all.map((image) => ({
    name: NAMES[image]!,
    arbitrary: fileCase([image], [0]),
    examples: (FORGED.has(image) ? [7000, 20_000] : [7000]).map((side) => ({
      kind: 'file' as const,
      image,
      side,
      pad: 0,
      type: 4,
    })),
    runs: 0,
  }));
  families.push(
    {
      name: 'the body at and over the limit',
      arbitrary: fileCase(all, [1, 2]),
      examples: [
        { kind: 'file', image: PHOTO, side: 64, pad: 1, type: 0 },
        { kind: 'file', image: 0, side: 64, pad: 2, type: 1 },
      ],
      runs: 0,
    },
    { name: 'random', arbitrary: fileCase(all, [0, 0, 1, 2]), examples: [], runs },
  );
  return families;
}

export function renderFile(all: Images, limit: number, c: FileCase): Rendered {
  const name = NAMES[c.image % IMAGE_COUNT]!.replace('side', () => String(c.side));
  let body = makers(all)[c.image % IMAGE_COUNT]!(c.side);
  if (c.pad > 0) {
    const size = limit + (c.pad === 2 ? 1 : 0);
    body = Buffer.concat([body.subarray(0, size), Buffer.alloc(Math.max(0, size - body.length))]);
  }
  return {
    body,
    contentType: TYPES[c.type % TYPES.length]!,
    ...(c.pad === 1 ? { expect: { not: 413 } } : c.pad === 2 ? { expect: { status: 413 } } : {}),
    label: `${name}, ${body.length} B${c.pad === 1 ? ' (padded to the limit)' : c.pad === 2 ? ' (one byte over the limit)' : ''} as ${TYPES[c.type % TYPES.length]}`,
  };
}
