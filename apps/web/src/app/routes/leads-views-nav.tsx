import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const viewLink = (current: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-muted',
    current && 'bg-background text-primary-text shadow-xs',
  );

/**
 * "My leads" and "My groups" above /leads for an agent who manages a group; also drawn in /leads'
 * HTML frame (src/landing-shell.tsx).
 */
export function LeadsViewsNav({ groupsView }: { groupsView: boolean }) {
  return (
    <nav aria-label="Leads views" className="flex w-fit gap-1 rounded-lg bg-muted p-1">
      <Link
        to={paths.leads.href()}
        aria-current={groupsView ? undefined : 'page'}
        className={viewLink(!groupsView)}
      >
        My leads
      </Link>
      <Link
        to={`${paths.leads.href()}?view=groups`}
        aria-current={groupsView ? 'page' : undefined}
        className={viewLink(groupsView)}
      >
        My groups
      </Link>
    </nav>
  );
}
