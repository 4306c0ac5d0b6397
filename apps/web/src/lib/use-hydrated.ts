import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while React adopts a page the build prerendered (scripts/prerender.mjs), true from the
 * next render on, and true at once on a page rendered in the browser. A prerendered form shows
 * before its script has arrived: until then it must not be sent (the browser would post it
 * natively), so its submit button stays disabled.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
