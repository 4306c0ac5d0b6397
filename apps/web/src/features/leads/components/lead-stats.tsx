import type { AgentRecord } from '@portal/shared';
import type * as React from 'react';
import { formatCount, formatMoney } from '@/components/leads/lead-format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { type LeadStats as Stats, useLeadStats } from '../api/get-lead-stats';
import { LeadsPerWeekChart } from './leads-per-week-chart';

function Stat({
  label,
  value,
  note,
  small,
}: {
  label: string;
  value: React.ReactNode;
  note?: React.ReactNode;
  /** Words rather than a number. */
  small?: boolean;
}) {
  return (
    <div className="grid content-start gap-1 rounded-xl border border-border bg-card p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums break-words', small ? 'py-1 text-lg' : 'text-2xl')}>
        {value}
      </dd>
      {note ? <dd className="text-xs text-muted-foreground tabular-nums">{note}</dd> : null}
    </div>
  );
}

/** answered / (answered + missed); "No calls yet" before the first call. */
export function answerRate({ answered_calls, missed_calls }: Stats['answer_rate']) {
  const calls = answered_calls + missed_calls;
  if (calls === 0)
    return { value: 'No calls yet', note: 'Calls from sellers are counted here.', words: true };
  return {
    words: false,
    value: `${Math.round((answered_calls / calls) * 100)}%`,
    note: `${formatCount(answered_calls)} of ${formatCount(calls)} calls answered`,
  };
}

const pending = (
  <>
    <span aria-hidden="true" className="inline-block h-7 w-12 animate-pulse rounded bg-muted align-middle" />
    <span className="sr-only">Loading</span>
  </>
);

/**
 * The room the weekly chart will take while the numbers load, so the leads list below does not
 * jump down when they arrive (layout shift).
 */
function ChartPlaceholder() {
  const block = 'animate-pulse rounded bg-muted';
  return (
    <Card aria-hidden="true" className="gap-3 p-4 sm:p-6">
      <div className="grid gap-1">
        <div className={cn(block, 'h-6 w-36')} />
        <div className={cn(block, 'h-5 w-64 max-w-full')} />
      </div>
      <div className="grid gap-3">
        <div className={cn(block, 'h-36')} />
        <div className={cn(block, 'h-5 w-72 max-w-full')} />
        <div className={cn(block, 'h-5 w-80 max-w-full')} />
        <div className={cn(block, 'h-5 w-40')} />
      </div>
    </Card>
  );
}

/** The agent's numbers: leads this week and month, answer rate, closings and commission, leads per week. */
export function LeadStatsOverview({ agent }: { agent: AgentRecord }) {
  const stats = useLeadStats();
  const data = stats.data;
  const rate = data ? answerRate(data.answer_rate) : null;

  return (
    <section aria-labelledby="lead-stats-title" className="grid gap-4">
      <h2 id="lead-stats-title" className="sr-only">
        Your numbers
      </h2>
      {stats.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Your lead statistics could not be loaded</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(stats.error)}</p>
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void stats.refetch()}
                pending={stats.isFetching}
              >
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5 [&>*:last-child]:col-span-2 lg:[&>*:last-child]:col-span-1">
        <Stat
          label="Leads this week"
          value={data ? formatCount(data.this_week) : stats.isError ? '—' : pending}
        />
        <Stat
          label="Leads this month"
          value={data ? formatCount(data.this_month) : stats.isError ? '—' : pending}
        />
        <Stat
          label="Answer rate"
          value={rate ? rate.value : stats.isError ? '—' : pending}
          // While loading, an empty line where the note comes: the cards keep their height.
          note={rate ? rate.note : stats.isError ? undefined : <span aria-hidden="true">&nbsp;</span>}
          small={rate?.words}
        />
        <Stat label="Closings" value={formatCount(agent.total_closings)} />
        <Stat label="Gross commission earned" value={formatMoney(agent.total_gross_commission_earned)} />
      </dl>
      {data ? (
        <Card className="gap-3 p-4 sm:p-6">
          <div className="grid gap-1">
            <CardTitle as="h3" className="text-base">
              Leads per week
            </CardTitle>
            <CardDescription>The last {data.per_week.length || 12} weeks, by lead type.</CardDescription>
          </div>
          <LeadsPerWeekChart weeks={data.per_week} />
        </Card>
      ) : stats.isError ? null : (
        <ChartPlaceholder />
      )}
    </section>
  );
}
