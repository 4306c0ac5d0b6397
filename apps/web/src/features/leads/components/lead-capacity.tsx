import { ownCapProblem } from '@portal/shared';
import { useId, useState } from 'react';
import { MonthlyCapField, PauseDateField } from '@/components/capacity/capacity-fields';
import { FormError } from '@/components/form-error';
import { formatCount } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import {
  type AgentWithCapacity,
  addDays,
  formatPauseDay,
  localDay,
  pauseDateError,
  pausedUntil,
  readMonthlyCap,
  useUpdateCapacity,
} from '@/lib/agent-capacity-api';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/**
 * The agent's own say over their leads, on the Performance tab beside the numbers it affects:
 * pause until a date (a holiday) and a monthly cap of their own, never above the office's.
 */
export function LeadCapacity({ agent }: { agent: AgentWithCapacity }) {
  return (
    <section
      aria-labelledby="lead-capacity-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <h3 id="lead-capacity-title" className="text-xl font-semibold tracking-tight">
          Pause and monthly cap
        </h3>
        <p className="text-sm text-muted-foreground">
          Routing skips you while you are paused or once you have had your cap of leads this month.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <PauseForm agent={agent} />
        <OwnCapForm agent={agent} />
      </div>
    </section>
  );
}

function PauseForm({ agent }: { agent: AgentWithCapacity }) {
  const today = localDay();
  const until = pausedUntil(agent, today);
  const [value, setValue] = useState(until ?? addDays(today, 7));
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateCapacity();
  const statusId = useId();
  return (
    <form
      noValidate
      aria-label="Pause leads"
      aria-describedby={statusId}
      className="grid content-start gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const problem = pauseDateError(value, today);
        setError(problem);
        setFormError(null);
        if (problem) return;
        update.mutate(
          { paused_until: value },
          {
            onSuccess: () => toast.success(`Leads paused until ${formatPauseDay(value)}`),
            onError: (failure) => setFormError(errorMessage(failure)),
          },
        );
      }}
    >
      <p id={statusId} className="text-sm">
        {until ? (
          <>
            <span className="font-medium">Paused</span> until {formatPauseDay(until)}: leads reach you again
            that day.
          </>
        ) : (
          <>
            <span className="font-medium">Not paused:</span> leads can reach you.
          </>
        )}
      </p>
      <PauseDateField
        today={today}
        description="From tomorrow to a year from today. No lead reaches you until that day."
        value={value}
        onChange={setValue}
        error={error}
      />
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={update.isPending && update.variables?.paused_until !== null}>
          {until ? 'Change the date' : 'Pause leads'}
        </Button>
        {until ? (
          <Button
            type="button"
            variant="outline"
            pending={update.isPending && update.variables?.paused_until === null}
            onClick={() =>
              update.mutate(
                { paused_until: null },
                {
                  onSuccess: () => toast.success('Leads resumed'),
                  onError: (failure) => setFormError(errorMessage(failure)),
                },
              )
            }
          >
            Resume now
          </Button>
        ) : null}
      </div>
    </form>
  );
}

const capText = (cap: number | null | undefined) =>
  cap === null || cap === undefined ? 'none' : `${formatCount(cap)} leads a month`;

function OwnCapForm({ agent }: { agent: AgentWithCapacity }) {
  const officeCap = agent.monthly_lead_cap ?? null;
  const [value, setValue] = useState(agent.own_monthly_lead_cap?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCapacity();
  return (
    <form
      noValidate
      aria-label="Your monthly cap"
      className="grid content-start gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const { cap, problem } = readMonthlyCap(value);
        if (problem) {
          setError(problem);
          return;
        }
        const above = ownCapProblem(cap, officeCap);
        if (above) {
          setError(above);
          return;
        }
        setError(null);
        update.mutate(
          { own_monthly_lead_cap: cap },
          {
            onSuccess: () =>
              toast.success(cap === null ? 'Your monthly cap removed' : 'Your monthly cap saved'),
            onError: (failure) => setError(errorMessage(failure)),
          },
        );
      }}
    >
      <p className="text-sm">
        <span className="font-medium">This month:</span> {formatCount(agent.leads_this_month ?? 0)}{' '}
        {agent.leads_this_month === 1 ? 'lead' : 'leads'}. The office's cap: {capText(officeCap)}.
      </p>
      <MonthlyCapField
        label="Your own monthly cap"
        description="Leave it empty for no cap of your own. It can only be lower than the office's."
        value={value}
        onChange={setValue}
        error={error}
        max={officeCap ?? undefined}
      />
      <div>
        <Button type="submit" pending={update.isPending}>
          Save my cap
        </Button>
      </div>
    </form>
  );
}
