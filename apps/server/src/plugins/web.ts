import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { apiMsg } from '@toque/contracts/messages';

/**
 * Serves the built web app with SPA fallback: unknown pages get index.html (the app renders
 * its 404), unknown API paths get a JSON 404.
 */
export const webPlugin = fp<{ distDir: string | undefined }>(async (app, { distDir }) => {
  const index = distDir ? join(distDir, 'index.html') : undefined;
  const hasWeb = !!index && existsSync(index);
  if (hasWeb && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join('assets', '')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing file (an old hashed chunk after a deploy) is a 404, not the app's HTML: a browser
    // would otherwise try to run HTML as a script.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: apiMsg.routeNotFound });
  });
});
