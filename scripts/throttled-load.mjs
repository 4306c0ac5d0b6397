#!/usr/bin/env node
// `node scripts/throttled-load.mjs [runs] [web-dist]`: how long the signed-in landing pages
// (/leads as the demo's active agent, /onboarding as the demo's onboarding agent) take to show
// in Chromium with applied throttling (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, the
// CPU 4x slower): first contentful paint and largest contentful paint of each fresh load, and
// the median. Lighthouse simulates such a phone from an unthrottled trace; this loads the page
// through the throttle, so the order of the requests counts (ADR 51).
// After `npm run build`; starts the compiled server (embedded database, demo data, a temporary
// DATA_DIR, a free port) and Debian's Chromium, and stops both when done. `web-dist` defaults to
// apps/web/dist (another build's folder compares two builds on the same server).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS, freePort, signInThroughForm } from './portal-browser.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const webDist = path.resolve(process.argv[3] ?? path.join(ROOT, 'apps/web/dist'));
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

const PAGES = [
  { path: '/leads', user: 'active.agent@demo.agentportal.local', ready: 'Your leads' },
  { path: '/onboarding', user: 'onboarding.agent@demo.agentportal.local' },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.log(
      `throttled-load: no Chromium at ${CHROMIUM}. Install it with "sudo apt-get install chromium".`,
    );
    return;
  }
  for (const needed of [SERVER, path.join(webDist, 'index.html')]) {
    if (!existsSync(needed))
      throw new Error(`${path.relative(ROOT, needed)} is missing: run "npm run build" first`);
  }
  const { chromium } = await import('playwright-core');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-throttled-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      S3_BUCKET: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  try {
    for (let waited = 0; ; waited += 500) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
      if (waited > 120_000) throw new Error('the server did not become healthy in 120 s');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const target of PAGES) {
      const loads = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const page = await context.newPage();
        await signInThroughForm(page, baseUrl, target.user);
        await page.goto('about:blank');
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.6 * 1024 * 1024) / 8,
          uploadThroughput: (750 * 1024) / 8,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${baseUrl}${target.path}`);
        await page.locator('main h1').first().waitFor({ timeout: 60_000 });
        if (target.ready)
          await page.getByRole('heading', { name: target.ready }).waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1500);
        loads.push(
          await page.evaluate(
            () =>
              new Promise((resolve) => {
                new PerformanceObserver((list) => {
                  resolve({
                    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
                    lcp: list.getEntries().at(-1)?.startTime ?? Number.NaN,
                  });
                }).observe({ type: 'largest-contentful-paint', buffered: true });
              }),
          ),
        );
        await context.close();
      }
      const list = (key) => loads.map((load) => Math.round(load[key])).join(' / ');
      console.log(
        `${target.path.padEnd(12)} first paint ${list('fcp')} ms; largest paint ${list('lcp')} ms ` +
          `(median ${Math.round(median(loads.map((load) => load.lcp)))} ms)`,
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`throttled-load: could not run: ${error.message}`);
  process.exitCode = 1;
});
