// Routes one unassigned lead by hand: find an active agent, confirm, POST /admin/leads/:id/assign.
import type { AdminAgentRow, AdminLead } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { leadAddress, leadName } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { useAssignLead } from '../api/leads';
import { adminKeys } from './admin-api';
import { AgentPicker } from './agent-picker';
import { ConfirmDialog } from './confirm-dialog';
import { ABOVE_ROW_LINK } from './data-table';

export function LeadAssignDialog({ lead }: { lead: AdminLead }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [agent, setAgent] = useState<AdminAgentRow | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
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
    }
    setOpen(next);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className={ABOVE_ROW_LINK}
        aria-label={`Assign ${name}`}
        onClick={() => start(true)}
      >
        <UserPlus aria-hidden="true" />
        Assign
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={start}
        title={`Assign ${name}`}
        description={`${leadAddress(lead)}. The agent and their recipients are told at once, as for a routed lead.`}
        confirmLabel={agent ? `Assign to ${agent.name || agent.email}` : 'Assign'}
        pending={assign.isPending}
        error={refused}
        onConfirm={() => {
          setRefused(null);
          if (!agent) {
            setProblem('Choose the agent who gets the lead');
            return;
          }
          assign.mutate({ lead, agent: { id: agent.id, name: agent.name || agent.email } });
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
      </ConfirmDialog>
    </>
  );
}
