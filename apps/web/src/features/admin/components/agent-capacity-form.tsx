// The agent's capacity in the console: pause and caps as routing reads them, and the office's
// monthly cap, which a superuser sets (audited like other agent changes).
import type { AgentRecord } from '@portal/shared';
import { useState } from 'react';
import { MonthlyCapField } from '@/components/capacity/capacity-fields';
import { formatCount, formatDay } from '@/components/leads/lead-format';
import { Button } from '@/components/ui/button';
import { readMonthlyCap } from '@/lib/agent-capacity-api';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from './admin-api';

const capText = (cap: number | null) => (cap === null ? 'None' : `${formatCount(cap)} leads a month`);

/** Whether the pause is still on (it ends on its date): compared with today in the browser's calendar. */
const pausedNow = (until: string | null) => {
  if (until === null) return false;
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return until.slice(0, 10) > `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

export function AgentCapacityForm({ agent }: { agent: AgentRecord }) {
  const [value, setValue] = useState(agent.monthly_lead_cap?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useAdminMutation<unknown, number | null>({
    mutationFn: (cap) =>
      api.patch(`/admin/agents/${encodeURIComponent(agent.id)}`, { monthly_lead_cap: cap }),
    success: (_data, cap) => (cap === null ? 'Monthly cap removed' : 'Monthly cap saved'),
    onFieldError: setError,
    invalidate: [
      adminKeys.detail('agents', agent.id),
      adminKeys.lists('agents'),
      adminKeys.lists('scorecards'),
    ],
  });
  const paused = pausedNow(agent.paused_until);
  return (
    <div className="grid gap-4">
      <dl aria-label="Capacity" className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {(
          [
            [
              'Leads',
              paused && agent.paused_until ? `Paused until ${formatDay(agent.paused_until)}` : 'Not paused',
            ],
            [
              'This month',
              `${formatCount(agent.leads_this_month)} ${agent.leads_this_month === 1 ? 'lead' : 'leads'}`,
            ],
            ["Office's cap", capText(agent.monthly_lead_cap)],
            ["Agent's own cap", capText(agent.own_monthly_lead_cap)],
          ] as const
        ).map(([label, text]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{text}</dd>
          </div>
        ))}
      </dl>
      <form
        noValidate
        aria-label="Monthly cap"
        className="grid max-w-md gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const { cap, problem } = readMonthlyCap(value);
          setError(problem);
          if (!problem) save.mutate(cap);
        }}
      >
        <MonthlyCapField
          label="Monthly cap (leads)"
          description="Routing skips the agent once this many leads reached them this calendar month. Empty: no cap."
          value={value}
          onChange={setValue}
          error={error}
        />
        <div>
          <Button type="submit" pending={save.isPending}>
            Save monthly cap
          </Button>
        </div>
      </form>
    </div>
  );
}
