import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { inspectRecording, RecordingRejected } from './recording';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/recordings/${name}`, import.meta.url));

describe('FIND-12 a recording read from its bytes', () => {
  test('[FIND-12] MediaRecorder\'s WebM (no Duration element: the blocks decide), its voice-only WebM and its fragmented MP4', () => {
    const video = inspectRecording(fixture('video.webm'));
    expect(video).toMatchObject({ container: 'webm', mime: 'video/webm', kind: 'video' });
    expect(video.durationMs).toBeGreaterThan(1500);
    expect(video.durationMs).toBeLessThan(2500);
    expect(inspectRecording(fixture('audio.webm'))).toMatchObject({ container: 'webm', mime: 'audio/webm', kind: 'audio' });
    const mp4 = inspectRecording(fixture('video.mp4'));
    expect(mp4).toMatchObject({ container: 'mp4', mime: 'video/mp4', kind: 'video' });
    expect(mp4.durationMs).toBeGreaterThan(1500);
    expect(mp4.durationMs).toBeLessThan(2500);
  });

  test('[FIND-12] [SEC-03] every prefix and many single-byte flips of real recordings are read or refused as media — never another error, never a hang', () => {
    const outcomes = new Set<string>();
    for (const name of ['video.webm', 'audio.webm', 'video.mp4']) {
      const file = fixture(name);
      for (let i = 0; i <= 200; i++) {
        const cut = file.subarray(0, Math.floor((file.length * i) / 200));
        const flipped = Buffer.from(file);
        const at = Math.floor((flipped.length * i) / 201);
        flipped[at] = flipped[at]! ^ 0xff;
        for (const input of [cut, flipped]) {
          try {
            const info = inspectRecording(input);
            expect(Number.isFinite(info.durationMs)).toBe(true);
            outcomes.add('read');
          } catch (error) {
            expect(error).toBeInstanceOf(RecordingRejected);
            outcomes.add('refused');
          }
        }
      }
    }
    expect([...outcomes].sort()).toEqual(['read', 'refused']);
  });
});
