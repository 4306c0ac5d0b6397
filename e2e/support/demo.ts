/** What the browser tests and e2e/page-shots.ts share without vitest: the demo data and Chromium. */
// Chromium, its flags and the demo password come from the measuring scripts' module, so the two
// cannot drift apart.
export { CHROMIUM, CHROMIUM_FLAGS as CHROMIUM_ARGS, DEMO_PASSWORD } from '../../scripts/portal-browser.mjs';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';
export const ADMIN_EMAIL = 'admin@demo.agentportal.local';
