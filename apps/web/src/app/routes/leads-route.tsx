import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

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

const viewLink = (current: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium text-foreground no-underline hover:bg-muted',
    current && 'bg-background text-primary-text shadow-xs',
  );

export function LeadsRoute() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const loading = <PageLoading label="Loading your leads…" />;

  if (auth.status === 'user' && auth.me?.user_role === 'corporate') {
    return (
      <Suspense fallback={loading}>
        <CorporateLeadsPage />
      </Suspense>
    );
  }
  const manages =
    auth.status === 'user' && auth.me?.agent_profile?.group_memberships.some((m) => m.is_manager);
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
      <Suspense fallback={loading}>{groupsView ? <ManagedGroupsPage /> : <LeadsPage />}</Suspense>
    </div>
  );
}
