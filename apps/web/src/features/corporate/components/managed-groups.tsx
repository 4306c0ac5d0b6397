import type { GroupMembership } from '@portal/shared';
import { useId, useMemo, useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { LeadReadOnlySheet } from '@/components/leads/lead-readonly-sheet';
import { LeadRow, LeadsListSkeleton, type LeadsTab } from '@/components/leads/leads-list';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { type ManagedLead, useManagedLeads } from '../api/get-managed-leads';

const TABS: { value: LeadsTab; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];

/**
 * "My groups" for a group manager: the members of every group it manages and their newest leads
 * together, newest first (each member's first 100, SPEC.md section 9). A member who is not an
 * agent is left out; a member whose list fails shows no leads instead of breaking the page.
 */
export function ManagedGroups({ groups }: { groups: GroupMembership[] }) {
  const managed = useMemo(() => groups.filter((group) => group.is_manager), [groups]);
  const data = useManagedLeads(managed);
  const memberSelectId = useId();
  const [memberId, setMemberId] = useState('');
  const [tab, setTab] = useState<LeadsTab>('active');
  const [opened, setOpened] = useState<ManagedLead | null>(null);

  const members = useMemo(() => {
    const byId = new Map<string, { id: string; name: string; groups: string[]; total: number | null }>();
    for (const member of data.data?.members ?? []) {
      const known = byId.get(member.id);
      if (known) known.groups.push(member.group_name);
      else
        byId.set(member.id, {
          id: member.id,
          name: member.name,
          groups: [member.group_name],
          total: member.total,
        });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [data.data]);

  const ofMember = (data.data?.leads ?? []).filter((lead) => !memberId || lead.member_id === memberId);
  const counts = {
    active: ofMember.filter((lead) => lead.status === 'active').length,
    archived: ofMember.filter((lead) => lead.status === 'archived').length,
    closed: ofMember.filter((lead) => lead.status === 'closed').length,
  };
  const shown = tab === 'all' ? ofMember : ofMember.filter((lead) => lead.status === tab);

  return (
    <section aria-label="Members and their leads" className="grid gap-6">
      {!data.data ? (
        data.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Your groups could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(data.error)}</p>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void data.refetch()}
                  pending={data.isFetching}
                >
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <LeadsListSkeleton />
        )
      ) : (
        <>
          {data.data.failed > 0 ? (
            <Alert variant="info">
              <AlertDescription>
                The leads of {data.data.failed === 1 ? 'one member' : `${data.data.failed} members`} could not
                be loaded just now; they show as empty until the next refresh.
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
                <span className="text-muted-foreground">{member.groups.join(', ')}</span>
                <span className="text-muted-foreground">
                  {member.total === null
                    ? 'No leads to show'
                    : `${formatCount(member.total)} ${member.total === 1 ? 'lead' : 'leads'}`}
                </span>
              </li>
            ))}
          </ul>
          <div className="grid max-w-sm gap-1.5">
            <Label htmlFor={memberSelectId}>Member</Label>
            <NativeSelect
              id={memberSelectId}
              value={memberId}
              onChange={(event) => setMemberId(event.target.value)}
            >
              <option value="">Every member</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Tabs value={tab} onValueChange={(value) => setTab(value as LeadsTab)} activationMode="manual">
            <TabsList
              aria-label="Members' leads by status"
              className="grid w-full grid-cols-4 sm:inline-flex sm:w-fit"
            >
              {TABS.map(({ value, label }) => (
                <TabsTrigger
                  key={value}
                  value={value}
                  className="h-auto min-h-9 flex-col gap-0 px-1 py-1 sm:flex-row sm:gap-1.5 sm:px-3"
                >
                  {label}{' '}
                  <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums text-muted-foreground">
                    {formatCount(value === 'all' ? ofMember.length : counts[value])}
                  </span>
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={tab} className="grid gap-3">
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
            </TabsContent>
          </Tabs>
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
