import { LOADING_OVERLAY } from '@portal/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { OVERLAY_HIDE_DELAY_MS } from '@/components/loading-overlay';
import { build } from '@/config/build';
import { AuthProvider, useAuth } from '@/lib/auth';
import { onFirstToast } from '@/lib/toast';

/** Sonner is not needed to show a page: it loads once the first one is on screen (below). */
const PortalToaster = React.lazy(() => import('./toaster'));
/** Offers a reload when the server has a newer build (a toast): after the first page, like them. */
const NewVersionNotice = React.lazy(() =>
  import('@/components/new-version-notice').then((module) => ({ default: module.NewVersionNotice })),
);

/** Runs `callback` when the browser is idle after the current work (a timeout where it cannot tell). */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 1_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, 1);
  return () => clearTimeout(timer);
}

/**
 * The toaster and the new-version check, once the first page is on screen: after the start-up
 * overlay has gone (hidden 200 ms after the session is known, then a 200 ms fade) and the browser
 * is idle. Their files (Sonner among them) then do not share the connection with what the first
 * page needs. The first toast asked for before then mounts them at once (lib/toast.ts).
 */
function DeferredToaster() {
  const { initialised } = useAuth();
  const [ready, setReady] = React.useState(false);
  // A toast asked for before then mounts it at once.
  React.useEffect(() => onFirstToast(() => setReady(true)), []);
  React.useEffect(() => {
    if (!initialised) return;
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(() => setReady(true));
    }, OVERLAY_HIDE_DELAY_MS + LOADING_OVERLAY.fadeMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [initialised]);
  if (!ready) return null;
  return (
    <React.Suspense fallback={null}>
      <PortalToaster />
      {build.checkForUpdates ? <NewVersionNotice /> : null}
    </React.Suspense>
  );
}

/**
 * Everything the routed pages rely on: server state, the signed-in state and toasts. Tooltips
 * have their provider in the dashboard layout, the only place that shows them.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: React.ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
