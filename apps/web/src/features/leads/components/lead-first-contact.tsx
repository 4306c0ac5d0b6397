import type { Lead } from '@portal/shared';
import { Timer, TimerOff } from 'lucide-react';
import { formatExactTime, useNow } from '@/components/relative-time';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "under a minute", "4 min", "2 h 5 min", "3 days": a span of time as an agent would say it. */
export function formatSpan(seconds: number): string {
  const span = Math.max(0, Math.round(seconds));
  if (span < MINUTE) return 'under a minute';
  if (span < HOUR) return `${Math.floor(span / MINUTE)} min`;
  if (span < DAY) {
    const hours = Math.floor(span / HOUR);
    const minutes = Math.floor((span % HOUR) / MINUTE);
    return minutes > 0 && hours < 10 ? `${hours} h ${minutes} min` : `${hours} h`;
  }
  const days = Math.floor(span / DAY);
  return `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * Speed to first contact, the network's main service figure: "Contacted 4 min after it arrived",
 * or how long the lead has waited ("Not contacted yet: arrived 2 h ago").
 */
export function LeadFirstContact({ lead }: { lead: Lead }) {
  const now = useNow();
  if (lead.first_contact_at) {
    const seconds =
      lead.speed_to_contact_seconds ??
      (new Date(lead.first_contact_at).getTime() - new Date(lead.created_at).getTime()) / 1000;
    return (
      <p className="flex items-center gap-1.5 text-sm">
        <Timer aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          Contacted{' '}
          <time dateTime={lead.first_contact_at} title={formatExactTime(lead.first_contact_at)}>
            {formatSpan(seconds)} after it arrived
          </time>
        </span>
      </p>
    );
  }
  if (lead.status !== 'active') return null;
  const waited = (now - new Date(lead.created_at).getTime()) / 1000;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-pursuing">
      <TimerOff aria-hidden="true" className="size-4 shrink-0" />
      <span>Not contacted yet: arrived {formatSpan(waited)} ago</span>
    </p>
  );
}
