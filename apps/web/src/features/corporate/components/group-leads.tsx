import type { CorporateGroup, GroupLead, GroupLeadsList } from '@portal/shared';
import { useId, useState } from 'react';
import { LeadReadOnlySheet } from '@/components/leads/lead-readonly-sheet';
import { LeadStatusTabs } from '@/components/leads/lead-status-tabs';
import { LeadRow, LeadsListSkeleton, LeadsPager, type LeadsTab } from '@/components/leads/leads-list';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useGroupLeads } from '../api/get-group-leads';
import { useGroupMembers } from '../api/get-group-members';
import { useGroupLeadsUrlState } from './use-group-leads-url-state';

const countFor = (list: GroupLeadsList | undefined, tab: LeadsTab) => {
  if (!list) return null;
  const { active, archived, closed } = list.counts;
  return tab === 'all' ? active + archived + closed : list.counts[tab];
};

/** One group's leads: status tabs, a filter by agent, pages of 100, and a lead to read. */
export function GroupLeads({ groups }: { groups: CorporateGroup[] }) {
  const url = useGroupLeadsUrlState();
  const groupSelectId = useId();
  const agentSelectId = useId();
  const group = groups.find((g) => g.group_id === url.groupId) ?? groups[0]!;
  const members = useGroupMembers(group.group_id);
  const leads = useGroupLeads({
    groupId: group.group_id,
    tab: url.tab,
    agentUri: url.agentUri,
    page: url.page,
  });
  const list = leads.data;
  // The lead opened stays open when a refresh moves it to another page or tab.
  const [lastOpened, setLastOpened] = useState<GroupLead | null>(null);
  const opened = url.leadId
    ? (list?.items.find((lead) => lead.id === url.leadId) ??
      (lastOpened?.id === url.leadId ? lastOpened : null))
    : null;
  const agentName = members.data?.find((member) => member.agent_uri === url.agentUri)?.name;

  return (
    <section aria-labelledby="group-leads-title" className="grid gap-4">
      <h2 id="group-leads-title" className="text-xl font-semibold tracking-tight">
        Leads of {group.group_name}
        {agentName ? <span className="text-muted-foreground"> · {agentName}</span> : null}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="grid gap-1.5">
          <Label htmlFor={groupSelectId}>Group</Label>
          <NativeSelect
            id={groupSelectId}
            value={group.group_id}
            onChange={(event) => url.setGroup(event.target.value)}
          >
            {groups.map((g) => (
              <option key={g.group_id} value={g.group_id}>
                {g.group_name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={agentSelectId}>Agent</Label>
          <NativeSelect
            id={agentSelectId}
            value={url.agentUri}
            disabled={!members.data}
            onChange={(event) => url.setAgent(event.target.value)}
          >
            <option value="">Every agent of the group</option>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.agent_uri ?? ''}>
                {member.name}
              </option>
            ))}
          </NativeSelect>
          {members.isError ? (
            <p className="text-sm text-destructive">
              The agents could not be loaded: {errorMessage(members.error)}
            </p>
          ) : null}
        </div>
      </div>

      <LeadStatusTabs
        value={url.tab}
        onChange={url.setTab}
        countOf={(tab) => countFor(list, tab)}
        label="Leads by status"
      >
        {!list ? (
          leads.isError ? (
            <LeadsLoadFailed title="The group's leads could not be loaded" query={leads} />
          ) : (
            <LeadsListSkeleton />
          )
        ) : list.items.length === 0 ? (
          <div className="grid justify-items-start gap-2 rounded-lg border border-dashed border-border p-6">
            <p className="font-medium">
              {list.total > 0 && url.page > 1
                ? 'This page is past the last lead'
                : url.agentUri
                  ? `${agentName ?? 'This agent'} has no ${url.tab === 'all' ? '' : `${url.tab} `}leads in this group`
                  : `No ${url.tab === 'all' ? '' : `${url.tab} `}leads in ${group.group_name} yet`}
            </p>
            <p className="text-sm text-muted-foreground">
              Leads appear here as soon as the network routes them to the group's agents.
            </p>
            <div className="flex flex-wrap gap-2">
              {url.page > 1 ? (
                <Button variant="outline" size="sm" onClick={() => url.setPage(1)}>
                  Go to the first page
                </Button>
              ) : null}
              {url.agentUri ? (
                <Button variant="outline" size="sm" onClick={() => url.setAgent('')}>
                  Show every agent
                </Button>
              ) : null}
              {url.tab !== 'all' ? (
                <Button variant="outline" size="sm" onClick={() => url.setTab('all')}>
                  Show all statuses
                </Button>
              ) : null}
            </div>
          </div>
        ) : (
          <div
            aria-busy={leads.isPlaceholderData || undefined}
            className={cn('grid gap-3', leads.isPlaceholderData && 'opacity-60')}
          >
            <ul aria-label={`Leads of ${group.group_name}, newest first`} className="grid gap-2">
              {list.items.map((lead) => (
                <LeadRow
                  key={lead.id}
                  lead={lead}
                  tab={url.tab}
                  isNew={false}
                  owner={lead.agent_name}
                  onOpen={() => {
                    setLastOpened(lead);
                    url.openLead(lead.id);
                  }}
                />
              ))}
            </ul>
            <LeadsPager page={url.page} shown={list.items.length} total={list.total} onPage={url.setPage} />
          </div>
        )}
      </LeadStatusTabs>
      <LeadReadOnlySheet
        lead={opened}
        owner={opened ? `${opened.agent_name} · ${group.group_name}` : undefined}
        onClose={url.closeLead}
      />
    </section>
  );
}
