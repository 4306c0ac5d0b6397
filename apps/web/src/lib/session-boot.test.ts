import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLeads, queueFilter } from '@/features/leads/api/get-leads';
// The script as the build ships it (scripts/prerender.mjs fills in the API's base).
import source from '../../scripts/session-boot.js?raw';
import { RECIPIENT_SESSION_KEY } from './api-client';
import { LANDING_SHELL_ATTRIBUTE, LANDING_SHELL_KEY, rememberLandingShell } from './landing-shell';
import { SESSION_HINT_COOKIE } from './session-restore';

const run = (apiBase = '/api') => new Function(source.replaceAll('__API_BASE__', apiBase))();
/** What the script left for the app (read through a call: the tests delete and set it). */
const sent = () => window.__portalEarlyRefresh;

describe("the page's session-boot script (scripts/session-boot.js)", () => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}', { status: 200 }));

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    // A page whose app code has not run yet (api-client.ts marks it started).
    delete window.__portalEarlyRefresh;
  });
  afterEach(() => {
    window.__portalEarlyRefresh = null;
    rememberLandingShell(null);
    document.documentElement.removeAttribute(LANDING_SHELL_ATTRIBUTE);
    document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
    localStorage.removeItem(RECIPIENT_SESSION_KEY);
    vi.unstubAllGlobals();
  });

  it('sends POST /refresh with the cookie, under the cross-tab lock, and leaves it for the app', async () => {
    const held: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: { request: (name: string, work: () => Promise<unknown>) => (held.push(name), work()) },
    });
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    run();

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/refresh',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(held).toEqual(['portal-session-refresh']);
    expect(window.__portalEarlyRefresh?.url).toBe('/api/refresh');
    await expect(window.__portalEarlyRefresh?.response).resolves.toBeInstanceOf(Response);
  });

  it('then asks for the user with the access token the refresh answered with', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/refresh')
        ? new Response(JSON.stringify({ access_token: 'token-early', user: {} }), { status: 200 })
        : new Response('{"email":"agent@example.com"}', { status: 200 }),
    );
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    run();
    const early = window.__portalEarlyRefresh!;
    const me = await early.me;
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/api/portal/me',
      expect.objectContaining({ headers: expect.objectContaining({ Authorization: 'Bearer token-early' }) }),
    );
    expect(await me?.json()).toEqual({ email: 'agent@example.com' });
    // The app still reads the refresh's own answer.
    expect(await (await early.response).json()).toMatchObject({ access_token: 'token-early' });
  });

  it("on an agent's /leads, asks for its queue and numbers too, as the app would", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/refresh')
        ? new Response(JSON.stringify({ access_token: 'token-early', user: { user_role: 'agent' } }), {
            status: 200,
          })
        : new Response('{}', { status: 200 }),
    );
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    window.history.pushState({}, '', '/leads');
    try {
      run();
      const asked = await window.__portalEarlyRefresh?.leads;
      expect(asked).not.toBeNull();
      await Promise.all([asked?.list, asked?.stats, window.__portalEarlyRefresh?.me]);
      const sent = fetchMock.mock.calls.map(([url, init]) => [
        url,
        (init?.headers as Record<string, string> | undefined)?.Authorization,
      ]);
      // The list the page itself asks for first (the default view: the queue, page 1, no search).
      const own = vi.fn(async (_url: string) => new Response('{}', { status: 200 }));
      vi.stubGlobal('fetch', own);
      await getLeads(queueFilter({ q: '', page: 1 }));
      const listUrl = own.mock.calls[0]![0];
      expect(sent).toEqual([
        ['/api/refresh', undefined],
        ['/api/portal/me', 'Bearer token-early'],
        [listUrl, 'Bearer token-early'],
        ['/api/portal/me/lead-stats', 'Bearer token-early'],
      ]);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('asks for no leads for another user, on another page or another view of /leads', async () => {
    const refreshAs = (role: string) =>
      fetchMock.mockImplementation(async (url: string) =>
        url.endsWith('/refresh')
          ? new Response(JSON.stringify({ access_token: 't', user: { user_role: role } }), { status: 200 })
          : new Response('{}', { status: 200 }),
      );
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    try {
      for (const [role, address] of [
        ['corporate', '/leads'],
        ['agent', '/onboarding'],
        ['agent', '/leads?status=archived'],
      ] as const) {
        refreshAs(role);
        fetchMock.mockClear();
        window.history.pushState({}, '', address);
        delete window.__portalEarlyRefresh;
        run();
        const early = sent();
        expect(await early?.leads).toBeFalsy();
        await early?.me;
        expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/refresh', '/api/portal/me']);
      }
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it("shows /leads' frame where this browser last showed an agent its leads, and nowhere else", () => {
    const shownOn = (address: string, options: { shell?: string | null; hint?: boolean } = {}) => {
      const { shell = 'leads', hint = true } = options;
      document.documentElement.removeAttribute(LANDING_SHELL_ATTRIBUTE);
      if (shell) localStorage.setItem(LANDING_SHELL_KEY, shell);
      else localStorage.removeItem(LANDING_SHELL_KEY);
      document.cookie = hint
        ? `${SESSION_HINT_COOKIE}=1; path=/`
        : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
      window.history.pushState({}, '', address);
      delete window.__portalEarlyRefresh;
      run();
      return document.documentElement.getAttribute(LANDING_SHELL_ATTRIBUTE);
    };
    try {
      expect(shownOn('/leads')).toBe('leads');
      expect(shownOn('/leads/', { shell: 'leads-manager' })).toBe('leads-manager');
      // Nobody has been shown it here, or a sign-out forgot it.
      expect(shownOn('/leads', { shell: null })).toBeNull();
      // An unknown value is not a frame the page holds.
      expect(shownOn('/leads', { shell: 'admin' })).toBeNull();
      // Signed out: the sign-in page follows, not the leads.
      expect(shownOn('/leads', { hint: false })).toBeNull();
      // Another view of /leads, or another page, draws itself.
      expect(shownOn('/leads?view=groups')).toBeNull();
      expect(shownOn('/onboarding')).toBeNull();
      // A recipient's session shows the leads delivered to it, not an agent's page.
      localStorage.setItem(RECIPIENT_SESSION_KEY, '{"session_token":"t"}');
      expect(shownOn('/leads')).toBeNull();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('asks for no user when the refresh is refused', async () => {
    fetchMock.mockImplementation(async () => new Response('{"detail":"Not authenticated"}', { status: 401 }));
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    run();
    expect(await window.__portalEarlyRefresh?.me).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("goes to this build's API", () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    run('https://api.example.com/v2');
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.com/v2/refresh', expect.anything());
  });

  it('sends nothing once the app has started (it ran late: the app sent its own)', () => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    window.__portalEarlyRefresh = null;
    run();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__portalEarlyRefresh).toBeNull();
  });

  it('sends nothing without the session hint, or for a recipient', () => {
    run();
    document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
    localStorage.setItem(RECIPIENT_SESSION_KEY, '{}');
    run();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__portalEarlyRefresh).toBeUndefined();
  });
});
