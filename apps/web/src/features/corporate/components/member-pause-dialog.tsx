import type { Scorecard } from '@portal/shared';
import { useEffect, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addDays, formatPauseDay, localDay, pauseDateError, yearAfter } from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePauseMember } from '../api/scorecards';

/** A group manager pauses a member's leads until a date, or resumes them. */
export function MemberPauseDialog({ groupId, card }: { groupId: string; card: Scorecard }) {
  const [open, setOpen] = useState(false);
  const today = localDay();
  const [value, setValue] = useState(addDays(today, 7));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseMember(groupId);
  useEffect(() => {
    if (!open) return;
    setFieldError(null);
    setError(null);
  }, [open]);
  const send = (pausedUntil: string | null) =>
    pause.mutate(
      { agentId: card.agent_id, pausedUntil },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(
            pausedUntil
              ? `${card.agent_name}'s leads paused until ${formatPauseDay(pausedUntil)}`
              : `${card.agent_name}'s leads resumed`,
          );
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Pause or resume ${card.agent_name}'s leads`}>
          Pause…
        </Button>
      }
      title={`Pause ${card.agent_name}'s leads`}
      description="No lead reaches the agent until the day you choose; they see the pause across the portal and can resume it."
      label={`Pause ${card.agent_name}'s leads`}
      submitLabel="Pause leads"
      pending={pause.isPending}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = pauseDateError(value, today);
        setFieldError(problem);
        if (!problem) send(value);
      }}
    >
      <Field
        label="Leads start again on"
        description="From tomorrow to a year from today."
        error={fieldError ?? undefined}
      >
        <Input
          type="date"
          min={addDays(today, 1)}
          max={yearAfter(today)}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="w-auto"
        />
      </Field>
      <div>
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          disabled={pause.isPending}
          onClick={() => send(null)}
        >
          Resume now instead
        </Button>
      </div>
    </FormDialog>
  );
}
