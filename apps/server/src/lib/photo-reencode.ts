import { createHash } from 'node:crypto';
import type sharpFn from 'sharp';
import type { OutputInfo, Sharp } from 'sharp';
import type heicDecode from 'heic-decode';
import { PHOTO_MAX_SIDE } from '@toque/contracts/products';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '@toque/contracts/poster';

/**
 * FIND-09 (docs/decisions/0042): an owner's photo, re-encoded before anything keeps it. Only JPEG,
 * PNG, WebP and HEIF/HEIC are read (by their first bytes, whatever the request says); the output is
 * a WebP of at most PHOTO_MAX_SIDE px, turned upright from its EXIF orientation, with no metadata
 * at all: sharp writes none unless asked (no EXIF, GPS, XMP, IPTC or ICC).
 *
 * SEC-09: this module decodes, so it runs only in the photo workers (photo-worker.ts), never on
 * the server's event loop; lib/photo.ts is what the server calls.
 */

// Loaded on a worker's first photo: libvips and libheif's WebAssembly are a worker's, not the server's.
let sharpModule: Promise<typeof sharpFn> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));
let heicModule: Promise<typeof heicDecode> | undefined;
const loadHeic = () => (heicModule ??= import('heic-decode').then((m) => m.default));

/**
 * A decompression bomb's guard: more pixels than any phone camera makes is refused before decoding.
 * JPEG, PNG and WebP are decoded by libvips line by line and shrunk on load (a JPEG at 1/8), so a
 * 50-megapixel one stays within tens of megabytes.
 */
const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

/**
 * SEC-09: HEIF/HEIC is decoded whole, never shrunk on load: libheif's WebAssembly holds the YCbCr
 * planes, an RGBA copy and the decoder's own pictures, and the JavaScript side one more RGBA copy —
 * about 12 bytes a pixel, measured (a 24.5-megapixel HEIC grew the process by 293 MB, a 49-megapixel
 * one by 576 MB). 25 megapixels lets an iPhone's 24-megapixel photo (5712 × 4284) through and
 * bounds one decode at about 300 MB; the 48-megapixel 'HEIF Max' photos are refused with a message
 * that asks for a smaller HEIC or a JPEG. The declared size is read before anything is decoded.
 */
const PHOTO_MAX_HEIF_PIXELS = 25_000_000;

export type PhotoFailure = 'notImage' | 'tooManyPixels' | 'heifTooManyPixels' | 'tooSlow';
export class PhotoRejected extends Error {
  constructor(readonly reason: PhotoFailure) {
    super(reason);
  }
}

export interface ReencodedPhoto {
  webp: Buffer;
  width: number;
  height: number;
  /** The WebP's content hash: its name in the URL, so a new photo has a new URL. */
  hash: string;
}

type Kind = 'jpeg' | 'png' | 'webp' | 'heif';

const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');
/** HEIF brands a phone writes (heic/heix: HEVC; mif1/msf1: generic; avif: AV1). */
const heifBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The format by its magic bytes; anything else (SVG, GIF, TIFF, a PDF, text) is not a photo here. */
function photoKind(b: Buffer): Kind | undefined {
  if (b.length < 16) return undefined;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 4, 8) === 'ftyp' && heifBrands.has(ascii(b, 8, 12))) return 'heif';
  return undefined;
}

const pixelError = /pixel limit|exceeds|too large|dimensions/i;

function outOf(pipeline: Sharp) {
  return pipeline
    .rotate()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 })
    .toBuffer({ resolveWithObject: true });
}

const overHeifCap = (width: number | undefined, height: number | undefined) =>
  !width || !height || width * height > PHOTO_MAX_HEIF_PIXELS;

/**
 * HEVC-coded HEIC (every iPhone's) is not in sharp's prebuilt libvips: libheif's WebAssembly build
 * decodes it to pixels, after its declared size passed the HEIF pixel cap.
 */
async function fromHeic(input: Buffer): Promise<Sharp> {
  const [decodeHeic, sharp] = await Promise.all([loadHeic(), loadSharp()]);
  const images = await decodeHeic.all({ buffer: input });
  try {
    const primary = images[0];
    if (!primary) throw new PhotoRejected('notImage');
    if (overHeifCap(primary.width, primary.height)) throw new PhotoRejected('heifTooManyPixels');
    const { width, height, data } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } });
  } finally {
    images.dispose();
  }
}

/** Decodes and re-encodes in the calling thread: the photo workers' job (photo-worker.ts). */
export async function reencodeHere(input: Buffer): Promise<ReencodedPhoto> {
  const kind = photoKind(input);
  if (!kind) throw new PhotoRejected('notImage');
  const sharp = await loadSharp();
  let result: { data: Buffer; info: OutputInfo };
  try {
    const options = { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' as const };
    if (kind === 'heif') {
      // The container's declared size (its `ispe` box), read by libheif without decoding a pixel:
      // any HEIF over the cap is refused here, AV1 or HEVC.
      const probe = await sharp(input, options)
        .metadata()
        .catch(() => undefined);
      if (probe && overHeifCap(probe.width, probe.height)) throw new PhotoRejected('heifTooManyPixels');
      // AVIF-coded HEIF is sharp's own; HEVC goes through libheif (sharp refuses it with an error).
      const native = probe?.compression === 'av1';
      result = await outOf(native ? sharp(input, options) : await fromHeic(input));
    } else {
      result = await outOf(sharp(input, options));
    }
  } catch (error) {
    if (error instanceof PhotoRejected) throw error;
    throw new PhotoRejected(error instanceof Error && pixelError.test(error.message) ? 'tooManyPixels' : 'notImage');
  }
  const { data, info } = result;
  return {
    webp: data,
    width: info.width,
    height: info.height,
    hash: createHash('sha256').update(data).digest('hex').slice(0, 32),
  };
}

/**
 * FIND-10: what a stored photo (our own WebP, at most PHOTO_MAX_SIDE px) becomes for the lost
 * poster — a JPEG of the same size, which a PDF embeds as it is — or for the page's Open Graph
 * preview — a PREVIEW_WIDTH × PREVIEW_HEIGHT JPEG with the whole photo on a light background.
 */
export type PhotoRendition = 'poster' | 'preview';

export async function renditionHere(webp: Buffer, rendition: PhotoRendition): Promise<Buffer> {
  const sharp = await loadSharp();
  // Our own stored WebP; the cap stays as a guard all the same.
  const input = sharp(webp, { limitInputPixels: PHOTO_MAX_SIDE * PHOTO_MAX_SIDE, failOn: 'error' });
  if (rendition === 'poster') return input.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
  return input
    .resize({ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, fit: 'contain', background: '#fef2f2' })
    .flatten({ background: '#fef2f2' })
    .jpeg({ quality: 80 })
    .toBuffer();
}
