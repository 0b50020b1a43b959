import type { RecordingKind } from '@toque/contracts/recordings';

/**
 * FIND-12 (docs/decisions/0056): what a finder's recording is, read from its bytes alone — never
 * from the declared content type. Two containers, the ones MediaRecorder writes: WebM (Matroska's
 * EBML) and MP4 (ISO BMFF, fragmented as browsers record it). The parse is bounded by the file's
 * size, which the route capped before a byte was read: one pass, no decoding, no recursion deeper
 * than the few container levels named below, and an element or box that claims to reach past the
 * end refuses the file.
 *
 * The duration is the longest of what the file says (WebM's Segment Info Duration, MP4's `mvhd`
 * and `mehd`) and of where its media actually reaches (each WebM block's cluster time plus its
 * offset; each MP4 fragment's decode time plus its samples' durations). MediaRecorder's WebM has
 * no Duration element at all, so the blocks decide; a header that under-states the length does
 * not hide the samples after it.
 */
export type RecordingInfo = { container: 'webm' | 'mp4'; mime: string; kind: RecordingKind; durationMs: number };

export type RecordingFailure = 'notMedia' | 'empty';

export class RecordingRejected extends Error {
  constructor(readonly reason: RecordingFailure) {
    super(`recording rejected: ${reason}`);
  }
}

const reject = (reason: RecordingFailure = 'notMedia'): never => {
  throw new RecordingRejected(reason);
};

export function inspectRecording(bytes: Buffer): RecordingInfo {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === EBML_HEADER) return inspectWebm(bytes);
  if (bytes.length >= 8 && bytes.toString('latin1', 4, 8) === 'ftyp') return inspectMp4(bytes);
  return reject();
}

// --- WebM / Matroska -------------------------------------------------------------------------

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const BLOCK_DURATION = 0x9b;

/** Masters whose children are read in line (their size may be "unknown", as a live muxer writes it). */
const DESCEND = new Set([SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);

/** An element's ID (its length marker kept, as the specification writes IDs). */
function readId(b: Buffer, pos: number): { id: number; next: number } {
  const first = b[pos] ?? reject();
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : reject();
  if (pos + length > b.length) reject();
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + b[pos + i]!;
  return { id, next: pos + length };
}

/** A variable-size integer (a size or a track number); `unknown` when all its value bits are set. */
function readVint(b: Buffer, pos: number): { value: number; unknown: boolean; next: number } {
  const first = b[pos] ?? reject();
  if (first === 0) reject();
  const length = Math.clz32(first) - 23;
  if (pos + length > b.length) reject();
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = b[pos + i]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, unknown: allOnes, next: pos + length };
}

function readUint(b: Buffer, start: number, length: number): number {
  if (length > 8) reject();
  let v = 0;
  for (let i = 0; i < length; i++) v = v * 256 + b[start + i]!;
  return v;
}

function inspectWebm(b: Buffer): RecordingInfo {
  let pos = 0;
  let docType = '';
  let timecodeScale = 1_000_000;
  let infoDuration = 0;
  let clusterTime = 0;
  let lastBlockEnd = -1;
  let video = false;
  let audio = false;
  let blocks = 0;

  const block = (start: number, extra = 0) => {
    const track = readVint(b, start);
    if (track.next + 2 > b.length) reject();
    const at = clusterTime + b.readInt16BE(track.next) + extra;
    blocks++;
    if (at > lastBlockEnd) lastBlockEnd = at;
  };

  while (pos < b.length) {
    const { id, next } = readId(b, pos);
    const size = readVint(b, next);
    const start = size.next;
    if (DESCEND.has(id)) {
      pos = start;
      continue;
    }
    if (size.unknown) reject();
    const end = start + size.value;
    if (end > b.length) reject();
    if (id === EBML_HEADER) {
      // The header's children, read here: DocType says which of the EBML formats this is.
      let p = start;
      while (p < end) {
        const child = readId(b, p);
        const s = readVint(b, child.next);
        if (s.unknown || s.next + s.value > end) reject();
        if (child.id === DOC_TYPE) docType = b.toString('latin1', s.next, s.next + s.value).replace(/\0+$/, '');
        p = s.next + s.value;
      }
    } else if (id === TIMECODE_SCALE) timecodeScale = readUint(b, start, size.value);
    else if (id === DURATION) {
      if (size.value === 4) infoDuration = b.readFloatBE(start);
      else if (size.value === 8) infoDuration = b.readDoubleBE(start);
      else reject();
    } else if (id === TRACK_TYPE) {
      const type = readUint(b, start, size.value);
      video ||= type === 1;
      audio ||= type === 2;
    } else if (id === CLUSTER_TIMECODE) clusterTime = readUint(b, start, size.value);
    else if (id === SIMPLE_BLOCK || id === BLOCK) block(start);
    else if (id === BLOCK_DURATION) {
      // A BlockGroup's duration extends its block (it follows the Block inside the group).
      const d = readUint(b, start, size.value);
      if (lastBlockEnd >= 0) lastBlockEnd = Math.max(lastBlockEnd, lastBlockEnd + d);
    }
    pos = end;
  }

  if (docType !== 'webm' && docType !== 'matroska') reject();
  if (!video && !audio) reject();
  if (!Number.isFinite(infoDuration) || infoDuration < 0 || timecodeScale <= 0) reject();
  if (blocks === 0) reject('empty');
  const toMs = (ticks: number) => (ticks * timecodeScale) / 1_000_000;
  const durationMs = Math.max(toMs(infoDuration), toMs(lastBlockEnd));
  const kind: RecordingKind = video ? 'video' : 'audio';
  return { container: 'webm', mime: `${kind}/webm`, kind, durationMs: Math.round(durationMs) };
}

