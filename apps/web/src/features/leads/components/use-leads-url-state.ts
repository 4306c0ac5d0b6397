import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type LeadsTab, leadsFilterOf } from '../api/get-leads';

/**
 * The workspace's state lives in the address (?status=archived&q=smith&page=2&lead=<id>; a status
 * is All leads' filter, ?tab=performance the numbers), so a reload, a shared link or Back shows
 * the same thing. Tab, page and an opened lead are history entries; typing a search replaces the
 * current one instead of adding one per pause.
 */

const OPENED_HERE = 'leadOpenedFromList';

/** The workspace's parts: the work queue, every lead by status, and the agent's numbers. */
export const LEADS_SECTIONS = ['queue', 'all', 'performance'] as const;
export type LeadsSection = (typeof LEADS_SECTIONS)[number];

/** ?tab= names the part; a status filter (?status=closed, SPEC's lists) is All leads'. */
export function leadsSectionOf(params: URLSearchParams): LeadsSection {
  const tab = params.get('tab');
  if ((LEADS_SECTIONS as readonly string[]).includes(tab ?? '')) return tab as LeadsSection;
  return params.has('status') ? 'all' : 'queue';
}

export function useLeadsUrlState() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const { tab, q, page } = leadsFilterOf(params);
  const section = leadsSectionOf(params);
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
    section,
    tab,
    q,
    page,
    leadId,
    setSection: useCallback(
      (next: LeadsSection) =>
        update({
          tab: next === 'performance' ? next : null,
          status: next === 'all' ? tab : null,
          page: null,
        }),
      [update, tab],
    ),
    setTab: useCallback((next: LeadsTab) => update({ tab: null, status: next, page: null }), [update]),
    setQuery: useCallback(
      (value: string) => update({ q: value.trim() || null, page: null }, { replace: true }),
      [update],
    ),
    setPage: useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]),
    /** New leads are at the top of the queue's first page. */
    showNewest: useCallback(() => update({ tab: null, status: null, page: null }), [update]),
    openLead: useCallback((id: string) => update({ lead: id }, { state: { [OPENED_HERE]: true } }), [update]),
    /** Back to the list: the way it came when opened from it, else without a history entry. */
    closeLead: useCallback(() => {
      if (openedHere) navigate(-1);
      else update({ lead: null }, { replace: true });
    }, [openedHere, navigate, update]),
  };
}
