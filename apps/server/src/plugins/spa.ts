import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isCrawlerUserAgent, routeMatcher } from '@portal/shared';
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

/**
 * `dist/routes.json`: the web router's address patterns, written by the build from the route tree
 * itself (apps/web/src/app/route-patterns.ts). null for an older build without it: every path is
 * then the app, as before.
 */
function loadRoutes(root: string): ((path: string) => boolean) | null {
  const file = path.join(root, 'routes.json');
  if (!existsSync(file)) return null;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === 'string')) {
    throw new Error(`${file} is not a list of route patterns: rebuild the web app`);
  }
  return routeMatcher(patterns);
}

/**
 * What a crawler gets for an unknown path: the status, and no error page (SPEC.md section 8:
 * the error page is not rendered for crawler agents).
 */
const CRAWLER_NOT_FOUND =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title></head><body></body></html>';

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
 * Serves the built portal with history fallback: a GET outside the API that is not a file and
 * is one of the router's pages (dist/routes.json) gets index.html, and the client router takes
 * over. Any other path gets the same index.html with status 404, and the router draws its
 * "Page Not Found: /path" page (SPEC.md section 2): crawlers and monitors see the 404. A crawler
 * gets the 404 without the page (SPEC.md section 8).
 *
 * The hashed scripts and stylesheets under /assets/ go out compressed: the web build writes a
 * `.br` and a `.gz` beside each (apps/web/vite.config.ts), and the one the browser accepts is sent
 * with Content-Encoding, no compressing per request. An asset that does not exist is a 404, not
 * the app: a page asking for a script of an older build must not get HTML in its place.
 * `reply.sendFile` comes from @fastify/static, registered once in app.ts.
 *
 * /login and /signup were rendered to HTML by the build: their form shows before any script has
 * arrived (ADR 49); /leads and /onboarding are index.html naming their route's code as module
 * preloads (ADR 51). They are held in memory, compressed, and sent in place of index.html.
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
  const isPage = loadRoutes(options.root);
  if (!isPage) app.log.warn(`No routes.json in ${options.root}: every path gets the app with 200`);
  const apiPrefix = `${options.apiBase}/`;
  app.get('/*', async (request, reply) => {
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
    if (isPage && !isPage(url)) {
      reply.status(404).type('text/html; charset=utf-8');
      if (isCrawlerUserAgent(request.headers['user-agent'])) {
        return reply.header('X-Robots-Tag', 'noindex').send(CRAWLER_NOT_FOUND);
      }
      // Read each time: a rebuild in place is served at once, as with sendFile below.
      return reply.send(await readFile(index));
    }
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
