// What the measuring scripts (lighthouse.mjs, throttled-load.mjs) share: Debian's Chromium with
// the flags this machine needs, a free port, and signing a demo user in through the portal's form.
// The browser tests take Chromium, its flags and the demo password from here (e2e/support/demo.ts).
import { createServer } from 'node:net';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const DEMO_PASSWORD = 'portal-demo-2026';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A TCP port nobody listens on now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Signs `email` in with the demo password on /login, and waits until the portal has sent it on. */
export async function signInThroughForm(page, baseUrl, email) {
  await page.goto(`${baseUrl}/login`);
  const form = page.locator('form[aria-label="Sign in"]');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
  // The page it lands on has loaded what it shows. Not "network idle": /leads holds its event
  // stream open for as long as it is shown.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => !document.querySelector('[data-slot="page-loading"], [aria-busy="true"]:not(button)'),
    undefined,
    { timeout: 30_000 },
  );
}
