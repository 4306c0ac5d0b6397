// First: it begins restoring the session before the modules below are evaluated.
import './app/early-start';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
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
 * Lets the browser paint and handle input before the next step of the start: each step is a task
 * of its own rather than one long task from the entry's evaluation to the first render.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has loaded the code of the routes the address matches. */
function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

async function start(container: HTMLElement) {
  installChunkReloadGuard();
  const queryClient = createQueryClient();
  // The session is restored while the page's code loads, not after React's first render, and
  // the page's first data is asked for as soon as it is.
  void startSession(queryClient, landingPrefetch(window.location));
  // The build prerendered this page (scripts/prerender.mjs): adopt it rather than draw it again.
  const prerendered = container.firstElementChild !== null;
  await nextTask();
  const router = createBrowserRouter(routes);
  // React adopts a prerendered page once the router has its page's code (a `lazy` route): a
  // route still loading would render the loading state instead of the HTML already on screen.
  if (prerendered) await routerReady(router);
  await nextTask();
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
