import { PhotoRejected, reencodeHere, type PhotoFailure, type ReencodedPhoto } from './photo-reencode';

/**
 * SEC-09: a photo worker (a worker thread of lib/photo.ts's pool, piscina): decodes and re-encodes
 * one photo off the server's event loop. A refusal comes back as a value, not as an error: an
 * error's class does not survive the trip between threads.
 */
export type PhotoOutcome = { ok: ReencodedPhoto } | { rejected: PhotoFailure };

export default async function reencodeInWorker(input: Uint8Array): Promise<PhotoOutcome> {
  try {
    return { ok: await reencodeHere(Buffer.from(input.buffer, input.byteOffset, input.byteLength)) };
  } catch (error) {
    if (error instanceof PhotoRejected) return { rejected: error.reason };
    throw error;
  }
}
