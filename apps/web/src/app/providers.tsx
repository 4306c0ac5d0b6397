import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import * as React from 'react';
import { build } from '@/config/build';
import { AuthProvider } from '@/lib/auth';

/** Sonner is not needed to show a page: it loads once the first one is on screen. */
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

function DeferredToaster() {
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => whenIdle(() => setReady(true)), []);
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
