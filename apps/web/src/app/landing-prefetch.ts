import { normalisePath } from '@portal/shared';
import { paths } from '@/config/paths';
import type { SessionPrefetch } from '@/lib/auth';

/**
 * The data of the page being opened that can be asked for as soon as the session is restored,
 * before the page has rendered, rather than after the refresh, /portal/me and the page's own
 * render one after the other (ADR 50). Only /leads, for an agent, in the view of
 * its own leads: a corporate user and a group manager's groups view ask for other things. The
 * role is all the refresh tells: an agent the rules send elsewhere (signup not finished, a rating
 * due) has had its leads asked for in vain, which costs a request and shows nothing.
 */
export function landingPrefetch(
  location: Pick<Location, 'pathname' | 'search'>,
): SessionPrefetch | undefined {
  if (normalisePath(location.pathname) !== paths.leads.href()) return undefined;
  const params = new URLSearchParams(location.search);
  if (params.get('view') === 'groups') return undefined;
  return (queryClient, userRole) => {
    if (userRole !== 'agent') return;
    // The module is among /leads' preloads (config/prerender.ts). A chunk that fails to load
    // resolves to nothing here (lib/chunk-reload.ts handles the failure): the page asks itself.
    import('@/features/leads/api/prefetch-leads')
      .then((module) => module?.prefetchAgentLeads(queryClient, params))
      .catch(() => {});
  };
}
