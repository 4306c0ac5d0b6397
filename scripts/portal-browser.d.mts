// Types of portal-browser.mjs for the TypeScript that imports it (e2e/support/demo.ts).
export const CHROMIUM: string;
export const DEMO_PASSWORD: string;
export const CHROMIUM_FLAGS: string[];
export function freePort(): Promise<number>;
export function signInThroughForm(
  page: import('playwright-core').Page,
  baseUrl: string,
  email: string,
): Promise<void>;
