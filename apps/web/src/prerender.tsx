/**
 * The build's server-side entry (scripts/prerender.mjs): renders a public page to HTML with the
 * same routes and providers as the browser, as a visitor whose session is not known yet, and
 * /leads' HTML frame (landing-shell.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routePatterns } from './app/route-patterns';
import { routes } from './app/router';
import { LandingShellFrame } from './landing-shell';
import { createQueryClient } from './lib/query-client';

export { PRELOADED_PAGES, PRERENDERED_PAGES } from './config/prerender';

/** Every page's address pattern, for dist/routes.json (the server's list of pages). */
export const ROUTE_PATTERNS = routePatterns(routes);

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        {/* No inline hydration script: the pages have no loaders, and the CSP allows none. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}

/** /leads' HTML frame, for the page's HTML beside #root (lib/landing-shell.ts). */
export function renderLandingShell(path: string): string {
  return renderToString(
    <StaticRouter location={path}>
      <LandingShellFrame />
    </StaticRouter>,
  );
}
