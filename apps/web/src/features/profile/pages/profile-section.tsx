import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const TABS = [
  { to: paths.profile.href(), label: 'Overview', end: true },
  { to: paths.profileTeam.href(), label: 'Team', end: false },
  { to: paths.profileBroker.href(), label: 'Broker', end: false },
  { to: paths.profileLicenses.href(), label: 'Licences', end: false },
];

/** /profile and its children: one heading, a section menu, the chosen part. */
export function ProfileSection() {
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-semibold tracking-tight">Profile</h1>
      <nav aria-label="Profile sections" className="flex flex-wrap gap-2 border-b border-border pb-2">
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
