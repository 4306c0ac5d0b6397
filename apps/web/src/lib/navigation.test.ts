import {
  CircleHelp,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Mail,
  MapPin,
  Receipt,
  UserRound,
  Waypoints,
} from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { navigationFor } from './navigation';

describe('navigationFor', () => {
  it('gives an agent its pages, each with its icon', () => {
    const me = buildMe();
    expect(navigationFor({ status: 'user', me })).toEqual([
      { to: '/leads', label: 'Leads', icon: Inbox },
      { to: '/onboarding', label: 'Onboarding', icon: ListChecks },
      { to: '/profile', label: 'Profile', icon: UserRound },
      { to: '/routing', label: 'Routing', icon: Waypoints },
      { to: '/zip', label: 'ZIP codes', icon: MapPin },
      { to: '/billing', label: 'Billing', icon: Receipt },
      { to: '/resources/faq', label: 'FAQ', icon: CircleHelp },
    ]);
  });

  it('gives a superuser without an agent record the console and the dev mailbox', () => {
    const me = buildMe({ is_superuser: true, user_role: 'superuser', agent_profile: null });
    expect(navigationFor({ status: 'user', me })).toEqual([
      { to: '/admin', label: 'Console', icon: LayoutDashboard },
      { to: '/dev/mailbox', label: 'Dev mailbox', icon: Mail },
    ]);
  });

  it('gives an office (corporate user) its dashboard only, none of the agent pages', () => {
    const me = buildMe({ user_role: 'corporate', agent_profile: null });
    expect(navigationFor({ status: 'user', me })).toEqual([{ to: '/leads', label: 'Leads', icon: Inbox }]);
  });

  it('gives a recipient session its leads only, and no one signed in nothing', () => {
    expect(navigationFor({ status: 'recipient', me: null })).toEqual([
      { to: '/leads', label: 'Leads', icon: Inbox },
    ]);
    expect(navigationFor({ status: 'anonymous', me: null })).toEqual([]);
  });
});
