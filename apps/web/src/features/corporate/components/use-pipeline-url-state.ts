import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The pipeline's range and the stale leads open live in the address (?from=2026-11-01
 * &to=2026-11-30&stale=<agent id or all>), beside the page's other filters: a reload or a shared
 * link shows the same figures. No range is the server's default (the last 30 days).
 */
export function usePipelineUrlState() {
  const [params, setParams] = useSearchParams();
  const date = (name: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? value : null;
  };

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    from: date('from'),
    to: date('to'),
    stale: params.get('stale'),
    setRange: useCallback(
      (range: { from: string; to: string } | null) =>
        update({ from: range?.from ?? null, to: range?.to ?? null }),
      [update],
    ),
    /** The address of this page with the stale leads of one agent (its id) or of all open. */
    staleHref: (agent: string) => {
      const next = new URLSearchParams(params);
      next.set('stale', agent);
      return `?${next.toString()}`;
    },
    closeStale: useCallback(() => update({ stale: null }, true), [update]),
  };
}
