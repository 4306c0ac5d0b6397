// Routes one lead by hand: find an active agent, confirm, POST /admin/leads/:id/assign. A lead
// that already has an agent (suspended, unreachable) moves with a reason, kept on the lead's
// timeline and in the audit log; the new agent's recipients are told, the old agent loses it.
import type { AdminAgentRow, AdminLead } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRightLeft, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { leadAddress, leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { useAssignLead } from '../api/leads';
import { adminKeys } from './admin-api';
import { AgentPicker } from './agent-picker';
import { ConfirmDialog } from './confirm-dialog';
import { ABOVE_ROW_LINK } from './data-table';
import { ReasonField, reasonProblem } from './reason-field';

export function LeadAssignDialog({ lead }: { lead: AdminLead }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [agent, setAgent] = useState<AdminAgentRow | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const moving = Boolean(lead.agent_id);
  const [refused, setRefused] = useState<string | null>(null);
  const assign = useAssignLead({
    onSuccess: () => setOpen(false),
    onRefused: (detail) => {
      setRefused(detail);
      // Someone else may have assigned it meanwhile: the list shows the truth again.
      void queryClient.invalidateQueries({ queryKey: adminKeys.lists('leads') });
    },
  });
  const name = leadName(lead);

  const start = (next: boolean) => {
    if (next) {
      setAgent(null);
      setProblem(undefined);
      setRefused(null);
      setReason('');
      setReasonError(undefined);
    }
    setOpen(next);
  };

  return (
    <>
      <Button
        size="sm"
        variant={moving ? 'ghost' : 'outline'}
        className={ABOVE_ROW_LINK}
        aria-label={moving ? `Move ${name} to another agent` : `Assign ${name}`}
        onClick={() => start(true)}
      >
        {moving ? <ArrowRightLeft aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
        {moving ? 'Move' : 'Assign'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={start}
        title={moving ? `Move ${name} to another agent` : `Assign ${name}`}
        description={
          moving
            ? `${leadAddress(lead)}. Now with ${lead.agent_name ?? 'another agent'}, who will no longer see it. The new agent and their recipients are told at once.`
            : `${leadAddress(lead)}. The agent and their recipients are told at once, as for a routed lead.`
        }
        confirmLabel={
          agent ? `${moving ? 'Move' : 'Assign'} to ${agent.name || agent.email}` : moving ? 'Move' : 'Assign'
        }
        pending={assign.isPending}
        error={refused}
        onConfirm={() => {
          setRefused(null);
          const why = moving ? reasonProblem(reason) : null;
          if (!agent) setProblem('Choose the agent who gets the lead');
          setReasonError(why ?? undefined);
          if (!agent || why) return;
          assign.mutate({
            lead,
            agent: { id: agent.id, name: agent.name || agent.email },
            ...(moving ? { reason: reason.trim() } : {}),
          });
        }}
      >
        <AgentPicker
          label="Find an active agent"
          status="active"
          value={agent}
          onChange={(next) => {
            setAgent(next);
            setProblem(undefined);
          }}
          error={problem}
        />
        {moving ? (
          <ReasonField
            value={reason}
            onChange={(next) => {
              setReason(next);
              setReasonError(undefined);
            }}
            error={reasonError}
          />
        ) : null}
      </ConfirmDialog>
    </>
  );
}
