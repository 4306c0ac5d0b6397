import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built portal with history fallback: any GET outside the API that is not a file
 * gets index.html, and the client router takes over (its 404 page included).
 * `reply.sendFile` comes from @fastify/static, registered once in app.ts.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string; apiBase: string }) => {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built portal at ${options.root}: run "npm run build" to serve the web app`);
    return;
  }
  const apiPrefix = `${options.apiBase}/`;
  app.get('/*', (request, reply) => {
    const url = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/\+/g, ' '));
    if (url.startsWith(apiPrefix) || url === options.apiBase) {
      return reply.status(404).send({ detail: `Not found: GET ${url}` });
    }
    const file = path.normalize(url).replace(/^(\.\.[/\\])+/, '');
    const full = path.join(options.root, file);
    if (path.extname(file) && full.startsWith(options.root) && existsSync(full)) {
      const immutable = file.startsWith(`${path.sep}assets${path.sep}`);
      return reply.sendFile(file, options.root, {
        cacheControl: true,
        maxAge: immutable ? 31_536_000_000 : 3_600_000,
        immutable,
      });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', options.root, { cacheControl: false });
  });
});
