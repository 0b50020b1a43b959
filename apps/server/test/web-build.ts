import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const webRoot = fileURLToPath(new URL('../../web/', import.meta.url));

/**
 * The real web build (PERF-05: the finder's page is rendered by its server bundle), made fresh
 * into a temporary directory for the calling test file, so its tests serve the code as it is now,
 * whatever apps/web/dist holds. Removed after the file's tests.
 */
export async function buildWeb(): Promise<string> {
  const outDir = join(mkdtempSync(join(tmpdir(), 'toque-web-')), 'dist');
  const { build } = await import('vite');
  // As `npm run build` does: Vitest's NODE_ENV (test) would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  afterAll(() => rmSync(join(outDir, '..'), { recursive: true, force: true }));
  return outDir;
}
