import { TOAST } from '@portal/shared';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { Toaster } from 'sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/lib/auth';

/**
 * Everything the routed pages rely on: server state, the signed-in state, tooltips and toasts
 * (constants of SPEC.md section 9). Sonner fixes its own swipe threshold (45 px) and removal
 * delay (200 ms); the rest comes from TOAST.
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
        <TooltipProvider>
          {children}
          <Toaster
            position={TOAST.position}
            visibleToasts={TOAST.maxVisible}
            duration={TOAST.durationMs}
            gap={TOAST.gapPx}
            expand={TOAST.expand}
            hotkey={[TOAST.hotkey]}
            swipeDirections={[TOAST.swipeDirection]}
            closeButton
            richColors
          />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
