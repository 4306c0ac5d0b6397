import type { TeamScorecard } from '@portal/shared';
import { useEffect, useState } from 'react';
import { PauseDateField } from '@/components/capacity/capacity-fields';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { addDays, formatPauseDay, localDay, pauseDateError } from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePauseMember } from '../api/scorecards';

/** A group manager pauses a member's leads until a date, or resumes them. */
export function MemberPauseDialog({ groupId, card }: { groupId: string; card: TeamScorecard }) {
  const [open, setOpen] = useState(false);
  const today = localDay();
  const [value, setValue] = useState(addDays(today, 7));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseMember(groupId);
  const pausedUntil = card.capacity.paused_until;
  // Opened on the member's pause as it stands, or a week from today.
  useEffect(() => {
    if (!open) return;
    setValue(pausedUntil ?? addDays(localDay(), 7));
    setFieldError(null);
    setError(null);
  }, [open, pausedUntil]);
  const send = (until: string | null) =>
    pause.mutate(
      { agentId: card.agent_id, pausedUntil: until },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(
            until
              ? `${card.agent_name}'s leads paused until ${formatPauseDay(until)}`
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
      description={`${
        pausedUntil
          ? `Paused now: leads start again on ${formatPauseDay(pausedUntil)}.`
          : 'Leads reach the agent now.'
      } No lead reaches the agent until the day you choose; they see the pause across the portal and can resume it.`}
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
      <PauseDateField
        today={today}
        description="From tomorrow to a year from today."
        value={value}
        onChange={setValue}
        error={fieldError}
      />
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
