import { LOADING_OVERLAY } from '@portal/shared';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { LoadingTriangles } from './ui/loading-triangles';

/** How long after authentication is initialised the overlay stays (SPEC.md section 4). */
export const OVERLAY_HIDE_DELAY_MS = 200;

type Phase = 'shown' | 'fading' | 'gone';

/**
 * Full-screen overlay while the portal starts: "Checking authentication..." until the auth
 * state is initialised, then "Loading your dashboard..." for 200 ms, then a 200 ms fade.
 * If initialisation hangs, it is forced away after 3 s with a console warning.
 */
export function LoadingOverlay({ initialised }: { initialised: boolean }) {
  // Already initialised when mounted: never shown.
  const [phase, setPhase] = useState<Phase>(initialised ? 'gone' : 'shown');
  // Read by the force timer, which may fire before React has re-rendered with a newer value.
  const initialisedRef = useRef(initialised);
  initialisedRef.current = initialised;

  useEffect(() => {
    if (phase !== 'shown') return;
    const timer = setTimeout(() => {
      if (initialisedRef.current) return; // the normal 200 ms hide is already on its way
      console.warn(
        `Loading overlay forced hidden after ${LOADING_OVERLAY.forceHideMs} ms: authentication is still initialising.`,
      );
      setPhase('fading');
    }, LOADING_OVERLAY.forceHideMs);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (!initialised || phase !== 'shown') return;
    const timer = setTimeout(() => setPhase('fading'), OVERLAY_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [initialised, phase]);

  useEffect(() => {
    if (phase !== 'fading') return;
    const timer = setTimeout(() => setPhase('gone'), LOADING_OVERLAY.fadeMs);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'gone') return null;
  const fading = phase === 'fading';
  return (
    <div
      data-slot="loading-overlay"
      aria-hidden={fading || undefined}
      className={cn(
        'fixed inset-0 z-[100] flex flex-col items-center justify-center gap-6 bg-background transition-opacity ease-out',
        fading ? 'pointer-events-none opacity-0' : 'opacity-100',
      )}
      style={{ transitionDuration: `${LOADING_OVERLAY.fadeMs}ms` }}
    >
      <LoadingTriangles />
      <p role="status" className="text-lg font-medium text-foreground">
        {initialised ? 'Loading your dashboard...' : 'Checking authentication...'}
      </p>
    </div>
  );
}
