import type { LinkedAgent } from '@portal/shared';
import { useEffect } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useAccessibleGroups } from '../api/get-accessible-groups';
import { useCorporateStats } from '../api/get-corporate-stats';
import { useLinkedAgents } from '../api/get-linked-agents';
import { AgentsTable } from './agents-table';
import { ClosingsPerAgentChart } from './closings-per-agent-chart';
import { GroupLeads } from './group-leads';
import { GroupsOverview } from './groups-overview';
import { LeadsPerGroupChart } from './leads-per-group-chart';
import { OfficeFees } from './office-fees';
import { OfficeSummary } from './office-summary';
import { PipelineSection } from './pipeline-section';
import { TeamScorecards } from './team-scorecards';
import { useGroupLeadsUrlState } from './use-group-leads-url-state';

function Failed({ what, error, retry }: { what: string; error: unknown; retry: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{what} could not be loaded</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error)}</p>
        <div>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

function Skeleton({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-xl bg-muted ${className}`} />;
}

/**
 * The corporate user's /leads: the office's numbers, its groups, charts a manager would rather
 * look at than read, every agent in a sortable table, their scorecards and referral fees, and the
 * chosen group's leads (read-only: the agents work them).
 */
export function CorporateDashboard() {
  const agents = useLinkedAgents();
  const groups = useAccessibleGroups();
  const stats = useCorporateStats();
  const url = useGroupLeadsUrlState();
  const groupList = groups.data ?? [];
  const selected =
    groupList.find((group) => group.group_id === url.groupId)?.group_id ?? groupList[0]?.group_id;

  // No group chosen yet: the first one, without a history entry and keeping the rest of the
  // link. A group that is no longer there: the first one, from scratch.
  useEffect(() => {
    if (!selected || url.groupId === selected) return;
    if (url.groupId === null) url.defaultGroup(selected);
    else url.setGroup(selected, true);
  }, [selected, url.groupId, url.setGroup, url.defaultGroup]);

  const selectedGroup = groupList.find((group) => group.group_id === selected);
  const filteredAgent = url.agentUri
    ? (agents.data?.find((agent) => agent.agent_uri === url.agentUri)?.name ?? url.agentUri)
    : null;

  const showLeadsOf = (agent: LinkedAgent) => {
    const group = agent.groups.find((g) => g.group_id === selected) ?? agent.groups[0]!;
    url.showAgent(group.group_id, agent.agent_uri);
    document.getElementById('group-leads-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="grid gap-8">
      <section aria-label="Office figures" className="grid gap-3">
        {agents.data ? (
          <OfficeSummary agents={agents.data} />
        ) : agents.isError ? (
          <Failed what="Your agents" error={agents.error} retry={() => void agents.refetch()} />
        ) : (
          <div role="status" aria-busy="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <span className="sr-only">Loading your office's figures…</span>
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} className="h-[4.5rem]" />
            ))}
          </div>
        )}
      </section>

      <section aria-labelledby="groups-title" className="grid gap-3">
        <h2 id="groups-title" className="text-xl font-semibold tracking-tight">
          Groups
        </h2>
        {groups.data ? (
          groups.data.length > 0 ? (
            <GroupsOverview
              groups={groups.data}
              selected={selected ?? null}
              onSelect={(id) => url.setGroup(id)}
            />
          ) : (
            <Card>
              <CardHeader>
                <CardTitle as="h3">No groups yet</CardTitle>
                <CardDescription>
                  Groups gather your agents, for example by office or team. Ask the office to set up your
                  groups; their agents and leads then show here.
                </CardDescription>
              </CardHeader>
            </Card>
          )
        ) : groups.isError ? (
          <Failed what="Your groups" error={groups.error} retry={() => void groups.refetch()} />
        ) : (
          <div role="status" aria-busy="true" className="grid gap-3 sm:grid-cols-3">
            <span className="sr-only">Loading your groups…</span>
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-24" />
            ))}
          </div>
        )}
      </section>

      {groups.data && (selected || groups.data.length === 0) ? (
        <PipelineSection
          scope={{ kind: 'corporate', groupId: selected ?? null, agentUri: url.agentUri }}
          whose={
            selectedGroup
              ? `${selectedGroup.group_name}${filteredAgent ? ` · ${filteredAgent}` : ''}`
              : filteredAgent || 'your agents'
          }
          controls={
            url.agentUri && selectedGroup ? (
              <div>
                <Button variant="outline" size="sm" onClick={() => url.setAgent('')}>
                  Show every agent of {selectedGroup.group_name}
                </Button>
              </div>
            ) : null
          }
          empty={
            selectedGroup
              ? `No agent of your office is in ${selectedGroup.group_name}${filteredAgent ? ` under ${filteredAgent}` : ''}.`
              : 'No agents are linked to your office yet.'
          }
        />
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Leads per week</CardTitle>
            <CardDescription>Each group's leads over the last 12 weeks.</CardDescription>
          </CardHeader>
          {stats.data ? (
            <LeadsPerGroupChart stats={stats.data} />
          ) : stats.isError ? (
            <Failed what="The chart" error={stats.error} retry={() => void stats.refetch()} />
          ) : (
            <Skeleton className="h-40" />
          )}
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Closings per agent</CardTitle>
            <CardDescription>Closed leads and the gross commission they earned.</CardDescription>
          </CardHeader>
          {agents.data ? (
            <ClosingsPerAgentChart agents={agents.data} />
          ) : agents.isError ? (
            <p className="text-sm text-muted-foreground">
              Shown once your agents load (see the message above).
            </p>
          ) : (
            <Skeleton className="h-40" />
          )}
        </Card>
      </div>

      <section aria-labelledby="agents-title" className="grid gap-3">
        <h2 id="agents-title" className="text-xl font-semibold tracking-tight">
          Agents
        </h2>
        {agents.data ? (
          agents.data.length > 0 ? (
            <AgentsTable agents={agents.data} onShowLeads={showLeadsOf} />
          ) : (
            <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
              No agents are linked to your office yet. Agents who join with your office's access code show
              here.
            </p>
          )
        ) : agents.isError ? null : (
          <Skeleton className="h-48" />
        )}
      </section>

      <TeamScorecards scope={{ kind: 'corporate' }} whose="The office's agents" />

      <OfficeFees />

      {groups.data && groups.data.length > 0 ? <GroupLeads groups={groups.data} /> : null}
    </div>
  );
}
