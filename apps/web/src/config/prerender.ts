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

/**
 * Signed-in pages whose HTML names their route's code (ADR 26 addendum of session 13): the build
 * writes a copy of index.html for each that also preloads the modules below, as the build's
 * manifest knows them, and what they import. The browser fetches them with the entry script
 * instead of one route level after another once each has run. A module missing from the
 * manifest fails the build. /leads is where every signed-in person lands; /onboarding is left
 * out on purpose: its preloads, compiled in one burst, cost it more in blocking time (Lighthouse)
 * than they saved.
 */
export const PRELOADED_PAGES: ReadonlyArray<{ path: string; modules: readonly string[] }> = [
  {
    path: '/leads',
    modules: [
      'src/app/layouts/dashboard-layout.tsx',
      'src/app/routes/leads-route.tsx',
      'src/features/leads/pages/leads-page.tsx',
      // What app/landing-prefetch.ts loads to ask for the leads once the session is restored.
      'src/features/leads/api/prefetch-leads.ts',
    ],
  },
];
