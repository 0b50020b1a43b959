import { describe, expect, it } from 'vitest';
import { ringToneWav } from './ring-tone';

describe('ring tone (CALL-04)', () => {
  it('[CALL-04] is a valid 8 kHz mono WAV with sound and silence', () => {
    const wav = ringToneWav();
    const view = new DataView(wav.buffer);
    const ascii = (from: number, to: number) => String.fromCharCode(...wav.slice(from, to));
    expect(ascii(0, 4)).toBe('RIFF');
    expect(ascii(8, 12)).toBe('WAVE');
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint32(40, true)).toBe(wav.length - 44);
    const samples = wav.slice(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(100);
    expect(samples[samples.length - 1]).toBe(128);
  });
});
