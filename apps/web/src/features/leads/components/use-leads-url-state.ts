import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LeadsTab, leadsFilterOf } from '../api/get-leads';

/**
 * The workspace's state lives in the address (?status=archived&q=smith&page=2&lead=<id>), so a
 * reload, a shared link or Back shows the same thing. Tab, page and an opened lead are history
 * entries; typing a search replaces the current one instead of adding one per pause.
 */

const OPENED_HERE = 'leadOpenedFromList';

export function useLeadsUrlState() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const { tab, q, page } = leadsFilterOf(params);
  const leadId = params.get('lead') || null;

  const update = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean; state?: unknown } = {}) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      }, options);
    },
    [setParams],
  );

  const openedHere = Boolean((location.state as Record<string, unknown> | null)?.[OPENED_HERE]);

  return {
    tab,
    q,
    page,
    leadId,
    setTab: useCallback(
      (next: LeadsTab) => update({ status: next === 'active' ? null : next, page: null }),
      [update],
    ),
    setQuery: useCallback(
      (value: string) => update({ q: value.trim() || null, page: null }, { replace: true }),
      [update],
    ),
    setPage: useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]),
    /** The new leads are active and newest: the first page of Active shows them. */
    showNewest: useCallback(() => update({ status: null, page: null }), [update]),
    openLead: useCallback((id: string) => update({ lead: id }, { state: { [OPENED_HERE]: true } }), [update]),
    /** Back to the list: the way it came when opened from it, else without a history entry. */
    closeLead: useCallback(() => {
      if (openedHere) navigate(-1);
      else update({ lead: null }, { replace: true });
    }, [openedHere, navigate, update]),
  };
}
