import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether `query` matches the window, kept up to date. Before hydration (the prerendered page)
 * and where matchMedia is missing it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}

/** Phones: below Tailwind's `md` (48rem), where the table becomes a list of compact rows. */
export const useIsNarrow = () => useMediaQuery('(max-width: 47.99rem)');
