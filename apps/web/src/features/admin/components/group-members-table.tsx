// A group's agents: status, whether they manage the group, whether they belong to another
// office; make or stop being manager, and remove (after confirming).
import type { AdminGroupDetail } from '@portal/shared';
import { ShieldCheck, ShieldOff, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePutGroupMember, useRemoveGroupMember } from '../api/groups';
import { AGENT_STATUS_LABELS, AGENT_STATUS_TONE } from './admin-format';
import { ConfirmDialog } from './confirm-dialog';
import { CellText, type Column, DataTable } from './data-table';
import { StatusBadge } from './status-badge';

type Member = AdminGroupDetail['members'][number];

function ManagerButton({ group, member }: { group: AdminGroupDetail; member: Member }) {
  const change = usePutGroupMember(group.id);
  const name = member.name || member.email;
  return (
    <Button
      variant="outline"
      size="sm"
      pending={change.isPending}
      onClick={() =>
        change.mutate({ agent_id: member.agent_id, is_manager: !member.is_manager, name, adding: false })
      }
    >
      {member.is_manager ? <ShieldOff aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
      {member.is_manager ? 'Remove manager' : 'Make manager'} <span className="sr-only">({name})</span>
    </Button>
  );
}

function RemoveButton({ group, member }: { group: AdminGroupDetail; member: Member }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveGroupMember(group.id, { onFieldError: setError });
  const name = member.name || member.email;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <UserMinus aria-hidden="true" />
        Remove <span className="sr-only">{name} from the group</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Remove ${name} from ${group.name}?`}
        description={
          member.is_manager
            ? 'They stop managing the group and no longer see its leads. Their account stays as it is.'
            : "The group's managers no longer see their leads. Their account stays as it is."
        }
        confirmLabel="Remove from group"
        destructive
        pending={remove.isPending}
        error={error}
        onConfirm={() =>
          remove.mutate({ agent_id: member.agent_id, name }, { onSuccess: () => setOpen(false) })
        }
      />
    </>
  );
}

export function GroupMembersTable({ group }: { group: AdminGroupDetail }) {
  const columns: Column<Member>[] = [
    {
      key: 'name',
      label: 'Agent',
      render: (member) => (
        <span className="grid justify-items-start gap-1">
          <Link to={paths.adminAgent.href(member.agent_id)} className="whitespace-nowrap">
            {member.name || 'No name yet'}
          </Link>
          {member.other_office ? (
            <StatusBadge tone="warning" title="This agent belongs to another corporate user's office">
              Other office
            </StatusBadge>
          ) : null}
        </span>
      ),
    },
    { key: 'email', label: 'E-mail', render: (member) => <CellText text={member.email} /> },
    {
      key: 'status',
      label: 'Status',
      render: (member) => (
        <StatusBadge tone={AGENT_STATUS_TONE[member.agent_status]}>
          {AGENT_STATUS_LABELS[member.agent_status]}
        </StatusBadge>
      ),
    },
    {
      key: 'manager',
      label: 'Manager',
      render: (member) =>
        member.is_manager ? <StatusBadge tone="info">Manager</StatusBadge> : <span>No</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (member) => (
        <div className="flex flex-wrap gap-2">
          <ManagerButton group={group} member={member} />
          <RemoveButton group={group} member={member} />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label={`Members of ${group.name}`}
      columns={columns}
      rows={group.members}
      rowKey={(member) => member.agent_id}
      minWidth="48rem"
      empty="No agents in this group yet. Find one below and add them."
    />
  );
}
