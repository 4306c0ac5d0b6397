import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built portal with history fallback: any GET outside the API that is not a file
 * gets index.html, and the client router takes over (its 404 page included).
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string; apiBase: string }) => {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built portal at ${options.root}: run "npm run build" to serve the web app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    wildcard: false,
    index: false,
    maxAge: '1h',
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const apiPrefix = `${options.apiBase}/`;
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith(apiPrefix) || url === options.apiBase) {
      return reply.status(404).send({ detail: `Not found: GET ${url}` });
    }
    const file = path.normalize(url).replace(/^(\.\.[/\\])+/, '');
    if (path.extname(file) && existsSync(path.join(options.root, file))) {
      return reply.sendFile(file);
    }
    // Pages that carry tokens in their address must not leak them to other sites.
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
});
