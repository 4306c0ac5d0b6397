import type { Lead, LeadsList } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { leadName } from '@/components/leads/lead-format';
import { toast } from '@/lib/toast';
import { leadStatsQueryKey } from '../api/get-lead-stats';
import type { LeadsFilter } from '../api/get-leads';
import type { LeadArrival } from './use-lead-arrivals';

const totalOf = (list: LeadsList) => list.counts.active + list.counts.archived + list.counts.closed;

/**
 * Notices leads that arrive while the page is open, whichever way the list was fetched again (the
 * live stream's nudge, or polling without it): a "1 new lead" toast when the number of leads for
 * the current search grows, and the rows that were not in the same view a moment ago, handed to
 * `onArrive`.
 */
export function useNewLeads(
  list: LeadsList | undefined,
  filter: LeadsFilter,
  fresh: boolean,
  onShow: (() => void) | null,
  onArrive: (arrivals: LeadArrival[]) => void,
) {
  const queryClient = useQueryClient();
  // Highest total seen per search: a cached, older answer shown on switching tabs is no news.
  const highest = useRef(new Map<string, number>());
  const seen = useRef(new Map<string, { ids: Set<string>; newest: string }>());
  const latest = useRef({ onShow, onArrive });
  useEffect(() => {
    latest.current = { onShow, onArrive };
  }, [onShow, onArrive]);

  const { tab, q, page, view } = filter;
  useEffect(() => {
    if (!list || !fresh) return;
    const total = totalOf(list);
    const before = highest.current.get(q);
    highest.current.set(q, Math.max(before ?? 0, total));
    if (before !== undefined && total > before) {
      const added = total - before;
      // The numbers count it too.
      void queryClient.invalidateQueries({ queryKey: leadStatsQueryKey });
      const show = latest.current.onShow;
      toast.info(added === 1 ? '1 new lead' : `${added} new leads`, {
        id: 'new-leads',
        description: `${added === 1 ? 'It is' : 'They are'} at the top of your queue. Call as soon as you can.`,
        action: show ? { label: 'Show', onClick: show } : undefined,
      });
    }

    const key = JSON.stringify([view, tab, q, page]);
    const previous = seen.current.get(key);
    const newest = list.items.reduce((max, item) => (item.created_at > max ? item.created_at : max), '');
    seen.current.set(key, {
      ids: new Set(list.items.map((item) => item.id)),
      newest: previous && previous.newest > newest ? previous.newest : newest,
    });
    if (previous) {
      const arrived = list.items.filter(
        (item: Lead) => !previous.ids.has(item.id) && item.created_at > previous.newest,
      );
      if (arrived.length > 0) {
        latest.current.onArrive(arrived.map((item) => ({ id: item.id, name: leadName(item) })));
      }
    }
  }, [list, fresh, tab, q, page, view, queryClient]);
}
