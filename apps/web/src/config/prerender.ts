/**
 * Public pages the build renders to HTML (apps/web/scripts/prerender.mjs): the sign-in form or
 * the access-code form is on screen with the stylesheet alone, before any script has arrived,
 * and React adopts it when the scripts have run (main.tsx). These pages depend on nothing but
 * the address, and render before the session is known (app/guards.ts).
 */
export const PRERENDERED_PAGES: ReadonlyArray<{ path: string; title: string }> = [
  { path: '/login', title: 'Sign in' },
  { path: '/signup', title: 'Join with an access code' },
];

export const isPrerenderedPath = (path: string): boolean =>
  PRERENDERED_PAGES.some((page) => page.path === path);
