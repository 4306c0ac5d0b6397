#!/usr/bin/env node
// The first load of /login: every JavaScript and CSS file Chromium requests before the sign-in
// form is on screen (what index.html references or modulepreloads, and what the router fetches to
// render the page), with the gzipped size of each. Cold cache, one fresh browser context.
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
 * @param {string} baseUrl where the built portal is served, e.g. http://localhost:3000
 * @param {string} [chromiumPath] the browser to use (default CHROMIUM_PATH or /usr/bin/chromium)
 * @returns {Promise<{ jsBytes: number, cssBytes: number, totalGzipBytes: number,
 *   requests: Array<{ url: string, type: 'js' | 'css', gzipBytes: number, bytes: number, encoding: string | null }> }>}
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
    /** @type {Array<{ request: import('playwright-core').Request, type: 'js' | 'css' }>} */
    const seen = [];
    let formVisible = false;
    page.on('request', (request) => {
      if (formVisible) return;
      const type = kindOf(request);
      if (type) seen.push({ request, type });
    });
    const url = new URL('/login', baseUrl).href;
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(LOGIN_FORM).waitFor({ state: 'visible', timeout: 30_000 });
    formVisible = true;

    const requests = [];
    for (const { request, type } of seen) {
      const response = await request.response();
      if (!response) throw new Error(`No response for ${request.url()}`);
      const body = await response.body();
      const headers = await response.allHeaders();
      requests.push({
        url: new URL(request.url()).pathname,
        type,
        bytes: body.length,
        gzipBytes: gzipBytes(body),
        encoding: headers['content-encoding'] ?? null,
      });
    }
    const sum = (type) => requests.filter((r) => r.type === type).reduce((n, r) => n + r.gzipBytes, 0);
    const jsBytes = sum('js');
    const cssBytes = sum('css');
    return { jsBytes, cssBytes, totalGzipBytes: jsBytes + cssBytes, requests };
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
  const lines = result.requests.map(
    (r) => `  ${r.type.padEnd(3)} ${kb(r.gzipBytes).padStart(9)} gz ${kb(r.bytes).padStart(9)} raw  ${r.url}`,
  );
  lines.push(
    `  total ${kb(result.totalGzipBytes)} gzipped (JS ${kb(result.jsBytes)}, CSS ${kb(result.cssBytes)}) in ${result.requests.length} requests`,
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
