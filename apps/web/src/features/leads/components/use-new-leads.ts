import type { LeadsList } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { leadStatsQueryKey } from '../api/get-lead-stats';
import type { LeadsFilter } from '../api/get-leads';

const totalOf = (list: LeadsList) => list.counts.active + list.counts.archived + list.counts.closed;

/**
 * Notices leads that arrive while the page is open (the list is fetched again every 15 s):
 * a "1 new lead" toast when the number of leads for the current search grows, and the ids of
 * rows that were not in the same view a moment ago, to highlight them until opened.
 */
export function useNewLeads(
  list: LeadsList | undefined,
  filter: LeadsFilter,
  fresh: boolean,
  onShow: (() => void) | null,
) {
  const queryClient = useQueryClient();
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(() => new Set());
  // Highest total seen per search: a cached, older answer shown on switching tabs is no news.
  const highest = useRef(new Map<string, number>());
  const seen = useRef(new Map<string, { ids: Set<string>; newest: string }>());
  const onShowRef = useRef(onShow);
  useEffect(() => {
    onShowRef.current = onShow;
  }, [onShow]);

  const { tab, q, page } = filter;
  useEffect(() => {
    if (!list || !fresh) return;
    const total = totalOf(list);
    const before = highest.current.get(q);
    highest.current.set(q, Math.max(before ?? 0, total));
    if (before !== undefined && total > before) {
      const added = total - before;
      // The weekly numbers count it too.
      void queryClient.invalidateQueries({ queryKey: leadStatsQueryKey });
      const show = onShowRef.current;
      toast.info(added === 1 ? '1 new lead' : `${added} new leads`, {
        id: 'new-leads',
        description: `${added === 1 ? 'It is' : 'They are'} at the top of your active leads. Call as soon as you can.`,
        action: show ? { label: 'Show', onClick: show } : undefined,
      });
    }

    const view = JSON.stringify([tab, q, page]);
    const previous = seen.current.get(view);
    const newest = list.items.reduce((max, item) => (item.created_at > max ? item.created_at : max), '');
    seen.current.set(view, {
      ids: new Set(list.items.map((item) => item.id)),
      newest: previous && previous.newest > newest ? previous.newest : newest,
    });
    if (previous) {
      const arrived = list.items.filter(
        (item) => !previous.ids.has(item.id) && item.created_at > previous.newest,
      );
      if (arrived.length > 0) {
        setNewIds((current) => new Set([...current, ...arrived.map((item) => item.id)]));
      }
    }
  }, [list, fresh, tab, q, page, queryClient]);

  const markSeen = useCallback((id: string) => {
    setNewIds((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }, []);

  return { newIds, markSeen };
}
