// Closed leads whose settlement statement is not uploaded yet (it proves the figures the fee was
// worked out from): the office chases the agents, the late ones first.
import type { MissingStatement } from '@portal/shared';
import { Link } from 'react-router';
import { formatDay } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { AdminSection } from './admin-section';
import { Skeleton } from './load-error';
import { StatusBadge } from './status-badge';

export function MissingStatements({ items }: { items: MissingStatement[] | undefined }) {
  const sorted = items ? [...items].sort((a, b) => Number(b.overdue) - Number(a.overdue)) : undefined;
  return (
    <AdminSection
      title="Closing documents missing"
      description="Closed leads without their settlement statement, due 14 days after the closing is recorded."
    >
      {!sorted ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only">Loading…</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : sorted.length === 0 ? (
        <p className="text-muted-foreground">No data: every closed lead has its settlement statement.</p>
      ) : (
        <ul className="grid gap-2">
          {sorted.map((item) => (
            <li
              key={item.lead_id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-border pt-2 first:border-0 first:pt-0"
            >
              <span className="font-medium">{item.lead_name}</span>
              <Link to={paths.adminAgent.href(item.agent_id)}>{item.agent_name}</Link>
              <span className="text-sm text-muted-foreground">
                Closed {formatDay(item.closing_date)} · due {formatDay(item.due_on)}
              </span>
              {item.overdue ? <StatusBadge tone="danger">Late</StatusBadge> : null}
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
