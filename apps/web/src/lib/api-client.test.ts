import { RecipientContextSchema } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { recipientSession } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import {
  ApiError,
  api,
  claimEarlyRefresh,
  errorMessage,
  getAuthSnapshot,
  onAuthLost,
  parseRecipientSession,
  RECIPIENT_SESSION_KEY,
  refreshSession,
  startRecipientSession,
  startUserSession,
} from './api-client';

const authHeader = (call: { headers: Headers }) => call.headers.get('Authorization');

describe('api client: user sessions', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token and cookies on a user call', async () => {
    const { fetchMock, calls } = mockFetch({ 'GET /api/portal/me': () => json(200, { id: 'user-1' }) });
    startUserSession('token-1');

    await expect(api.get('/portal/me')).resolves.toEqual({ id: 'user-1' });
    expect(authHeader(calls[0]!)).toBe('Bearer token-1');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' });
  });

  it('answers a 401 with one refresh and one retry carrying the new token', async () => {
    const { calls, callsTo } = mockFetch({
      'GET /api/portal/me': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, { ok: true })
          : json(401, { detail: 'expired' }),
      'POST /api/refresh': () => json(200, { access_token: 'fresh', token_type: 'bearer', user: {} }),
    });
    startUserSession('stale');

    await expect(api.get('/portal/me')).resolves.toEqual({ ok: true });
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    expect(callsTo('GET /api/portal/me').map(authHeader)).toEqual(['Bearer stale', 'Bearer fresh']);
    // The refresh itself carries no bearer token: the cookie identifies the session.
    expect(authHeader(calls[1]!)).toBeNull();
  });

  it('ends the session when the retry is refused too', async () => {
    const { callsTo } = mockFetch({
      'GET /api/portal/me': () => json(401, { detail: 'Not authenticated' }),
      'POST /api/refresh': () => json(200, { access_token: 'fresh', token_type: 'bearer', user: {} }),
    });
    const lost = vi.fn();
    onAuthLost(lost);
    startUserSession('stale');

    await expect(api.get('/portal/me')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('GET /api/portal/me')).toHaveLength(2);
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    expect(lost).toHaveBeenCalledWith('session_expired');
    expect(getAuthSnapshot().signedIn).toBe(false);
  });

  it('ends the session when the refresh fails, without retrying', async () => {
    const { callsTo } = mockFetch({
      'GET /api/portal/me': () => json(401, { detail: 'Not authenticated' }),
      'POST /api/refresh': () => json(401, { detail: 'Refresh token expired' }),
    });
    const lost = vi.fn();
    onAuthLost(lost);
    startUserSession('stale');

    await expect(api.get('/portal/me')).rejects.toBeInstanceOf(ApiError);
    expect(callsTo('GET /api/portal/me')).toHaveLength(1);
    expect(lost).toHaveBeenCalledWith('session_expired');
  });

  it('tells the first listener of a session lost before anyone listened (start-up runs before React)', async () => {
    mockFetch({
      'GET /api/portal/me': () => json(401, { detail: 'Not authenticated' }),
      'POST /api/refresh': () => json(401, { detail: 'Refresh token expired' }),
    });
    startUserSession('stale');
    await expect(api.get('/portal/me')).rejects.toBeInstanceOf(ApiError);

    const lost = vi.fn();
    onAuthLost(lost);
    expect(lost).toHaveBeenCalledExactlyOnceWith('session_expired');
    const later = vi.fn();
    onAuthLost(later);
    expect(later).not.toHaveBeenCalled();
  });

  it('lets concurrent 401s share one refresh', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { callsTo } = mockFetch({
      'GET /api/a': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, 'a')
          : json(401, { detail: 'expired' }),
      'GET /api/b': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, 'b')
          : json(401, { detail: 'expired' }),
      'GET /api/c': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? json(200, 'c')
          : json(401, { detail: 'expired' }),
      'POST /api/refresh': async () => {
        await refreshGate;
        return json(200, { access_token: 'fresh', token_type: 'bearer', user: {} });
      },
    });
    startUserSession('stale');

    const all = Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    await vi.waitFor(() => expect(callsTo('POST /api/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(all).resolves.toEqual(['a', 'b', 'c']);
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
  });

  it('holds a lock shared by all tabs while it refreshes, so two tabs never present one token twice', async () => {
    const held: string[] = [];
    let inside = false;
    const request = vi.fn(async (name: string, work: () => Promise<unknown>) => {
      held.push(name);
      inside = true;
      try {
        return await work();
      } finally {
        inside = false;
      }
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    let sentInsideLock = false;
    mockFetch({
      'GET /api/portal/me': (r) =>
        r.headers.get('Authorization') === 'Bearer fresh' ? json(200, {}) : json(401, {}),
      'POST /api/refresh': () => {
        sentInsideLock = inside;
        return json(200, { access_token: 'fresh', token_type: 'bearer', user: {} });
      },
    });
    startUserSession('stale');
    await api.get('/portal/me');
    expect(held).toEqual(['portal-session-refresh']);
    expect(sentInsideLock).toBe(true);
    vi.unstubAllGlobals();
  });

  it('never refreshes for a call made without a user token', async () => {
    const { callsTo } = mockFetch({ 'POST /api/login': () => json(401, { detail: 'Nope' }) });
    await expect(api.post('/login', {})).rejects.toMatchObject({ status: 401, detail: 'Nope' });
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
  });
});

describe("api client: the refresh the page's session-boot script sent", () => {
  afterEach(() => {
    window.__portalEarlyRefresh = null;
  });

  const refreshed = (token: string) => json(200, { access_token: token, token_type: 'bearer', user: {} });

  it('has the app marked as started once its code has run, so a boot script running later sends nothing', () => {
    // Set when api-client.ts was evaluated; a page the boot script has not reached yet.
    expect(window.__portalEarlyRefresh).toBeNull();
  });

  it('is claimed once: its answer is read instead of a request, and the next refresh goes out as usual', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': () => refreshed('later'),
      'GET /api/portal/me': () => json(200, {}),
    });
    window.__portalEarlyRefresh = { url: '/api/refresh', response: Promise.resolve(refreshed('early')) };

    await expect(refreshSession(claimEarlyRefresh()?.response)).resolves.toMatchObject({
      access_token: 'early',
    });
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    await api.get('/portal/me');
    expect(authHeader(callsTo('GET /api/portal/me')[0]!)).toBe('Bearer early');

    expect(claimEarlyRefresh()).toBeNull();
    await expect(refreshSession()).resolves.toMatchObject({ access_token: 'later' });
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
  });

  it('is not claimed when it went to another API than this build talks to', () => {
    window.__portalEarlyRefresh = {
      url: 'https://elsewhere.example/api/refresh',
      response: Promise.resolve(refreshed('foreign')),
    };
    expect(claimEarlyRefresh()).toBeNull();
    expect(window.__portalEarlyRefresh).toBeNull();
  });

  it('reads an early refresh that never reached the server as a connection problem', async () => {
    mockFetch({});
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => {});
    window.__portalEarlyRefresh = { url: '/api/refresh', response: failed };

    await expect(refreshSession(claimEarlyRefresh()?.response)).rejects.toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('reads an early refresh the server refused as no session', async () => {
    mockFetch({});
    window.__portalEarlyRefresh = {
      url: '/api/refresh',
      response: Promise.resolve(json(401, { detail: 'Not authenticated' })),
    };

    await expect(refreshSession(claimEarlyRefresh()?.response)).rejects.toMatchObject({ status: 401 });
    expect(getAuthSnapshot().signedIn).toBe(false);
  });
});

