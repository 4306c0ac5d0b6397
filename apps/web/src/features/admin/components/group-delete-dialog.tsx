// Deleting a group, after naming it and how many agents it holds.
import type { AdminGroup } from '@portal/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDeleteGroup } from '../api/groups';
import { ConfirmDialog } from './confirm-dialog';

export function GroupDeleteDialog({
  group,
  onDeleted,
  size = 'sm',
}: {
  group: AdminGroup;
  onDeleted?: () => void;
  size?: 'sm' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteGroup({ onFieldError: setError, onSuccess: onDeleted });
  const members = group.member_count === 1 ? '1 agent' : `${group.member_count} agents`;
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className="text-destructive hover:text-destructive"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        Delete <span className="sr-only">{group.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${group.name}?`}
        description={
          group.member_count > 0
            ? `The group has ${members}. They leave the group (their accounts stay), and its managers no longer see their leads through it. Access codes bound to the group keep working without it. This cannot be undone.`
            : 'The group has no agents. Access codes bound to the group keep working without it. This cannot be undone.'
        }
        confirmLabel="Delete group"
        destructive
        pending={remove.isPending}
        error={error}
        onConfirm={() =>
          remove.mutate({ id: group.id, name: group.name }, { onSuccess: () => setOpen(false) })
        }
      />
    </>
  );
}
