// Moves an agent to another status: only the moves the rules allow now, with a required reason.
import { type AdminAgentDetail, type AgentStatus, STATUS_EFFECTS } from '@portal/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateAgent } from '../api/agents';
import { AGENT_STATUS_LABELS } from './admin-format';
import { ConfirmDialog } from './confirm-dialog';
import { ReasonField, reasonProblem } from './reason-field';

export function AgentStatusChangeDialog({ detail, name }: { detail: AdminAgentDetail; name: string }) {
  const allowed = detail.allowed_status_changes;
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<AgentStatus | ''>('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ status?: string; reason?: string }>({});
  const [refused, setRefused] = useState<string | null>(null);
  const update = useUpdateAgent(detail.agent.id, {
    success: `${name} is now ${status ? AGENT_STATUS_LABELS[status].toLowerCase() : 'changed'}`,
    onFieldError: setRefused,
    onSuccess: () => setOpen(false),
  });

  const start = (next: boolean) => {
    if (next) {
      setStatus(allowed.length === 1 ? allowed[0]! : '');
      setReason('');
      setProblems({});
      setRefused(null);
    }
    setOpen(next);
  };

  const submit = () => {
    const found = {
      status: status ? undefined : 'Choose the new status',
      reason: reasonProblem(reason) ?? undefined,
    };
    setProblems(found);
    setRefused(null);
    if (found.status || found.reason || !status) return;
    update.mutate({ agent_status: status, reason: reason.trim() });
  };

  if (allowed.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        The status cannot change any more: termination is final.
      </p>
    );
  }

  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Change status</Button>}
      open={open}
      onOpenChange={start}
      title="Change status"
      description={`${name} is ${AGENT_STATUS_LABELS[detail.agent.agent_status].toLowerCase()}. The agent is not e-mailed about the change; a suspended or terminated agent is told why when they next sign in.`}
      confirmLabel="Change status"
      destructive={status === 'terminated' || status === 'suspended'}
      pending={update.isPending}
      error={refused}
      onConfirm={submit}
    >
      <Field
        label="New status"
        error={problems.status}
        description={status ? STATUS_EFFECTS[status] : undefined}
      >
        <NativeSelect value={status} onChange={(event) => setStatus(event.target.value as AgentStatus)}>
          <option value="">Choose a status</option>
          {allowed.map((value) => (
            <option key={value} value={value}>
              {AGENT_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <ReasonField value={reason} onChange={setReason} error={problems.reason} />
    </ConfirmDialog>
  );
}
