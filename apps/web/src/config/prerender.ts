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
 * Signed-in pages whose HTML names their route's code (ADR 51, ADR 63): the build writes a copy of
 * index.html for each whose scripts, the entry and the files the modules below went into (as the
 * build's module map knows them, vite.config.ts, moduleMap) with what those import, start
 * downloading together once the page has been painted, as on the prerendered pages: on a slow
 * connection the stylesheet and the session's requests do not share it with them, and the
 * browser fetches the route's files with the entry instead of one route level after another once
 * each has run. A module missing from the map fails the build. /leads is where every signed-in
 * person lands, /onboarding where a new agent does; /leads' HTML also holds the frame of an
 * agent's leads page (`shell`, lib/landing-shell.ts). A page is worth listing only while its code
 * is in a few files (vite.config.ts, codeSplitting): many preloads, compiled in one burst, cost
 * more blocking time than they save.
 */
export const PRELOADED_PAGES: ReadonlyArray<{ path: string; modules: readonly string[]; shell?: boolean }> = [
  {
    path: '/leads',
    modules: [
      'src/app/layouts/dashboard-layout.tsx',
      'src/app/routes/leads-route.tsx',
      'src/features/leads/pages/leads-page.tsx',
      // What app/landing-prefetch.ts loads to ask for the leads once the session is restored.
      'src/features/leads/api/prefetch-leads.ts',
    ],
    shell: true,
  },
  {
    path: '/onboarding',
    modules: ['src/app/layouts/dashboard-layout.tsx', 'src/features/onboarding/pages/onboarding-page.tsx'],
  },
];
