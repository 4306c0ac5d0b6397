import { useCallback, useEffect, useRef, useState } from 'react';
import { playLeadSound } from './lead-sound';

export interface LeadArrival {
  id: string;
  /** The seller's name, when the page has the lead's row. */
  name?: string;
}

/** What the user does on a page they are looking at: any of these clears the title's count. */
const LOOKING = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

function notify(arrivals: LeadArrival[], open: (id: string) => void) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  // On a page in front of the agent the highlighted row says it already.
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  const first = arrivals[0]!;
  const notification = new Notification(arrivals.length === 1 ? 'New lead' : `${arrivals.length} new leads`, {
    body: `${first.name ? `${first.name}: ` : ''}call while the lead is fresh.`,
    tag: 'portal-new-lead',
  });
  notification.onclick = () => {
    window.focus();
    open(first.id);
    notification.close();
  };
}

/**
 * Leads that arrived while the page is open (from the live stream or the polling that stands in
 * for it): highlighted until opened, counted in the tab's title until the agent looks at the
 * page, with the chime when the agent wants it and a browser notification when allowed.
 */
export function useLeadArrivals({ sound, open }: { sound: boolean; open: (id: string) => void }) {
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(() => new Set());
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(() => new Set());
  const known = useRef(new Set<string>());
  const latest = useRef({ sound, open });
  useEffect(() => {
    latest.current = { sound, open };
  }, [sound, open]);

  const arrive = useCallback((arrivals: LeadArrival[]) => {
    const fresh = arrivals.filter((arrival) => !known.current.has(arrival.id));
    if (fresh.length === 0) return;
    for (const arrival of fresh) known.current.add(arrival.id);
    const add = (current: ReadonlySet<string>) =>
      new Set([...current, ...fresh.map((arrival) => arrival.id)]);
    setHighlighted(add);
    setUnseen(add);
    if (latest.current.sound) playLeadSound();
    notify(fresh, latest.current.open);
  }, []);

  const someUnseen = unseen.size > 0;
  useEffect(() => {
    if (!someUnseen) return;
    const looked = () => {
      if (document.visibilityState === 'visible') setUnseen(new Set());
    };
    for (const type of LOOKING) document.addEventListener(type, looked, { passive: true });
    return () => {
      for (const type of LOOKING) document.removeEventListener(type, looked);
    };
  }, [someUnseen]);

  const markSeen = useCallback((id: string) => {
    const without = (current: ReadonlySet<string>) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    };
    setHighlighted(without);
    setUnseen(without);
  }, []);

  return { highlighted, unseen: unseen.size, arrive, markSeen };
}
