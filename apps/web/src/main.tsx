// First: it begins restoring the session before the modules below are evaluated.
import './app/early-start';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { landingPrefetch } from './app/landing-prefetch';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { startSession } from './lib/auth';
import { installChunkReloadGuard } from './lib/chunk-reload';
import { createQueryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The page's own code, loaded before React adopts a prerendered page: a route still waiting for
 * its `lazy` module would render the loading state instead of the HTML already on screen.
 */
async function loadMatchedRoutes(list: RouteObject[]) {
  const matches = matchRoutes(list, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  installChunkReloadGuard();
  const queryClient = createQueryClient();
  // The session is restored while the page's code loads, not after React's first render, and
  // the page's first data is asked for as soon as it is.
  void startSession(queryClient, landingPrefetch(window.location));
  // The build prerendered this page (scripts/prerender.mjs): adopt it rather than draw it again.
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition, React renders in slices of a few milliseconds and lets the browser handle
  // input in between, instead of one long task while the first page is drawn or adopted.
  startTransition(() => {
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

void start(root);
