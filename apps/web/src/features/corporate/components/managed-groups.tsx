import type { GroupMembership } from '@portal/shared';
import { useId, useMemo, useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { LeadReadOnlySheet } from '@/components/leads/lead-readonly-sheet';
import { LeadStatusTabs } from '@/components/leads/lead-status-tabs';
import { LeadRow, LeadsListSkeleton, type LeadsTab } from '@/components/leads/leads-list';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { type ManagedLead, useManagedLeads } from '../api/get-managed-leads';
import { PipelineSection } from './pipeline-section';
import { TeamScorecards } from './team-scorecards';

/** Rows shown at first, and added by "Show more". */
const PAGE = 100;

/**
 * "My groups" for a group manager: the members of every group it manages and their newest leads
 * together, newest first (each member's first 100, SPEC.md section 9). A member who is not an
 * agent is left out; a member whose list fails shows no leads instead of breaking the page.
 */
export function ManagedGroups({ groups }: { groups: GroupMembership[] }) {
  const managed = useMemo(() => groups.filter((group) => group.is_manager), [groups]);
  const data = useManagedLeads(managed);
  const memberSelectId = useId();
  const groupSelectId = useId();
  const [memberId, setMemberId] = useState('');
  const [pipelineGroupId, setPipelineGroupId] = useState(managed[0]?.group_id ?? '');
  const [tab, setTab] = useState<LeadsTab>('active');
  const [opened, setOpened] = useState<ManagedLead | null>(null);

  const [visible, setVisible] = useState(PAGE);
  const members = data.data?.members ?? [];
  const chosen = members.filter((member) => !memberId || member.id === memberId);
  // The server's counts of each member's leads; the list holds each member's newest 100.
  const counts = { active: 0, archived: 0, closed: 0 };
  for (const member of chosen) {
    for (const status of ['active', 'archived', 'closed'] as const)
      counts[status] += member.counts?.[status] ?? 0;
  }
  const countOf = (value: LeadsTab) =>
    value === 'all' ? counts.active + counts.archived + counts.closed : counts[value];
  const ofMember = (data.data?.leads ?? []).filter((lead) => !memberId || lead.member_id === memberId);
  const matching = tab === 'all' ? ofMember : ofMember.filter((lead) => lead.status === tab);
  const shown = matching.slice(0, visible);
  // One member's figures are read in the group that lists them; otherwise the group chosen.
  const member = members.find((m) => m.id === memberId);
  const pipelineGroup =
    managed.find((group) => group.group_id === (member?.group_id ?? pipelineGroupId)) ?? managed[0];

  return (
    <section aria-label="Members and their leads" className="grid gap-6">
      {!data.data ? (
        data.isError ? (
          <LeadsLoadFailed title="Your groups could not be loaded" query={data} />
        ) : (
          <LeadsListSkeleton />
        )
      ) : (
        <>
          {data.data.failed > 0 ? (
            <Alert variant="info">
              <AlertDescription>
                Some leads could not be loaded just now ({data.data.failed}{' '}
                {data.data.failed === 1 ? 'list' : 'lists'}); they show as empty until the next refresh.
              </AlertDescription>
            </Alert>
          ) : null}
          <ul aria-label="Members" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((member) => (
              <li
                key={member.id}
                className="grid gap-0.5 rounded-lg border border-border bg-card p-3 text-sm"
              >
                <span className="font-medium">{member.name}</span>
                <span className="text-muted-foreground">{member.group_name}</span>
                <span className="text-muted-foreground tabular-nums">
                  {member.counts === null
                    ? 'Leads could not be loaded'
                    : `${formatCount(member.counts.active)} active, ${formatCount(
                        member.counts.active + member.counts.archived + member.counts.closed,
                      )} in all`}
                </span>
              </li>
            ))}
          </ul>
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor={memberSelectId}>Member</Label>
            <NativeSelect
              id={memberSelectId}
              value={memberId}
              onChange={(event) => {
                setMemberId(event.target.value);
                setVisible(PAGE);
              }}
            >
              <option value="">Every member</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {pipelineGroup ? (
            <PipelineSection
              scope={{ kind: 'manager', groupId: pipelineGroup.group_id, memberId }}
              whose={`${pipelineGroup.group_name}${member ? ` · ${member.name}` : ''}`}
              controls={
                managed.length > 1 ? (
                  <div className="grid max-w-sm gap-1.5">
                    <Label htmlFor={groupSelectId}>Group</Label>
                    <NativeSelect
                      id={groupSelectId}
                      value={pipelineGroup.group_id}
                      onChange={(event) => {
                        setPipelineGroupId(event.target.value);
                        if (member && member.group_id !== event.target.value) setMemberId('');
                      }}
                    >
                      {managed.map((group) => (
                        <option key={group.group_id} value={group.group_id}>
                          {group.group_name}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                ) : null
              }
              empty={`No member of ${pipelineGroup.group_name} is an agent yet.`}
            />
          ) : null}
          {pipelineGroup ? (
            <TeamScorecards
              scope={{ kind: 'manager', groupId: pipelineGroup.group_id }}
              whose={pipelineGroup.group_name}
            />
          ) : null}
          <LeadStatusTabs
            value={tab}
            onChange={(next) => {
              setTab(next);
              setVisible(PAGE);
            }}
            countOf={countOf}
            label="Members' leads by status"
          >
            {shown.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
                No {tab === 'all' ? '' : `${tab} `}leads{memberId ? ' for this member' : ' in your groups'}{' '}
                yet. New leads show here within a minute of reaching a member.
              </p>
            ) : (
              <ul aria-label="Members' leads, newest first" className="grid gap-2">
                {shown.map((lead) => (
                  <LeadRow
                    key={lead.id}
                    lead={lead}
                    tab={tab}
                    isNew={false}
                    owner={lead.member_name}
                    onOpen={() => setOpened(lead)}
                  />
                ))}
              </ul>
            )}
            {matching.length > shown.length ? (
              <div>
                <Button variant="outline" onClick={() => setVisible((n) => n + PAGE)}>
                  Show {formatCount(Math.min(PAGE, matching.length - shown.length))} more
                </Button>
              </div>
            ) : null}
            {countOf(tab) > matching.length ? (
              <p className="text-sm text-muted-foreground">
                The newest 100 leads of each member are here ({formatCount(matching.length)} of{' '}
                {formatCount(countOf(tab))}).
              </p>
            ) : null}
          </LeadStatusTabs>
        </>
      )}
      <LeadReadOnlySheet
        lead={opened}
        owner={opened ? `${opened.member_name} · ${opened.group_name}` : undefined}
        onClose={() => setOpened(null)}
      />
    </section>
  );
}
