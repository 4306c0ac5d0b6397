import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe, buildUser } from '@/test/factories';
import { anonymousRefresh, json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { CorporateLoginPage } from './corporate-login-page';

const corporate = buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null });

describe('the corporate sign-in link', { timeout: 20_000 }, () => {
  it('signs the office in once and opens its dashboard on /leads', async () => {
    const { callsTo } = mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/login/corporate/:token': () =>
        json(200, {
          access_token: 'corp-1',
          token_type: 'bearer',
          user: buildUser({ user_role: 'corporate' }),
        }),
      'GET /api/portal/me': () => json(200, corporate),
      'GET /api/portal/linked-agents': () => json(200, []),
      'GET /api/portal/corporate-accessible-groups': () => json(200, []),
      'GET /api/portal/corporate-stats': () => json(200, { weeks: [], groups: [] }),
    });
    const { location } = renderPortal('/login/corporate/a.b.c', { strict: true });
    expect(
      await screen.findByRole('heading', { name: 'Summit Realty dashboard' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/leads');
    expect(callsTo('GET /api/login/corporate/:token')).toHaveLength(1);
  });

  it('explains a spent or expired link and offers the sign-in page', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'GET /api/login/corporate/:token': () =>
        json(400, {
          detail: 'This sign-in link has already been used or has expired. Ask the office for a new one.',
        }),
    });
    renderApp(<CorporateLoginPage />, { url: '/login/corporate/a.b.c', path: '/login/corporate/:token' });
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link did not work' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/already been used or has expired/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
  });
});
