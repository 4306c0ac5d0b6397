// The console's frame (DESIGN.md section 8): a heading, the section navigation, then the page.
import {
  Building2,
  ClipboardCheck,
  FileClock,
  Inbox,
  KeyRound,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Receipt,
  Settings,
  Ticket,
  Users,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

type Section = { to: string; label: string; icon: LucideIcon; end?: boolean };

export const ADMIN_SECTIONS: Section[] = [
  { to: paths.admin.href(), label: 'Overview', icon: LayoutDashboard, end: true },
  { to: paths.adminAgents.href(), label: 'Agents', icon: Users },
  { to: paths.adminScorecards.href(), label: 'Scorecards', icon: ClipboardCheck },
  { to: paths.adminLeads.href(), label: 'Leads', icon: Inbox },
  { to: paths.adminBilling.href(), label: 'Billing', icon: Receipt },
  { to: paths.adminMessages.href(), label: 'Messages', icon: Mail },
  { to: paths.adminAccessCodes.href(), label: 'Access codes', icon: Ticket },
  { to: paths.adminCorporate.href(), label: 'Corporate', icon: Building2 },
  { to: paths.adminApiKeys.href(), label: 'API keys', icon: KeyRound },
  { to: paths.adminAudit.href(), label: 'Audit log', icon: FileClock },
  { to: paths.adminSettings.href(), label: 'Settings', icon: Settings },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-10 shrink-0 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-muted',
    'focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
    isActive && 'bg-primary-soft text-primary-text',
  );

/**
 * One line of tabs above the page (it scrolls sideways where the screen is narrower than the
 * tabs: on a phone; focusing a tab with the keyboard scrolls it into view), a side list only
 * where the screen is wide enough for two navigations and a table (2xl); NavLink sets
 * aria-current="page". Beside the portal's sidebar the tabs drop their icons to fit one line.
 */
export function AdminLayout() {
  return (
    <div className="grid gap-6 2xl:grid-cols-[12rem_minmax(0,1fr)] 2xl:gap-8">
      <div className="grid content-start gap-3 2xl:sticky 2xl:top-4 2xl:self-start">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Superuser console
        </p>
        <nav
          aria-label="Console"
          className="-mx-4 overflow-x-auto px-4 pt-1 md:mx-0 md:px-0 2xl:overflow-visible 2xl:pt-0"
        >
          <ul className="flex gap-1 border-b border-border pb-2 2xl:flex-col 2xl:border-0 2xl:pb-0">
            {ADMIN_SECTIONS.map(({ to, label, icon: Icon, end }) => (
              <li key={to} className="shrink-0">
                <NavLink to={to} end={end} className={linkClass}>
                  <Icon aria-hidden="true" className="size-4 md:max-2xl:hidden" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
