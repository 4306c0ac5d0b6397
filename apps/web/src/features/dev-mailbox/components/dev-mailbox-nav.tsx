import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const TABS = [
  { to: paths.devMailbox.href(), label: 'Messages' },
  { to: paths.devTemplates.href(), label: 'Templates' },
];

/** The dev mailbox's two views: what was sent, and every template with sample data. */
export function DevMailboxNav() {
  return (
    <nav aria-label="Dev mailbox" className="flex flex-wrap gap-2 border-b border-border pb-2">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium text-foreground no-underline hover:bg-muted',
              isActive && 'bg-primary-soft text-primary-text',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
