import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { TooltipProvider } from '@/components/ui/tooltip';
import { useAuth } from '@/lib/auth';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

export interface RenderOptions {
  /** Under React's StrictMode (effects run twice), as in development. */
  strict?: boolean;
}

/** The routes `routeObjects` at `url`, in the portal's providers. */
export function renderRoutes(routeObjects: RouteObject[], url: string, { strict }: RenderOptions = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  const tree = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  // Under fake timers, user-event's pauses between events move the fake clock (none otherwise).
  const user = userEvent.setup({
    advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTimeAsync(ms) : undefined),
  });
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, queryClient, user, location: () => router.state.location.pathname };
}

/**
 * The page once the start-up session restore has finished, whatever its outcome: the route
 * guard waits for the same before it shows a page. The tooltips' provider is the signed-in
 * layout's (app/layouts/dashboard-layout.tsx).
 */
function SessionKnown() {
  return useAuth().initialised ? (
    <TooltipProvider>
      <Outlet />
    </TooltipProvider>
  ) : null;
}

/**
 * One page at `url`, in the portal's providers: `ui` is the route matching `path` (its pattern,
 * `url`'s pathname unless given: `/admin/agents/:agentId`), shown once the session is known.
 * Any other address shows nothing; `location()` tells where the page sent the person. Tests of
 * what the route guard, the layouts or the route table decide use renderPortal (./render-portal). fetch must be
 * mocked.
 */
export function renderApp(
  ui: ReactNode,
  { url = '/', path, ...options }: RenderOptions & { url?: string; path?: string } = {},
) {
  const page: RouteObject[] = [
    {
      element: <SessionKnown />,
      children: [
        { path: path ?? new URL(url, 'http://localhost').pathname, element: ui },
        { path: '*', element: null },
      ],
    },
  ];
  return renderRoutes(page, url, options);
}
