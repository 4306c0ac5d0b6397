/** What the browser tests and e2e/page-shots.ts share without vitest: the demo data and Chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';
export const ADMIN_EMAIL = 'admin@demo.agentportal.local';

/** Debian's Chromium, the way this machine needs it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
