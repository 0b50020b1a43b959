import { PhotoRejected, reencodeHere, renditionHere, type PhotoFailure, type PhotoRendition, type ReencodedPhoto } from './photo-reencode';

/**
 * SEC-09: a photo worker (a worker thread of lib/photo.ts's pool, piscina): decodes and re-encodes
 * one photo off the server's event loop. A refusal comes back as a value, not as an error: an
 * error's class does not survive the trip between threads.
 *
 * FIND-10: the same workers make a stored photo's renditions (the lost poster's JPEG, the page's
 * preview image): decoding is theirs, whatever the photo is for.
 */
export type PhotoOutcome = { ok: ReencodedPhoto } | { rejected: PhotoFailure } | { rendition: Uint8Array };

/** A task: an upload's bytes to re-encode, or a stored WebP to render. */
export type PhotoTask = Uint8Array | { rendition: PhotoRendition; webp: Uint8Array };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default async function reencodeInWorker(task: PhotoTask): Promise<PhotoOutcome> {
  try {
    if (!(task instanceof Uint8Array)) return { rendition: await renditionHere(asBuffer(task.webp), task.rendition) };
    return { ok: await reencodeHere(asBuffer(task)) };
  } catch (error) {
    if (error instanceof PhotoRejected) return { rejected: error.reason };
    throw error;
  }
}