// --- MP4 (ISO base media file format) ----------------------------------------------------------

/** Boxes whose children are read (the rest are skipped by their size). */
const BOXES_DESCEND = new Set(['moov', 'trak', 'mdia', 'mvex', 'moof', 'traf']);

function inspectMp4(b: Buffer): RecordingInfo {
  let movieScale = 0;
  let movieDuration = 0;
  let fragmentDuration = 0;
  let video = false;
  let audio = false;
  let samples = 0;
  const scales = new Map<number, number>();
  /** Where each track's media reaches, in its own timescale. */
  const reach = new Map<number, number>();
  let trakId = 0;
  let trafId = 0;
  let trafDefault = 0;
  let trafStart: number | undefined;

  const walk = (from: number, to: number, depth: number) => {
    let pos = from;
    while (pos < to) {
      if (pos + 8 > to) reject();
      let size = b.readUInt32BE(pos);
      const type = b.toString('latin1', pos + 4, pos + 8);
      let header = 8;
      if (size === 1) {
        if (pos + 16 > to) reject();
        size = Number(b.readBigUInt64BE(pos + 8));
        header = 16;
      } else if (size === 0) size = to - pos;
      if (size < header || pos + size > to) reject();
      const start = pos + header;
      const end = pos + size;
      if (depth === 0 && pos === 0 && type !== 'ftyp') reject();
      if (BOXES_DESCEND.has(type) && depth < 4) {
        if (type === 'traf') {
          trafId = 0;
          trafDefault = 0;
          trafStart = undefined;
        }
        walk(start, end, depth + 1);
      } else leaf(type, start, end);
      pos = end;
    }
  };

  const need = (start: number, end: number, n: number) => {
    if (start + n > end) reject();
  };

  const leaf = (type: string, start: number, end: number) => {
    const version = b[start] ?? 0;
    switch (type) {
      case 'mvhd':
        if (version === 1) {
          need(start, end, 32);
          movieScale = b.readUInt32BE(start + 20);
          movieDuration = Number(b.readBigUInt64BE(start + 24));
        } else {
          need(start, end, 20);
          movieScale = b.readUInt32BE(start + 12);
          movieDuration = b.readUInt32BE(start + 16);
        }
        break;
      case 'mehd':
        need(start, end, version === 1 ? 12 : 8);
        fragmentDuration = version === 1 ? Number(b.readBigUInt64BE(start + 4)) : b.readUInt32BE(start + 4);
        break;
      case 'tkhd':
        need(start, end, version === 1 ? 24 : 16);
        trakId = b.readUInt32BE(start + (version === 1 ? 20 : 12));
        break;
      case 'mdhd':
        need(start, end, version === 1 ? 24 : 16);
        scales.set(trakId, b.readUInt32BE(start + (version === 1 ? 20 : 12)));
        break;
      case 'hdlr': {
        need(start, end, 12);
        const handler = b.toString('latin1', start + 8, start + 12);
        video ||= handler === 'vide';
        audio ||= handler === 'soun';
        break;
      }
      case 'tfhd': {
        need(start, end, 8);
        const flags = b.readUIntBE(start + 1, 3);
        trafId = b.readUInt32BE(start + 4);
        let p = start + 8;
        if (flags & 0x01) p += 8;
        if (flags & 0x02) p += 4;
        if (flags & 0x08) {
          need(p, end, 4);
          trafDefault = b.readUInt32BE(p);
        }
        break;
      }
      case 'tfdt':
        need(start, end, version === 1 ? 12 : 8);
        trafStart = version === 1 ? Number(b.readBigUInt64BE(start + 4)) : b.readUInt32BE(start + 4);
        break;
      case 'trun': {
        need(start, end, 8);
        const flags = b.readUIntBE(start + 1, 3);
        const count = b.readUInt32BE(start + 4);
        let p = start + 8;
        if (flags & 0x01) p += 4;
        if (flags & 0x04) p += 4;
        const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
        // The samples' table must fit in the box: a count of four billion is a refusal, not a loop.
        if (p + count * fields * 4 > end) reject();
        let total = 0;
        for (let i = 0; i < count; i++) {
          total += flags & 0x100 ? b.readUInt32BE(p) : trafDefault;
          p += fields * 4;
        }
        samples += count;
        const from = trafStart ?? reach.get(trafId) ?? 0;
        trafStart = from + total;
        reach.set(trafId, Math.max(reach.get(trafId) ?? 0, from + total));
        break;
      }
      case 'stsz': {
        // A plain (not fragmented) file: its samples are counted here, its length is in mvhd.
        need(start, end, 12);
        samples += b.readUInt32BE(start + 8);
        break;
      }
      case 'minf':
      case 'stbl':
        if (end - start >= 8) walk(start, end, 3);
        break;
    }
  };

  walk(0, b.length, 0);
  if (!video && !audio) reject();
  let durationMs = 0;
  if (movieScale > 0) durationMs = Math.max((movieDuration * 1000) / movieScale, (fragmentDuration * 1000) / movieScale);
  for (const [track, ticks] of reach) {
    const scale = scales.get(track) ?? 0;
    if (scale > 0) durationMs = Math.max(durationMs, (ticks * 1000) / scale);
    else if (ticks > 0) reject();
  }
  if (samples === 0) reject('empty');
  const kind: RecordingKind = video ? 'video' : 'audio';
  return { container: 'mp4', mime: `${kind}/mp4`, kind, durationMs: Math.round(durationMs) };
}
