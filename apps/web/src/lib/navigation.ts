import {
  CircleHelp,
  Inbox,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  MapPin,
  Receipt,
  UserRound,
  Waypoints,
} from 'lucide-react';
import { paths } from '@/config/paths';
import type { AuthState } from '@/lib/auth';
import { portalVisibility } from '@/lib/portal-visibility';

/** The main navigation of the signed-in pages, for each kind of user (SPEC.md section 6). */
export type NavItem = { to: string; label: string; icon: LucideIcon };

const LEADS: NavItem = { to: paths.leads.href(), label: 'Leads', icon: Inbox };
const CONSOLE: NavItem = { to: paths.admin.href(), label: 'Console', icon: LayoutDashboard };
const DEV_MAILBOX: NavItem = { to: paths.devMailbox.href(), label: 'Dev mailbox', icon: Mail };

export function navigationFor(auth: Pick<AuthState, 'status' | 'me'>): NavItem[] {
  if (auth.status === 'recipient') return [LEADS];
  const { me } = auth;
  if (!me) return [];
  const visible = portalVisibility(me);
  // A superuser without an agent record runs the console; the agent's pages are not theirs.
  if (me.is_superuser && me.agent_profile === null) return [CONSOLE, DEV_MAILBOX];
  const items: (NavItem | false)[] = [
    me.is_superuser && CONSOLE,
    LEADS,
    visible.onboarding && { to: paths.onboarding.href(), label: 'Onboarding', icon: ListChecks },
    // Profile is the agent record: users without one (corporate, superusers) have none.
    me.agent_profile !== null && { to: paths.profile.href(), label: 'Profile', icon: UserRound },
    visible.recipients && { to: paths.routing.href(), label: 'Routing', icon: Waypoints },
    visible.zips && { to: paths.zip.href(), label: 'ZIP codes', icon: MapPin },
    // The referral fees an agent owes: an office has none of its own.
    me.agent_profile !== null && { to: paths.billing.href(), label: 'Billing', icon: Receipt },
    // The agents' questions, whose answers lead to their pages: an office has none of them.
    me.agent_profile !== null && { to: paths.faq.href(), label: 'FAQ', icon: CircleHelp },
    me.is_superuser && DEV_MAILBOX,
  ];
  return items.filter((item): item is NavItem => item !== false);
}
