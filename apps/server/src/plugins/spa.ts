import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A page the web build rendered to HTML, in each encoding it wrote (apps/web/scripts/prerender.mjs). */
interface PrerenderedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** `dist/prerendered.json` (path -> file) read once at start; an older build without it has none. */
function loadPrerendered(root: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  const manifest = path.join(root, 'prerendered.json');
  if (!existsSync(manifest)) return pages;
  const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  const optional = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
  for (const [page, file] of Object.entries(entries)) {
    const full = path.join(root, path.basename(file));
    pages.set(page, {
      identity: readFileSync(full),
      br: optional(`${full}.br`),
      gzip: optional(`${full}.gz`),
    });
  }
  return pages;
}

/** The encoding to send a prerendered page in: brotli, then gzip, as the browser accepts. */
function pickEncoding(page: PrerenderedPage, accept: string | undefined): 'br' | 'gzip' | null {
  const accepted = (accept ?? '').split(',').map((part) => part.split(';')[0]?.trim());
  if (page.br && accepted.includes('br')) return 'br';
  if (page.gzip && accepted.includes('gzip')) return 'gzip';
  return null;
}

/** Hashed file names: a year, never revalidated. */
const ASSET_MAX_AGE_MS = 31_536_000_000;
/** Which build is deployed (apps/web/vite.config.ts, buildId): open pages poll it to see a deploy. */
const LATEST_BUILD = path.join(path.sep, 'builds', 'latest.json');

/**
 * Serves the built portal with history fallback: any GET outside the API that is not a file
 * gets index.html, and the client router takes over (its 404 page included).
 *
 * The hashed scripts and stylesheets under /assets/ go out compressed: the web build writes a
 * `.br` and a `.gz` beside each (apps/web/vite.config.ts), and the one the browser accepts is sent
 * with Content-Encoding, no compressing per request. An asset that does not exist is a 404, not
 * the app: a page asking for a script of an older build must not get HTML in its place.
 * `reply.sendFile` comes from @fastify/static, registered once in app.ts.
 *
 * /login and /signup were rendered to HTML by the build: their form shows before any script has
 * arrived (ADR 26); /leads and /onboarding are index.html naming their route's code as module
 * preloads. They are held in memory, compressed, and sent in place of index.html.
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
  const prerendered = loadPrerendered(options.root);
  const apiPrefix = `${options.apiBase}/`;
  app.get('/*', (request, reply) => {
    const url = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/\+/g, ' '));
    if (url.startsWith(apiPrefix) || url === options.apiBase) {
      return reply.status(404).send({ detail: `Not found: GET ${url}` });
    }
    const file = path.normalize(url).replace(/^(\.\.[/\\])+/, '');
    const full = path.join(options.root, file);
    if (path.extname(file) && full.startsWith(options.root) && existsSync(full)) {
      if (file === LATEST_BUILD) {
        reply.header('Cache-Control', 'no-cache');
        return reply.sendFile(file, options.root, { cacheControl: false });
      }
      const immutable = file.startsWith(`${path.sep}assets${path.sep}`);
      return reply.sendFile(file, options.root, {
        cacheControl: true,
        maxAge: immutable ? ASSET_MAX_AGE_MS : 3_600_000,
        immutable,
      });
    }
    reply.header('Cache-Control', 'no-cache');
    const page = prerendered.get(url.length > 1 ? url.replace(/\/+$/, '') : url);
    if (page) {
      const encoding = pickEncoding(page, request.headers['accept-encoding']);
      reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? page[encoding] : page.identity);
    }
    return reply.sendFile('index.html', options.root, { cacheControl: false });
  });
});
