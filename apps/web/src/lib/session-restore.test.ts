import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { clearSession, getAuthSnapshot, subscribeAuth } from './api-client';
import { getMe, meQueryKey, startSession } from './auth';
import { restoreSession, restoreSessionEarly, takeRestoredMe } from './session-restore';

describe('restoring the session at start-up (before the app’s code has run)', () => {
  it('sends POST /refresh and GET /portal/me once, and the app takes that answer instead of asking again', async () => {
    const me = buildMe();
    const { calls } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
    });
    restoreSessionEarly();
    // main.tsx's app, started later, takes the restore over.
    const queryClient = createTestQueryClient();
    await startSession(queryClient);
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/refresh',
      'GET /api/portal/me',
    ]);
    // Later reads of the user ask the server again.
    await getMe();
    expect(calls).toHaveLength(3);
  });

  it('hands its answer to the app even when the app asks the moment the access token arrives', async () => {
    const me = buildMe();
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, me),
    });
    // React renders on the token's arrival and asks for the user before the restore has sent
    // its own request.
    let asked: Promise<unknown> | null = null;
    const unsubscribe = subscribeAuth(() => {
      if (getAuthSnapshot().signedIn) asked ??= getMe();
    });
    await restoreSession();
    unsubscribe();
    expect(await asked).toEqual(me);
    expect(callsTo('GET /api/portal/me')).toHaveLength(1);
  });

  it('does not hand a restored /portal/me to a session begun since (signed out, then in)', async () => {
    const { calls } = mockFetch({
      'POST /api/refresh': signedInRefresh('access-early'),
      'GET /api/portal/me': () => json(200, buildMe()),
    });
    expect(await restoreSession()).toEqual({ userRole: undefined });
    clearSession();
    expect(await takeRestoredMe()).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/refresh', '/api/portal/me']);
  });

  it("reads the boot script's refresh instead of sending one, and claims it even when it does not restore", async () => {
    const me = buildMe();
    const { calls } = mockFetch({
      'POST /api/refresh': signedInRefresh('access-own'),
      'GET /api/portal/me': () => json(200, me),
    });
    const answer = (token: string) => json(200, { access_token: token, token_type: 'bearer', user: {} });
    window.__portalEarlyRefresh = { url: '/api/refresh', response: Promise.resolve(answer('access-boot')) };
    expect(await restoreSession()).not.toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers.get('Authorization')}`)).toEqual([
      'GET /api/portal/me Bearer access-boot',
    ]);

    // The boot script asked for the user too: its answer is the app's, and nothing more is sent.
    const sent = mockFetch({ 'POST /api/refresh': signedInRefresh('access-own') });
    window.__portalEarlyRefresh = {
      url: '/api/refresh',
      response: Promise.resolve(answer('access-boot')),
      me: Promise.resolve(json(200, me)),
    };
    expect(await restoreSession()).not.toBeNull();
    expect(await takeRestoredMe()).toEqual(me);
    expect(sent.calls).toEqual([]);

    // A visitor's page: nothing restored, and the answer is not left for a later refresh.
    document.cookie = 'has_session=; path=/; max-age=0';
    window.__portalEarlyRefresh = { url: '/api/refresh', response: Promise.resolve(answer('stale')) };
    expect(await restoreSession()).toBeNull();
    expect(window.__portalEarlyRefresh).toBeNull();
  });

  it("asks for the user itself when the boot script's request for it failed", async () => {
    const me = buildMe();
    const { calls } = mockFetch({ 'GET /api/portal/me': () => json(200, me) });
    document.cookie = 'has_session=1; path=/';
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    window.__portalEarlyRefresh = {
      url: '/api/refresh',
      response: Promise.resolve(json(200, { access_token: 'access-boot', token_type: 'bearer', user: {} })),
      me: failed,
    };
    expect(await restoreSession()).not.toBeNull();
    expect(await takeRestoredMe()).toEqual(me);
    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers.get('Authorization')}`)).toEqual([
      'GET /api/portal/me Bearer access-boot',
    ]);
  });

  it('asks nothing without the session hint cookie (a visitor)', async () => {
    document.cookie = 'has_session=; path=/; max-age=0';
    const { calls } = mockFetch({});
    expect(await restoreSession()).toBeNull();
    expect(calls).toEqual([]);
  });
});
