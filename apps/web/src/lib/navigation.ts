import { paths } from '@/config/paths';
import type { AuthState } from '@/lib/auth';
import { portalVisibility } from '@/lib/portal-visibility';

/** The main navigation of the signed-in pages, for each kind of user (SPEC.md section 6). */
export type NavItem = { to: string; label: string };

export function navigationFor(auth: Pick<AuthState, 'status' | 'me'>): NavItem[] {
  if (auth.status === 'recipient') return [{ to: paths.leads.href(), label: 'Leads' }];
  const { me } = auth;
  if (!me) return [];
  const visible = portalVisibility(me);
  // A superuser without an agent record runs the console; the agent's pages are not theirs.
  if (me.is_superuser && me.agent_profile === null) {
    return [
      { to: paths.admin.href(), label: 'Console' },
      { to: paths.devMailbox.href(), label: 'Dev mailbox' },
    ];
  }
  const items: (NavItem | false)[] = [
    me.is_superuser && { to: paths.admin.href(), label: 'Console' },
    { to: paths.leads.href(), label: 'Leads' },
    visible.onboarding && { to: paths.onboarding.href(), label: 'Onboarding' },
    // Profile is the agent record: users without one (corporate, superusers) have none.
    me.agent_profile !== null && { to: paths.profile.href(), label: 'Profile' },
    visible.recipients && { to: paths.routing.href(), label: 'Routing' },
    visible.zips && { to: paths.zip.href(), label: 'ZIP codes' },
    { to: paths.faq.href(), label: 'FAQ' },
    me.is_superuser && { to: paths.devMailbox.href(), label: 'Dev mailbox' },
  ];
  return items.filter((item): item is NavItem => item !== false);
}
