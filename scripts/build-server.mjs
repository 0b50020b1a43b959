// OPS-01: the server's production build (docs/decisions/0023-built-server.md). esbuild bundles
// apps/server/src/main.ts (the server) and apps/server/src/cli/main.ts (the operator CLI) into ES
// modules under apps/server/dist, with @toque/contracts (TypeScript source) compiled in and every
// package the server depends on left external — so native and WebAssembly packages (@node-rs/argon2,
// PGlite) load from node_modules as usual. Run with `node --enable-source-maps`: stack traces name
// the .ts files. The migrations are copied next to the bundles (the client finds them relative to
// its own module), and dist/build-info.json records the hash of the sources built, so
// scripts/lib/setup.mjs can tell a stale build from a current one without esbuild.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, serverDist, serverSourceHash } from './lib/setup.mjs';

const serverDir = join(root, 'apps/server');

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8'));
  // Every dependency stays a package import, except the workspace's own TypeScript contracts.
  const external = Object.keys(pkg.dependencies ?? {})
    .filter((name) => name !== '@toque/contracts')
    .flatMap((name) => [name, `${name}/*`]);
  const hash = serverSourceHash();
  rmSync(serverDist, { recursive: true, force: true });
  await build({
    absWorkingDir: serverDir,
    // Both entries sit at dist/'s top level, as do the chunks they share: `import.meta.url` names
    // the same directory everywhere, so src/db/client.ts's ./migrations and src/main.ts's
    // ../../web/dist mean the same in the bundle as in the source.
    // SEC-09: the photo workers' module is an entry too (lib/photo.ts finds it beside the chunk
    // that bundles it: dist/photo-worker.js).
    entryPoints: { main: 'src/main.ts', cli: 'src/cli/main.ts', 'photo-worker': 'src/lib/photo-worker.ts' },
    outdir: serverDist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    sourcemap: 'linked',
    // The maps name the sources; the sources themselves stay in the repository, not in the maps.
    sourcesContent: false,
    logLevel: 'warning',
  });
  mkdirSync(serverDist, { recursive: true });
  cpSync(join(serverDir, 'src/db/migrations'), join(serverDist, 'migrations'), { recursive: true });
  writeFileSync(join(serverDist, 'build-info.json'), `${JSON.stringify({ sourceHash: hash }, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildServer();
  console.log(`Servidor compilado em apps/server/dist (${Date.now() - started} ms).`);
}
