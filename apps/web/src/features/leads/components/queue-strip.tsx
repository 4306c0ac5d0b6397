import type * as React from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useLeadStats } from '../api/get-lead-stats';

/** "45 s", "4 min", "3 hours", "2 days": how long sellers waited for a first call. */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

function Figure({ label, value, alert }: { label: string; value: React.ReactNode; alert?: boolean }) {
  return (
    <div className="flex flex-col sm:flex-row sm:items-baseline sm:gap-2">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className={cn('text-lg font-semibold tabular-nums', alert && 'text-destructive')}>{value}</dd>
    </div>
  );
}

const pending = (
  <>
    <span aria-hidden="true" className="inline-block h-5 w-8 animate-pulse rounded bg-muted align-middle" />
    <span className="sr-only">Loading</span>
  </>
);

/** The queue's numbers in one line: today's new leads, overdue next actions, speed, closings. */
export function QueueStrip() {
  const stats = useLeadStats();
  const data = stats.data;
  const value = (figure: (stats: NonNullable<typeof data>) => React.ReactNode) =>
    data ? figure(data) : stats.isError ? '—' : pending;

  return (
    <section aria-labelledby="queue-strip-title" className="grid gap-2">
      <h2 id="queue-strip-title" className="sr-only">
        Today at a glance
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border border-border bg-card px-4 py-2 shadow-xs sm:flex sm:flex-wrap sm:items-baseline">
        <Figure label="New today" value={value((s) => formatCount(s.new_today))} />
        <Figure
          label="Overdue"
          value={value((s) => formatCount(s.overdue))}
          alert={(data?.overdue ?? 0) > 0}
        />
        <Figure
          label="Speed to contact this month"
          value={value((s) =>
            s.speed_to_contact_seconds_month === null
              ? 'No calls yet'
              : formatWait(s.speed_to_contact_seconds_month),
          )}
        />
        <Figure label="Closings this month" value={value((s) => formatCount(s.closings_this_month))} />
      </dl>
      {stats.isError ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-destructive">
          Your numbers could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()} pending={stats.isFetching}>
            Try again
          </Button>
        </p>
      ) : null}
    </section>
  );
}
