import { monthlyLeadCap, type Scorecard } from '@portal/shared';
import { useEffect, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetAgentCap } from '../api/scorecards';

/** An office sets one of its agents' monthly cap of leads; empty removes it. */
export function AgentCapDialog({ card }: { card: Scorecard }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setCap = useSetAgentCap();
  useEffect(() => {
    if (!open) return;
    setFieldError(null);
    setError(null);
  }, [open]);
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
      description="Routing skips the agent once this many leads reached them this calendar month. The agent may set a lower cap of their own."
      label={`${card.agent_name}'s monthly cap`}
      submitLabel="Save the cap"
      pending={setCap.isPending}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        const typed = value.trim();
        const parsed = monthlyLeadCap.safeParse(typed === '' ? null : Number(typed));
        if (!parsed.success) {
          setFieldError(parsed.error.issues[0]?.message ?? 'Enter a whole number of leads');
          return;
        }
        setFieldError(null);
        setCap.mutate(
          { agentId: card.agent_id, cap: parsed.data },
          {
            onSuccess: () => {
              setOpen(false);
              toast.success(
                parsed.data === null
                  ? `${card.agent_name}'s cap removed`
                  : `${card.agent_name}: at most ${formatCount(parsed.data)} leads a month`,
              );
            },
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <Field label="Leads a month" description="Empty: no cap." error={fieldError ?? undefined}>
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="w-32"
        />
      </Field>
    </FormDialog>
  );
}
