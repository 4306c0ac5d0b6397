import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed file names: a year, never revalidated. */
const ASSET_MAX_AGE_MS = 31_536_000_000;

/**
 * Serves the built portal with history fallback: any GET outside the API that is not a file
 * gets index.html, and the client router takes over (its 404 page included).
 *
 * The hashed scripts and stylesheets under /assets/ go out compressed: the web build writes a
 * `.br` and a `.gz` beside each (apps/web/vite.config.ts), and the one the browser accepts is sent
 * with Content-Encoding, no compressing per request. An asset that does not exist is a 404, not
 * the app: a page asking for a script of an older build must not get HTML in its place.
 * `reply.sendFile` comes from @fastify/static, registered once in app.ts.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { root: string; apiBase: string }) => {
  const index = path.join(options.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn(`No built portal at ${options.root}: run "npm run build" to serve the web app`);
    return;
  }
  const assets = path.join(options.root, 'assets');
  if (existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      preCompressed: true,
      cacheControl: true,
      maxAge: ASSET_MAX_AGE_MS,
      immutable: true,
      index: false,
    });
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
        maxAge: immutable ? ASSET_MAX_AGE_MS : 3_600_000,
        immutable,
      });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', options.root, { cacheControl: false });
  });
});
