import type { LinkedAgent } from '@portal/shared';
import { formatCount, formatMoney } from '@/components/leads/lead-format';

/** Closings per agent as horizontal bars, the most first (the ten with most, then a count of the rest). */
export function ClosingsPerAgentChart({ agents }: { agents: LinkedAgent[] }) {
  const ranked = agents
    .filter((agent) => agent.total_closings > 0)
    .sort((a, b) => b.total_closings - a.total_closings || a.name.localeCompare(b.name));
  if (ranked.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No closings yet. They show here as agents close leads.</p>
    );
  }
  const shown = ranked.slice(0, 10);
  const max = shown[0]!.total_closings;
  return (
    <div className="grid gap-2">
      <ul aria-label="Closings per agent" className="grid gap-2">
        {shown.map((agent) => (
          <li key={agent.id} className="grid gap-1 text-sm">
            <div className="flex justify-between gap-2">
              <span className="truncate font-medium">{agent.name}</span>
              <span className="shrink-0 tabular-nums text-muted-foreground">
                {formatCount(agent.total_closings)} · {formatMoney(agent.total_gross_commission_earned)}
              </span>
            </div>
            <div aria-hidden="true" className="h-2.5 rounded-full bg-muted">
              <div
                className="h-2.5 rounded-full bg-primary"
                style={{ width: `${Math.max(4, (agent.total_closings / max) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {ranked.length > shown.length ? (
        <p className="text-sm text-muted-foreground">
          And {formatCount(ranked.length - shown.length)} more agents with closings (see the table).
        </p>
      ) : null}
    </div>
  );
}