describe('api client: recipient sessions', () => {
  it('sends X-Recipient-Session and no bearer header, and keeps the session in localStorage', async () => {
    const { calls } = mockFetch({ 'GET /api/portal/leads': () => json(200, { items: [] }) });
    startRecipientSession(recipientSession);

    await api.get('/portal/leads');
    expect(calls[0]!.headers.get('X-Recipient-Session')).toBe('recipient-session-token');
    expect(authHeader(calls[0]!)).toBeNull();
    expect(JSON.parse(localStorage.getItem(RECIPIENT_SESSION_KEY)!)).toEqual(recipientSession);
  });

  it('reads a stored recipient session after a reload', async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    const { calls } = mockFetch({ 'GET /api/portal/leads': () => json(200, { items: [] }) });

    expect(getAuthSnapshot().recipient?.agent_name).toBe('Alex Agent');
    await api.get('/portal/leads');
    expect(calls[0]!.headers.get('X-Recipient-Session')).toBe('recipient-session-token');
  });

  it('clears the recipient session on a 401 and never refreshes', async () => {
    const { callsTo } = mockFetch({
      'GET /api/portal/leads': () => json(401, { detail: 'Session expired' }),
    });
    const lost = vi.fn();
    onAuthLost(lost);
    startRecipientSession(recipientSession);

    await expect(api.get('/portal/leads')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
    expect(localStorage.getItem(RECIPIENT_SESSION_KEY)).toBeNull();
    expect(getAuthSnapshot().recipient).toBeNull();
    expect(lost).toHaveBeenCalledWith('recipient_session_expired');
  });
});

describe('api client: errors', () => {
  it("throws ApiError with the server's detail", async () => {
    mockFetch({ 'POST /api/portal/signup': () => json(400, { detail: 'This access code has expired.' }) });
    await expect(api.post('/portal/signup', {})).rejects.toMatchObject({
      status: 400,
      detail: 'This access code has expired.',
    });
  });

  it('says when to try again after a 429', async () => {
    mockFetch({
      'POST /api/login': () => json(429, { detail: 'Too many attempts.' }, { 'Retry-After': '30' }),
    });
    const error = await api.post('/login', {}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(errorMessage(error)).toBe('Too many attempts. You can try again in 30 seconds.');
  });

  it('turns a network failure into an ApiError a person can read', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/portal/me')).rejects.toMatchObject({
      status: 0,
      detail: 'Could not reach the server. Check your connection and try again.',
    });
  });
});

describe('api client: the stored recipient session check', () => {
  // The schema it stands in for, kept off the first load.
  const RecipientSessionSchema = z.object({
    session_token: z.string().min(1),
    recipient_context: RecipientContextSchema,
  });
  const context = recipientSession.recipient_context;
  const cases: unknown[] = [
    recipientSession,
    { ...recipientSession, extra: 'dropped' },
    { ...recipientSession, recipient_context: { ...context, extra: 'dropped' } },
    { ...recipientSession, session_token: '' },
    { ...recipientSession, session_token: 42 },
    { session_token: 'token' },
    { ...recipientSession, recipient_context: { ...context, agent_name: null } },
    { ...recipientSession, recipient_context: { ...context, email: undefined } },
    { ...recipientSession, recipient_context: 'context' },
    null,
    'session',
    [],
  ];

  it.each(cases)('agrees with the shared RecipientContextSchema (%#)', (value) => {
    const parsed = RecipientSessionSchema.safeParse(value);
    expect(parseRecipientSession(value)).toEqual(parsed.success ? parsed.data : null);
  });
});
