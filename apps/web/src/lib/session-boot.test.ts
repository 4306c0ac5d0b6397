import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// The script as the build ships it (scripts/prerender.mjs fills in the API's base).
import source from '../../scripts/session-boot.js?raw';
import { RECIPIENT_SESSION_KEY } from './api-client';
import { SESSION_HINT_COOKIE } from './session-restore';

const run = (apiBase = '/api') => new Function(source.replaceAll('__API_BASE__', apiBase))();

describe("the page's session-boot script (scripts/session-boot.js)", () => {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    // A page whose app code has not run yet (api-client.ts marks it started).
    delete window.__portalEarlyRefresh;
  });
  afterEach(() => {
    window.__portalEarlyRefresh = null;
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
