import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext, type TestContext, testConfig } from './helpers/app';

const LOGIN_HTML =
  '<!doctype html><html lang="en"><title>Sign in</title><div id="root"><form aria-label="Sign in"></form></div></html>';

const LATEST_BUILD = { id: 'abc123', timestamp: 1_760_000_000_000 };
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  const dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><title>Portal</title><div id="root"></div></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'app-123.js'), 'console.log("portal")');
  // What apps/web/scripts/prerender.mjs writes: the sign-in page as HTML, compressed beside it.
  writeFileSync(path.join(dist, 'login.html'), LOGIN_HTML);
  writeFileSync(path.join(dist, 'login.html.br'), brotliCompressSync(LOGIN_HTML));
  writeFileSync(path.join(dist, 'login.html.gz'), gzipSync(LOGIN_HTML));
  writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ '/login': 'login.html' }));
  // What the build writes from the router's routes (apps/web/scripts/prerender.mjs).
  writeFileSync(
    path.join(dist, 'routes.json'),
    JSON.stringify([
      '/',
      '/login',
      '/login/magic/:token',
      '/signup',
      '/recovery/:token',
      '/es/recovery/:token',
      '/verify-email/:token',
      '/onboarding/start/my_team',
      '/admin/agents/:agentId/preview',
    ]),
  );
  // What the web build writes beside each script (apps/web/vite.config.ts, precompress).
  const script = `export const portal = ${JSON.stringify('portal '.repeat(400))};`;
  writeFileSync(path.join(dist, 'assets', 'entry-456.js'), script);
  writeFileSync(path.join(dist, 'assets', 'entry-456.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'entry-456.js.gz'), gzipSync(script));
  // What the web build writes to tell open pages which build is deployed (apps/web/vite.config.ts).
  mkdirSync(path.join(dist, 'builds', 'meta'), { recursive: true });
  writeFileSync(path.join(dist, 'builds', 'latest.json'), JSON.stringify(LATEST_BUILD));
  writeFileSync(path.join(dist, 'builds', 'meta', 'abc123.json'), JSON.stringify(LATEST_BUILD));
  app = await buildApp({ ...ctx.deps, config: testConfig({ WEB_DIST: dist }) }, { serveWeb: true });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('serving the built portal', () => {
  it("answers the app's pages with the app, parameterised ones included", async () => {
    for (const url of [
      '/',
      '/signup',
      '/signup/',
      '/onboarding/start/my_team',
      '/recovery/abc.def.ghi',
      '/es/recovery/abc.def.ghi',
      '/admin/agents/0b6d3c1e/preview',
      '/verify-email/garbage?x=1',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('answers an unknown path with 404 and the same app, which shows "Page Not Found: /path"', async () => {
    for (const url of [
      '/no/such/page',
      '/onboarding/start/nope',
      '/fr/recovery/abc',
      '/recovery',
      '/robots.txt',
    ]) {
      const response = await app.inject({ url, headers: { 'user-agent': BROWSER } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(
        '<!doctype html><html lang="en"><title>Portal</title><div id="root"></div></html>',
      );
    }
  });

  it('answers a crawler 404 for an unknown path without rendering the error page (SPEC.md section 8)', async () => {
    const response = await app.inject({ url: '/no/such/page', headers: { 'user-agent': GOOGLEBOT } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    // Neither the app (which would draw the error page) nor the error page's words.
    expect(response.body).not.toContain('<div id="root">');
    expect(response.body).not.toMatch(/Page Not Found/i);
    // A page that exists is the app for crawlers too.
    const known = await app.inject({ url: '/signup', headers: { 'user-agent': GOOGLEBOT } });
    expect(known.statusCode).toBe(200);
    expect(known.body).toContain('<div id="root"></div>');
  });

  it('sends a prerendered page with its form already in the HTML, compressed as accepted, never cached', async () => {
    for (const url of ['/login', '/login/', '/login?next=%2Fleads']) {
      const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(LOGIN_HTML);
    }
    const br = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(LOGIN_HTML);
    const gzip = await app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(LOGIN_HTML);
    // Only the exact page: deeper paths are the app's.
    const magic = await app.inject({ url: '/login/magic/abc.def.ghi' });
    expect(magic.body).toContain('<div id="root"></div>');
  });

  it('sends pages that carry tokens with Referrer-Policy: no-referrer and no caching', async () => {
    for (const url of ['/recovery/abc.def.ghi', '/verify-email/abc.def.ghi', '/login/magic/abc.def.ghi']) {
      const response = await app.inject({ url });
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long caching and nosniff', async () => {
    const response = await app.inject({ url: '/assets/app-123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed script the browser accepts, with Content-Encoding', async () => {
    const script = `export const portal = ${JSON.stringify('portal '.repeat(400))};`;
    const br = await app.inject({ url: '/assets/entry-456.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({ url: '/assets/entry-456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      url: '/assets/entry-456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the deployed build id never cached, so open pages see a deploy at once', async () => {
    const latest = await app.inject({ url: '/builds/latest.json' });
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toMatch(/^application\/json/);
    expect(latest.headers['cache-control']).toBe('no-cache');
    expect(latest.json()).toEqual(LATEST_BUILD);
    // A build's own manifest does not change: the usual caching of files.
    const meta = await app.inject({ url: '/builds/meta/abc123.json' });
    expect(meta.statusCode).toBe(200);
    expect(meta.headers['cache-control']).toContain('max-age=3600');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const response = await app.inject({ url: '/assets/from-an-older-build-789.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('keeps API 404s as JSON and refuses to leave the folder', async () => {
    const api = await app.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('detail');
    const traversal = await app.inject({ url: '/../../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
    const encoded = await app.inject({ url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });

  it('forbids framing by other sites', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});
