import { LEADS_PAGE_LIMIT } from '@portal/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { leadsListQueryOptions, queueFilter } from '@/features/leads/api/get-leads';
import { startSession } from '@/lib/auth';
import { buildMe } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { landingPrefetch } from './landing-prefetch';

const EMPTY_LIST = { items: [], total: 0, counts: { active: 0, archived: 0, closed: 0 } };

/** A restored session for a user of `role`, whose GET /portal/me answers only when released. */
function restoredSession(role: string) {
  document.cookie = 'has_session=1; path=/';
  let releaseMe = () => {};
  const meHeld = new Promise<void>((resolve) => {
    releaseMe = resolve;
  });
  const mocks = mockFetch({
    'POST /api/refresh': () =>
      json(200, { access_token: 'access-1', token_type: 'bearer', user: { id: 'user-1', user_role: role } }),
    'GET /api/portal/me': async () => {
      await meHeld;
      return json(200, buildMe());
    },
    'GET /api/portal/me/leads': () => json(200, EMPTY_LIST),
    'GET /api/portal/me/lead-stats': () => json(200, { windows: [] }),
  });
  return { ...mocks, releaseMe };
}

afterEach(() => {
  document.cookie = 'has_session=; path=/; max-age=0';
  window.__portalEarlyRefresh = null;
});

describe('the data of the page being opened, asked for as soon as the session is restored', () => {
  it("asks for an agent's leads, as the address says, and numbers while /portal/me is still on its way", async () => {
    const queryClient = createTestQueryClient();
    const { calls, callsTo, releaseMe } = restoredSession('agent');
    const started = startSession(
      queryClient,
      landingPrefetch({ pathname: '/leads/', search: '?status=archived&q=smith&page=3' }),
    );

    await waitFor(() => expect(callsTo('GET /api/portal/me/lead-stats')).toHaveLength(1));
    const leads = callsTo('GET /api/portal/me/leads');
    expect(leads).toHaveLength(1);
    const query = new URL(leads[0]?.path ?? '', 'http://portal.test').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      skip: String(2 * LEADS_PAGE_LIMIT),
      limit: String(LEADS_PAGE_LIMIT),
      archived: 'true',
      q: 'smith',
    });
    // Before /portal/me has answered: the two went out beside it, not after it.
    expect(calls.map((call) => call.path.split('?')[0])).toContain('/api/portal/me');
    await waitFor(() =>
      expect(
        queryClient.getQueryData(leadsListQueryOptions({ tab: 'archived', q: 'smith', page: 3 }).queryKey),
      ).toEqual(EMPTY_LIST),
    );
    releaseMe();
    await started;
  });

  it("reads the answers of the page's boot script instead, and asks again for one that failed", async () => {
    const queryClient = createTestQueryClient();
    const { callsTo, releaseMe } = restoredSession('agent');
    const list = { ...EMPTY_LIST, total: 7, counts: { active: 7, archived: 0, closed: 0 } };
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    window.__portalEarlyRefresh = {
      url: '/api/refresh',
      response: Promise.resolve(
        json(200, { access_token: 'access-boot', token_type: 'bearer', user: { user_role: 'agent' } }),
      ),
      me: Promise.resolve(json(200, buildMe())),
      leads: Promise.resolve({ list: Promise.resolve(json(200, list)), stats: failed }),
    };
    releaseMe();
    await startSession(queryClient, landingPrefetch({ pathname: '/leads', search: '' }));

    await waitFor(() =>
      expect(
        queryClient.getQueryData(leadsListQueryOptions(queueFilter({ q: '', page: 1 })).queryKey),
      ).toEqual(list),
    );
    expect(callsTo('GET /api/portal/me/leads')).toHaveLength(0);
    expect(callsTo('GET /api/portal/me')).toHaveLength(0);
    // The numbers' request had failed: the app asked itself, with the boot's access token.
    await waitFor(() => expect(callsTo('GET /api/portal/me/lead-stats')).toHaveLength(1));
    expect(callsTo('GET /api/portal/me/lead-stats')[0]?.headers.get('Authorization')).toBe(
      'Bearer access-boot',
    );
  });

  it("asks itself when the address asks for another view than the boot script's", async () => {
    const queryClient = createTestQueryClient();
    const { callsTo, releaseMe } = restoredSession('agent');
    // The boot script's answer is the default view's (active leads): not the closed ones.
    const active = { ...EMPTY_LIST, total: 3, counts: { active: 3, archived: 0, closed: 0 } };
    window.__portalEarlyRefresh = {
      url: '/api/refresh',
      response: Promise.resolve(
        json(200, { access_token: 'access-boot', token_type: 'bearer', user: { user_role: 'agent' } }),
      ),
      me: Promise.resolve(json(200, buildMe())),
      leads: Promise.resolve({
        list: Promise.resolve(json(200, active)),
        stats: Promise.resolve(json(200, { windows: [] })),
      }),
    };
    releaseMe();
    await startSession(queryClient, landingPrefetch({ pathname: '/leads', search: '?status=closed' }));
    await waitFor(() => expect(callsTo('GET /api/portal/me/leads')).toHaveLength(1));
    expect(callsTo('GET /api/portal/me/leads')[0]?.path).toContain('closed=true');
    const closed = leadsListQueryOptions({ tab: 'closed', q: '', page: 1 }).queryKey;
    await waitFor(() => expect(queryClient.getQueryData(closed)).toEqual(EMPTY_LIST));
  });

  it('asks for nothing more for a corporate user, whose /leads is the office dashboard', async () => {
    const queryClient = createTestQueryClient();
    const { calls, releaseMe } = restoredSession('corporate');
    const started = startSession(queryClient, landingPrefetch({ pathname: '/leads', search: '' }));
    releaseMe();
    await started;
    // The module an agent's prefetch would have loaded has loaded, and whatever it would have
    // asked for has gone out.
    await import('@/features/leads/api/prefetch-leads');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((call) => call.path)).toEqual(['/api/refresh', '/api/portal/me']);
  });

  it('has nothing to ask for on other pages, or in a group manager’s view of its groups', () => {
    expect(landingPrefetch({ pathname: '/onboarding', search: '' })).toBeUndefined();
    expect(landingPrefetch({ pathname: '/leads', search: '?view=groups' })).toBeUndefined();
    expect(landingPrefetch({ pathname: '/leadsx', search: '' })).toBeUndefined();
  });
});
