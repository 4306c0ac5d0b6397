import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { buildMe, buildUser, recipientSession } from '@/test/factories';
import { anonymousRefresh, type Handler, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { checkMagicToken } from '../api/validate-magic-token';
import { MagicLoginPage } from './magic-login-page';

const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const makeToken = (payload: unknown) =>
  [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(payload)),
    'signature',
  ].join('.');

describe('checkMagicToken', () => {
  it('needs three dot-separated parts with a JSON payload', () => {
    expect(checkMagicToken('abc')).toEqual({ ok: false, message: 'Invalid token format' });
    expect(checkMagicToken('a.b')).toEqual({ ok: false, message: 'Invalid token format' });
    expect(checkMagicToken('a..c')).toEqual({ ok: false, message: 'Invalid token format' });
    expect(checkMagicToken(`a.${base64Url('not json')}.c`)).toEqual({
      ok: false,
      message: 'Invalid token format',
    });
    expect(checkMagicToken(`a.${base64Url('[1]')}.c`)).toEqual({
      ok: false,
      message: 'Invalid token format',
    });
  });

  it('accepts only default_login and recipient_login tokens', () => {
    expect(checkMagicToken(makeToken({ type: 'default_login' }))).toEqual({
      ok: true,
      type: 'default_login',
    });
    expect(checkMagicToken(makeToken({ type: 'recipient_login', name: 'José' }))).toEqual({
      ok: true,
      type: 'recipient_login',
    });
    expect(checkMagicToken(makeToken({ type: 'password_reset' }))).toEqual({
      ok: false,
      message: 'Unsupported token type',
    });
    expect(checkMagicToken(makeToken({ sub: 'user-1' }))).toEqual({
      ok: false,
      message: 'Unsupported token type',
    });
  });
});

function renderMagic(token: string, validate: Handler, extra: Record<string, Handler> = {}) {
  const fetch = mockFetch({
    'POST /api/refresh': anonymousRefresh,
    'POST /api/auth/validate-magic-token': validate,
    ...extra,
  });
  return { ...fetch, ...renderPortal(`/login/magic/${token}`) };
}

describe('magic-link login page', () => {
  it('refuses a malformed token without asking the server', async () => {
    const { callsTo } = renderMagic('not-a-token', () => json(500, {}));

    expect(await screen.findByText('Invalid token format')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
    expect(callsTo('POST /api/auth/validate-magic-token')).toHaveLength(0);
  });

  it('refuses a token of another type', async () => {
    const { callsTo } = renderMagic(makeToken({ type: 'verify_email' }), () => json(500, {}));

    expect(await screen.findByText('Unsupported token type')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/validate-magic-token')).toHaveLength(0);
  });

  it('starts a recipient session and opens their leads', async () => {
    const token = makeToken({ type: 'recipient_login' });
    const { callsTo, location } = renderMagic(
      token,
      () => json(200, { is_recipient_session: true, ...recipientSession }),
      {
        'GET /api/recipient/me': () => json(200, { recipient_context: recipientSession.recipient_context }),
        'GET /api/recipient/leads': () =>
          json(200, { items: [], total: 0, counts: { active: 0, archived: 0, closed: 0 } }),
      },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Leads routed to you' })).toBeInTheDocument();
    expect(location()).toBe('/leads');
    expect(JSON.parse(callsTo('POST /api/auth/validate-magic-token')[0]!.body!)).toEqual({
      token,
      expected_type: 'recipient_login',
    });
    expect(JSON.parse(localStorage.getItem(RECIPIENT_SESSION_KEY)!)).toEqual(recipientSession);
  });

  it('signs a user in with expected_type user_login', async () => {
    const token = makeToken({ type: 'default_login' });
    const { callsTo, location } = renderMagic(
      token,
      () => json(200, { access_token: 'access-9', token_type: 'bearer', user: buildUser() }),
      { 'GET /api/portal/me': () => json(200, buildMe()) },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding' })).toBeInTheDocument();
    expect(location()).toBe('/onboarding');
    expect(JSON.parse(callsTo('POST /api/auth/validate-magic-token')[0]!.body!).expected_type).toBe(
      'user_login',
    );
    expect(callsTo('GET /api/portal/me')[0]!.headers.get('Authorization')).toBe('Bearer access-9');
  });

  it('says "Invalid response from server" for any other answer', async () => {
    renderMagic(makeToken({ type: 'default_login' }), () => json(200, { ok: true }));
    expect(await screen.findByText('Invalid response from server')).toBeInTheDocument();
  });

  it("shows the server's detail when the link is refused", async () => {
    renderMagic(makeToken({ type: 'default_login' }), () =>
      json(400, { detail: 'This link is invalid or has expired. Request a new one.' }),
    );
    expect(
      await screen.findByText('This link is invalid or has expired. Request a new one.'),
    ).toBeInTheDocument();
  });

  it('sends the single-use token once, also under StrictMode', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/auth/validate-magic-token': () => json(400, { detail: 'Used already' }),
    });
    renderApp(<MagicLoginPage />, {
      url: `/login/magic/${makeToken({ type: 'default_login' })}`,
      path: '/login/magic/:token',
      strict: true,
    });

    expect(await screen.findByText('Used already')).toBeInTheDocument();
    expect(callsTo('POST /api/auth/validate-magic-token')).toHaveLength(1);
    // A visitor without the session hint cookie has no session to restore: no refresh at all.
    expect(callsTo('POST /api/refresh')).toHaveLength(0);
  });
});
