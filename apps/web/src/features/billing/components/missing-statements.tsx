import type { MissingStatement } from '@portal/shared';
import { FileWarning } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDay } from '@/components/leads/lead-format';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** The lead's sheet, opened over the leads list the way the list opens it (?lead=<id>). */
export const leadHref = (leadId: string) => `${paths.leads.href()}?lead=${encodeURIComponent(leadId)}`;

/**
 * Closed leads whose settlement statement is not uploaded yet: each links to its lead, where
 * the statement is uploaded. Shown only when there are some.
 */
export function MissingStatements({ items }: { items: MissingStatement[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive-soft p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <FileWarning aria-hidden="true" className="size-5 shrink-0 text-destructive" />
        Closing documents missing
      </h2>
      <p className="text-sm">
        Upload the settlement statement of each of these closings from its lead. A statement is due 14 days
        after the closing is recorded.
      </p>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li
            key={item.lead_id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg border border-border bg-background px-4 py-3"
          >
            <Link to={leadHref(item.lead_id)} className="font-medium">
              {item.lead_name}
            </Link>
            <span className="text-sm text-muted-foreground">
              Closed on {formatDay(item.closing_date)} ·{' '}
              <span className={cn(item.overdue && 'font-medium text-destructive')}>
                {item.overdue ? 'overdue since' : 'due'} {formatDay(item.due_on)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
