import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { useAuth } from '@/lib/auth';
import { type LandingShell, rememberLandingShell } from '@/lib/landing-shell';
import { LeadsViewsNav } from './leads-views-nav';

/**
 * /leads is where every signed-in person lands, and each kind of user sees its own page: a
 * corporate user the office dashboard, an agent its leads and, when it manages a group, "My
 * groups" beside them (?view=groups). The pages load on first visit.
 */
const loadLeadsPage = () => import('@/features/leads/pages/leads-page');
// Most people here are agents: their page starts loading with this route, while the session is
// still being restored, instead of after it (ADR 50).
void loadLeadsPage();
const LeadsPage = lazy(async () => ({ default: (await loadLeadsPage()).LeadsPage }));
const CorporateLeadsPage = lazy(async () => ({
  default: (await import('@/features/corporate/pages/corporate-leads-page')).CorporateLeadsPage,
}));
const ManagedGroupsPage = lazy(async () => ({
  default: (await import('@/features/corporate/pages/managed-groups-page')).ManagedGroupsPage,
}));

export function LeadsRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const loading = <PageLoading label="Loading your leads…" />;
  const corporate = auth.status === 'user' && auth.me?.user_role === 'corporate';
  const manages =
    auth.status === 'user' && auth.me?.agent_profile?.group_memberships.some((m) => m.is_manager);
  // What the next load of /leads on this browser shows before the code has arrived: an agent's
  // page as drawn now, or nothing for anyone else.
  const shell: LandingShell | null =
    auth.status === 'user' && auth.me?.user_role === 'agent' && auth.me.agent_profile
      ? manages
        ? 'leads-manager'
        : 'leads'
      : null;
  useEffect(() => rememberLandingShell(shell), [shell]);

  if (corporate) {
    return (
      <Suspense fallback={loading}>
        <CorporateLeadsPage />
      </Suspense>
    );
  }
  if (!manages) {
    return (
      <Suspense fallback={loading}>
        <LeadsPage />
      </Suspense>
    );
  }
  const groupsView = params.get('view') === 'groups';
  return (
    <div className="grid gap-6">
      <LeadsViewsNav groupsView={groupsView} />
      <Suspense fallback={loading}>{groupsView ? <ManagedGroupsPage /> : <LeadsPage />}</Suspense>
    </div>
  );
}
