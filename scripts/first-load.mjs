#!/usr/bin/env node
// The first load of /login: the JavaScript and CSS Chromium requests before the sign-in form is
// on screen, with the gzipped size of each. Cold cache, one fresh browser context.
//
// "On screen" is the first contentful paint when the form is already in that paint (the build
// prerenders /login: scripts/prerender.mjs), and otherwise the moment the form becomes visible
// (a page drawn by its scripts). Before a prerendered form's paint count the files the paint
// waited for (render-blocking) and the ones the page's HTML itself asks for that started before
// it, not what a script starts: the boot script starts the app's code after the first paint, and
// on a fast machine that request can start a few milliseconds before Chromium reports the paint
// (the report comes when the frame is shown). What the page loads until the form works (React
// has adopted it and the submit button is enabled) is measured too, and reported beside it.
//
//   node scripts/first-load.mjs http://localhost:3000 [/usr/bin/chromium]
//
// Also used by scripts/lighthouse.mjs: `measureFirstLoad(baseUrl, chromiumPath)`.
import { gzipSync } from 'node:zlib';

/** What the page shows once it can be used: the sign-in form (SPEC.md section 2, /login). */
const LOGIN_FORM = 'form[aria-label="Sign in"]';

/** The gzipped size of a body as a server compressing at the highest level would send it. */
export const gzipBytes = (body) => gzipSync(body, { level: 9 }).length;

/**
 * @typedef {{ url: string, type: 'js' | 'css', gzipBytes: number, bytes: number, encoding: string | null, beforeForm: boolean }} LoadedFile
 * @param {string} baseUrl where the built portal is served, e.g. http://localhost:3000
 * @param {string} [chromiumPath] the browser to use (default CHROMIUM_PATH or /usr/bin/chromium)
 * @returns {Promise<{ formInFirstPaint: boolean, jsBytes: number, cssBytes: number, totalGzipBytes: number,
 *   requests: LoadedFile[], untilWorking: { totalGzipBytes: number, requests: LoadedFile[] } }>}
 */
export async function measureFirstLoad(
  baseUrl,
  chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium',
) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Whether the form was part of the first contentful paint, and when that paint happened.
    await page.addInitScript((form) => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name !== 'first-contentful-paint') continue;
          window.__firstPaint = { time: entry.startTime, form: document.querySelector(form) !== null };
        }
      }).observe({ type: 'paint', buffered: true });
    }, LOGIN_FORM);
    /** @type {Array<{ request: import('playwright-core').Request, type: 'js' | 'css', at: number }>} */
    const seen = [];
    const started = Date.now();
    page.on('request', (request) => {
      const type = kindOf(request);
      if (type) seen.push({ request, type, at: Date.now() - started });
    });
    const url = new URL('/login', baseUrl).href;
    const navigation = await page.goto(url, { waitUntil: 'commit' });
    const html = (await navigation?.text()) ?? '';
    await page.locator(LOGIN_FORM).waitFor({ state: 'visible', timeout: 30_000 });
    const formShownAt = Date.now() - started;
    const firstPaint = await (
      await page.waitForFunction(() => window.__firstPaint, null, { timeout: 30_000 })
    ).jsonValue();
    // Working: React has adopted the form (its submit button is enabled once it has).
    await page.locator(`${LOGIN_FORM} button[type="submit"]:enabled`).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // Which requests the first paint needed, by the page's own clock: render-blocking ones, and
    // the ones the HTML names that started before it.
    const timings = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        startTime: entry.startTime,
        blocking: /** @type {PerformanceResourceTiming} */ (entry).renderBlockingStatus === 'blocking',
      })),
    );
    const namedByHtml = (name) => html.includes(`"${new URL(name).pathname}"`);
    const before = new Set(
      timings
        .filter((entry) => entry.blocking || (entry.startTime < firstPaint.time && namedByHtml(entry.name)))
        .map((entry) => entry.name),
    );
    const all = [];
    for (const { request, type, at } of seen) {
      const response = await request.response();
      if (!response) throw new Error(`No response for ${request.url()}`);
      const body = await response.body();
      const headers = await response.allHeaders();
      all.push({
        url: new URL(request.url()).pathname,
        type,
        bytes: body.length,
        gzipBytes: gzipBytes(body),
        encoding: headers['content-encoding'] ?? null,
        beforeForm: firstPaint.form ? before.has(request.url()) : at <= formShownAt,
      });
    }
    const requests = all.filter((r) => r.beforeForm);
    const sum = (list, type) =>
      list.filter((r) => !type || r.type === type).reduce((n, r) => n + r.gzipBytes, 0);
    const jsBytes = sum(requests, 'js');
    const cssBytes = sum(requests, 'css');
    return {
      formInFirstPaint: firstPaint.form,
      jsBytes,
      cssBytes,
      totalGzipBytes: jsBytes + cssBytes,
      requests,
      untilWorking: { totalGzipBytes: sum(all), requests: all },
    };
  } finally {
    await browser.close();
  }
}

function kindOf(request) {
  const path = new URL(request.url()).pathname;
  const type = request.resourceType();
  if (type === 'script' || path.endsWith('.js') || path.endsWith('.mjs')) return 'js';
  if (type === 'stylesheet' || path.endsWith('.css')) return 'css';
  return null;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report printed when run alone. */
export function formatFirstLoad(result) {
  const lines = [
    result.formInFirstPaint
      ? '  the form is in the first paint (prerendered); loaded before it:'
      : '  the form is drawn by the scripts; loaded before it shows:',
  ];
  for (const r of result.requests) {
    lines.push(
      `  ${r.type.padEnd(3)} ${kb(r.gzipBytes).padStart(9)} gz ${kb(r.bytes).padStart(9)} raw  ${r.url}`,
    );
  }
  lines.push(
    `  total ${kb(result.totalGzipBytes)} gzipped (JS ${kb(result.jsBytes)}, CSS ${kb(result.cssBytes)}) in ${result.requests.length} requests`,
    `  until the form works (React has adopted it): ${kb(result.untilWorking.totalGzipBytes)} gzipped in ${result.untilWorking.requests.length} requests`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [baseUrl, chromiumPath] = process.argv.slice(2);
  if (!baseUrl) {
    console.error('usage: node scripts/first-load.mjs <base URL of a running portal> [chromium path]');
    process.exit(1);
  }
  measureFirstLoad(baseUrl, chromiumPath || undefined).then(
    (result) => console.log(`first load of /login:\n${formatFirstLoad(result)}`),
    (error) => {
      console.error(`first-load: ${error.message}`);
      process.exit(1);
    },
  );
}
