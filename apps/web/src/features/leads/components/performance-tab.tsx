import type { AgentRecord } from '@portal/shared';
import { lazy, Suspense } from 'react';
import type { AgentWithCapacity } from '@/lib/agent-capacity-api';
import { LeadCapacity } from './lead-capacity';
import { ScorecardPanel } from './scorecard-panel';

/** The numbers and the chart load when the tab is opened, not with the queue (first paint). */
const LeadStatsOverview = lazy(async () => ({
  default: (await import('./lead-stats')).LeadStatsOverview,
}));

function PerformanceSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-3">
      <span className="sr-only">Loading your numbers…</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((card) => (
          <div key={card} className="h-24 animate-pulse rounded-xl bg-muted" />
        ))}
      </div>
      <div aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-muted" />
    </div>
  );
}

/**
 * The Performance tab: this week's and month's leads, answer rate, closings, leads per week; the
 * scorecard routing reads; and the agent's pause and monthly cap, which decide whether leads come.
 */
export function PerformanceTab({ agent }: { agent: AgentRecord }) {
  return (
    <div className="grid gap-8">
      <Suspense fallback={<PerformanceSkeleton />}>
        <LeadStatsOverview agent={agent} />
      </Suspense>
      <ScorecardPanel />
      <LeadCapacity agent={agent as AgentWithCapacity} />
    </div>
  );
}
