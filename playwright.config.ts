import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './scripts/portal-browser.mjs';

/**
 * The browser journeys (e2e/tests): one built portal for the whole run, started by
 * e2e/global-setup.ts on a free port with the demo data, and Debian's Chromium for every worker.
 * `npm run test:e2e` builds the portal first; scripts/test-all.mjs reads the JSON report.
 */
const results = path.join(import.meta.dirname, '.data-test', 'e2e');

export default defineConfig({
  testDir: './e2e/tests',
  testMatch: '**/*.e2e.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: path.join(results, 'results'),
  // Tests of one file may run in different workers; a file whose tests follow on from each other
  // says so with `test.describe.configure({ mode: 'serial' })`.
  fullyParallel: true,
  // Two workers share the portal: on a 2-core machine a third makes the run no shorter.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // A journey signs up, signs in and reads several pages: on two cores with two workers the
  // longest take well over a minute (speed is measured by the benches, not here).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [
    [process.env.CI === 'true' ? 'line' : 'list'],
    ['json', { outputFile: process.env.E2E_REPORT ?? path.join(results, 'report.json') }],
  ],
  use: {
    browserName: 'chromium',
    // Set in every worker by the global setup, which starts the portal.
    baseURL: process.env.PORTAL_URL,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
  },
});
