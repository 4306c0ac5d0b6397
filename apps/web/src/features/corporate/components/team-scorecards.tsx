import type { AgentCapacity } from '@portal/shared';
import { useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import {
  nextSort,
  type ScorecardSort,
  ScorecardTable,
  sortScorecards,
} from '@/components/scorecard/scorecard-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatPauseDay } from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { type ScorecardScope, useTeamScorecards } from '../api/scorecards';
import { AgentCapDialog } from './agent-cap-dialog';
import { MemberPauseDialog } from './member-pause-dialog';

/**
 * The agents' scorecards side by side, for an office (who may cap each agent's leads a month) or a
 * group manager (who may pause a member): sorted on the page by any column.
 */
export function TeamScorecards({ scope, whose }: { scope: ScorecardScope; whose: string }) {
  const scorecards = useTeamScorecards(scope);
  const [sort, setSort] = useState<ScorecardSort>({ key: 'agent_name', order: 'asc' });
  const data = scorecards.data;
  return (
    <section aria-labelledby="team-scorecards-title" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="team-scorecards-title" className="text-xl font-semibold tracking-tight">
          Scorecards
        </h2>
        <p className="text-sm text-muted-foreground">
          {whose}: the last 90 days against the network's floors. Agents below a floor get leads only when no
          eligible agent meets every floor.
        </p>
      </div>
      {!data ? (
        scorecards.isError ? (
          <Alert variant="destructive">
            <AlertTitle>The scorecards could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(scorecards.error)} Try again; the rest of the page still works.</p>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void scorecards.refetch()}
                  pending={scorecards.isFetching}
                >
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <div role="status" aria-busy="true" className="h-48 animate-pulse rounded-xl bg-muted">
            <span className="sr-only">Loading the scorecards…</span>
          </div>
        )
      ) : data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
          No scorecard yet: figures start with an agent's first lead.
        </p>
      ) : (
        <ScorecardTable
          label={`Scorecards: ${whose}`}
          items={sortScorecards(data.items, sort)}
          floors={data.floors}
          sort={sort}
          onSort={(key) => setSort((current) => nextSort(current, key))}
          actions={(card) => (
            <span className="grid justify-items-start gap-1">
              <CapacityNote capacity={card.capacity} />
              {scope.kind === 'manager' ? (
                <MemberPauseDialog groupId={scope.groupId} card={card} />
              ) : (
                <AgentCapDialog card={card} />
              )}
            </span>
          )}
        />
      )}
    </section>
  );
}

/** Where the agent stands for routing: paused, and the leads of this month against the cap. */
function CapacityNote({ capacity }: { capacity: AgentCapacity }) {
  // Routing holds the agent to the lower of the office's cap and the agent's own.
  const caps = [capacity.monthly_lead_cap, capacity.own_monthly_lead_cap].filter((n) => n !== null);
  const cap = caps.length > 0 ? Math.min(...caps) : null;
  const month = `${formatCount(capacity.leads_this_month)} this month`;
  return (
    <span className="text-xs font-normal text-muted-foreground">
      {capacity.paused_until ? (
        <span className="block font-medium text-foreground">
          Paused until {formatPauseDay(capacity.paused_until)}
        </span>
      ) : null}
      <span className="block">{cap === null ? `No cap · ${month}` : `${month} of ${formatCount(cap)}`}</span>
    </span>
  );
}
