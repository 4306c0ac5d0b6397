import type { TeamScorecard } from '@portal/shared';
import { useEffect, useState } from 'react';
import { MonthlyCapField } from '@/components/capacity/capacity-fields';
import { FormDialog } from '@/components/form-dialog';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { readMonthlyCap } from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetAgentCap } from '../api/scorecards';

/** An office sets one of its agents' monthly cap of leads; empty removes it. */
export function AgentCapDialog({ card }: { card: TeamScorecard }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setCap = useSetAgentCap();
  const cap = card.capacity.monthly_lead_cap;
  // Opened on the cap as it stands.
  useEffect(() => {
    if (!open) return;
    setValue(cap === null ? '' : String(cap));
    setFieldError(null);
    setError(null);
  }, [open, cap]);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Set ${card.agent_name}'s monthly cap`}>
          Monthly cap…
        </Button>
      }
      title={`${card.agent_name}'s monthly cap`}
      description={`Routing skips the agent once this many leads reached them this calendar month; ${formatCount(
        card.capacity.leads_this_month,
      )} ${card.capacity.leads_this_month === 1 ? 'has' : 'have'} so far. The agent may set a lower cap of their own.`}
      label={`${card.agent_name}'s monthly cap`}
      submitLabel="Save the cap"
      pending={setCap.isPending}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        const { cap: typed, problem } = readMonthlyCap(value);
        setFieldError(problem);
        if (problem) return;
        setCap.mutate(
          { agentId: card.agent_id, cap: typed },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(
                typed === null
                  ? `${card.agent_name}'s cap removed`
                  : `${card.agent_name}: at most ${formatCount(typed)} leads a month`,
              );
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <MonthlyCapField
        label="Leads a month"
        description="Empty: no cap."
        value={value}
        onChange={setValue}
        error={fieldError}
      />
    </FormDialog>
  );
}
