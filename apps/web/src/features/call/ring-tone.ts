const SAMPLE_RATE = 8000;
/** A phone ring: two bursts of 440 + 480 Hz, then silence; the audio element loops it (CALL-04). */
const PATTERN: { on: boolean; seconds: number }[] = [
  { on: true, seconds: 0.4 },
  { on: false, seconds: 0.2 },
  { on: true, seconds: 0.4 },
  { on: false, seconds: 2 },
];

/** 8-bit mono PCM WAV bytes of one ring cycle: generated, so no binary file ships with the app. */
export function ringToneWav(): Uint8Array<ArrayBuffer> {
  const samples = PATTERN.reduce((n, part) => n + Math.round(part.seconds * SAMPLE_RATE), 0);
  const bytes = new Uint8Array(new ArrayBuffer(44 + samples));
  const view = new DataView(bytes.buffer);
  const text = (offset: number, s: string) => [...s].forEach((ch, i) => view.setUint8(offset + i, ch.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true); // byte rate: 1 byte per sample
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  let i = 0;
  for (const part of PATTERN) {
    const count = Math.round(part.seconds * SAMPLE_RATE);
    for (let n = 0; n < count; n += 1, i += 1) {
      const t = n / SAMPLE_RATE;
      // Short fades at both ends of a burst avoid clicks.
      const fade = Math.min(1, n / 80, (count - n) / 80);
      const v = part.on ? fade * 0.35 * (Math.sin(2 * Math.PI * 440 * t) + Math.sin(2 * Math.PI * 480 * t)) : 0;
      bytes[44 + i] = Math.round(128 + 127 * Math.max(-1, Math.min(1, v)));
    }
  }
  return bytes;
}

let url: string | null = null;

/** A blob: URL of the ring (the server's CSP allows blob: media). */
export function ringToneUrl(): string {
  url ??= URL.createObjectURL(new Blob([ringToneWav()], { type: 'audio/wav' }));
  return url;
}
