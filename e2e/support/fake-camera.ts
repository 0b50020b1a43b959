import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The camera every Chromium of the suite films with (`--use-file-for-fake-video-capture`,
 * docs/decisions/0050's addendum 5): a Y4M clip of 160×120 at 10 frames a second, a light square
 * crossing a grey field, looped. Chromium's built-in fake camera films 640×480 at 20–30 frames a second,
 * and each call test encodes and decodes it in two pages at once: on five call specs (9 tests, two
 * workers) this clip took 15 % less CPU and 9 % less time, every test passing. The calls still send
 * and receive real frames (the tests read a picture size and growing inbound video bytes); no test
 * reads the picture's size or content.
 */
const FAKE_CAMERA = { width: 160, height: 120, fps: 10, frames: 20 } as const;

/** The clip's bytes: a YUV4MPEG2 header, then each frame's Y, U and V planes (4:2:0). */
function fakeCameraClip({ width, height, fps, frames } = FAKE_CAMERA): Buffer {
  const parts = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  const side = Math.floor(height / 3);
  const top = Math.floor((height - side) / 2);
  for (let frame = 0; frame < frames; frame++) {
    const luma = Buffer.alloc(width * height, 60);
    const left = Math.floor(((width - side) * frame) / frames);
    for (let row = top; row < top + side; row++) luma.fill(220, row * width + left, row * width + left + side);
    const chroma = (width / 2) * (height / 2);
    parts.push(Buffer.from('FRAME\n'), luma, Buffer.alloc(chroma, 90), Buffer.alloc(chroma, 160));
  }
  return Buffer.concat(parts);
}

/** The clip's path, written once per machine (atomically: the config is loaded by every worker). */
export function fakeCameraFile(): string {
  const { width, height, fps, frames } = FAKE_CAMERA;
  const file = join(tmpdir(), `toque-fake-camera-${width}x${height}-${fps}fps-${frames}.y4m`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, fakeCameraClip());
    renameSync(partial, file);
  }
  return file;
}
