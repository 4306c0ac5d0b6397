import type { LinkedAgent } from '@portal/shared';
import { BadgeDollarSign, Handshake, Inbox, Users } from 'lucide-react';
import type * as React from 'react';
import { formatCount, formatMoney } from '@/components/leads/lead-format';

function Figure({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-text [&_svg]:size-5"
      >
        {icon}
      </span>
      <p className="grid">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-xl font-semibold tabular-nums">{value}</span>
      </p>
    </li>
  );
}

/** The office's headline numbers: agents, leads in 30 days, closings, commission. */
export function OfficeSummary({ agents }: { agents: LinkedAgent[] }) {
  const active = agents.filter((agent) => agent.agent_status === 'active').length;
  const leads30 = agents.reduce((sum, agent) => sum + agent.leads_last_30_days, 0);
  const closings = agents.reduce((sum, agent) => sum + agent.total_closings, 0);
  const commission = agents.reduce((sum, agent) => sum + agent.total_gross_commission_earned, 0);
  return (
    <ul aria-label="Office figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        icon={<Users />}
        label="Agents"
        value={`${formatCount(agents.length)} (${formatCount(active)} active)`}
      />
      <Figure icon={<Inbox />} label="Leads, last 30 days" value={formatCount(leads30)} />
      <Figure icon={<Handshake />} label="Closings" value={formatCount(closings)} />
      <Figure icon={<BadgeDollarSign />} label="Gross commission" value={formatMoney(commission)} />
    </ul>
  );
}
