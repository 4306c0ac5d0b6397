import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const TABS = [
  { to: paths.routing.href(), label: 'Recipients', end: true },
  { to: paths.routingTeamMembers.href(), label: 'Team members', end: false },
  { to: paths.routingCrm.href(), label: 'CRM', end: false },
];

/** /routing and its children: who receives your leads and how. */
export function RoutingSection() {
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">Lead routing</h1>
      <nav aria-label="Lead routing sections" className="flex flex-wrap gap-2 border-b border-border pb-2">
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
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
      <Outlet />
    </div>
  );
}
