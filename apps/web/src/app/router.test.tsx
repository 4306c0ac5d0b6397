import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { LANDING_SHELL_ATTRIBUTE, LANDING_SHELL_ID, LANDING_SHELL_KEY } from '@/lib/landing-shell';
import { buildMe, recipientSession } from '@/test/factories';
import { anonymousRefresh, type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

const signedInAs = (me: ReturnType<typeof buildMe>, extra: Record<string, Handler> = {}) =>
  mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
    ...extra,
  });

describe('routes', () => {
  it('renders "Page Not Found: /no/such/path" for an unknown path', async () => {
    mockFetch({ 'POST /api/refresh': anonymousRefresh });
    renderPortal('/no/such/path');

    expect(await screen.findByRole('heading', { level: 1, name: /Page Not Found/ })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /no/such/path')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('does not render the error page for a crawler (SPEC.md section 8)', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    try {
      mockFetch({ 'POST /api/refresh': anonymousRefresh });
      const { router } = renderPortal('/login');
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      await router.navigate('/no/such/path');
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sign in' })).not.toBeInTheDocument());
      expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Back to home' })).not.toBeInTheDocument();
    } finally {
      agent.mockRestore();
    }
  });

  it('opens a deep link without React Router\'s "No HydrateFallback element" warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      signedInAs(buildMe());
      renderPortal('/onboarding/start/introduction');
      expect(await screen.findByRole('heading', { level: 1, name: 'Introduction' })).toBeInTheDocument();
      const said = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]));
      expect(said.filter((line) => line.includes('HydrateFallback'))).toEqual([]);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  it('serves the recovery page in Spanish under /es and as Page Not Found for other languages', async () => {
    mockFetch({ 'POST /api/refresh': anonymousRefresh });
    const { router } = renderPortal('/es/recovery');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Restablecer la contraseña' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();

    await router.navigate('/fr/recovery');
    expect(await screen.findByText('Page Not Found: /fr/recovery')).toBeInTheDocument();
  });
});

/** A session restored as `me` only once the returned function is called. */
function signedInOnceReleased(me: ReturnType<typeof buildMe>): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  mockFetch({
    'POST /api/refresh': async (...args) => {
      await released;
      return signedInRefresh()(...args);
    },
    'GET /api/portal/me': () => json(200, me),
  });
  return release;
}

describe('prerendered public pages (ADR 49)', () => {
  it('shows /login at once, with no start-up overlay, while the session is restored, then sends the user on', async () => {
    document.cookie = 'has_session=1; path=/';
    const restore = signedInOnceReleased(buildMe());
    const { location } = renderPortal('/login');

    // The page the build prerendered: the same form, before the session is known.
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Checking authentication...')).toBeNull();
    restore();
    await waitFor(() => expect(location()).toBe('/onboarding'));
  });

  it("keeps /leads' HTML frame, with no overlay, until the session is known, then the page the rules choose", async () => {
    document.cookie = 'has_session=1; path=/';
    document.documentElement.setAttribute(LANDING_SHELL_ATTRIBUTE, 'leads');
    const frame = document.createElement('div');
    frame.id = LANDING_SHELL_ID;
    document.body.append(frame);
    // The agent owes a rating: the page is /rating, not the leads the frame stood for.
    const restore = signedInOnceReleased(buildMe({ rating_required: true }));
    try {
      const { location } = renderPortal('/leads');
      expect(await screen.findByText('Checking authentication...')).toBeInTheDocument();
      expect(document.querySelector('[data-slot="loading-overlay"]')).toBeNull();
      expect(frame.isConnected).toBe(true);

      restore();
      await waitFor(() => expect(location()).toBe('/rating'));
      expect(frame.isConnected).toBe(false);
      expect(document.documentElement.hasAttribute(LANDING_SHELL_ATTRIBUTE)).toBe(false);
    } finally {
      frame.remove();
      document.documentElement.removeAttribute(LANDING_SHELL_ATTRIBUTE);
    }
  });

  it.each([
    ['an agent', buildMe(), 'leads'],
    [
      'an agent who manages a group',
      buildMe({
        agent_profile: { group_memberships: [{ group_id: 'g-1', group_name: 'West', is_manager: true }] },
      }),
      'leads-manager',
    ],
    ['a corporate user', buildMe({ user_role: 'corporate', agent_profile: null }), null],
  ])('remembers the frame the next load of /leads shows for %s', async (_who, me, shell) => {
    localStorage.setItem(LANDING_SHELL_KEY, 'leads');
    signedInAs(me);
    renderPortal('/leads');
    await waitFor(() => expect(localStorage.getItem(LANDING_SHELL_KEY)).toBe(shell));
    localStorage.removeItem(LANDING_SHELL_KEY);
  });

  it('keeps the start-up overlay on a page that is not prerendered', async () => {
    document.cookie = 'has_session=1; path=/';
    mockFetch({ 'POST /api/refresh': () => new Promise<Response>(() => {}) });
    renderPortal('/recovery');
    expect(await screen.findAllByText('Checking authentication...')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1, name: 'Reset your password' })).toBeNull();
  });
});

describe('route guard', () => {
  it('sends an anonymous visitor from /leads to /login', async () => {
    mockFetch({ 'POST /api/refresh': anonymousRefresh });
    const { location } = renderPortal('/leads');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('sends an agent at signup status mailingAddress from /onboarding to /signup/mailingAddress', async () => {
    const { callsTo } = signedInAs(buildMe({ agent_profile: { signup_status: 'mailingAddress' } }));
    const { location } = renderPortal('/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mailing address' })).toBeInTheDocument();
    expect(location()).toBe('/signup/mailingAddress');
    // Start-up: one refresh, then the user once, with the new access token.
    expect(callsTo('POST /api/refresh')).toHaveLength(1);
    expect(callsTo('GET /api/portal/me')).toHaveLength(1);
    expect(callsTo('GET /api/portal/me')[0]!.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('sends an agent who owes a rating to /rating', async () => {
    signedInAs(buildMe({ rating_required: true }));
    const { location } = renderPortal('/leads');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rate your leads' })).toBeInTheDocument();
    expect(location()).toBe('/rating');
  });

  it('sends a signed-in agent from / to /onboarding, or to /leads when onboarding is hidden', async () => {
    signedInAs(buildMe({ agent_profile: { can_see_portal_onboarding: false } }));
    const { location } = renderPortal('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(location()).toBe('/leads');
  });

  it.each([
    ['/onboarding/start', '/onboarding/start/introduction'],
    ['/onboarding/media', '/onboarding/media/headshots'],
    ['/onboarding/leadRouting', '/onboarding/leadRouting/lead_routing'],
    ['/onboarding/Licences', '/onboarding/Licences/licenses_details'],
    ['/onboarding/video', '/onboarding/video/script_instructions'],
    ['/onboarding/agreements', '/onboarding/agreements/service_agreement'],
  ])("opens %s at the section's first step, %s", async (from, to) => {
    signedInAs(buildMe());
    const { location } = renderPortal(from);
    await waitFor(() => expect(location()).toBe(to));
    expect(screen.queryByText(/Page Not Found/)).not.toBeInTheDocument();
  });

  it('lands an active agent on /leads, where the work is, not on onboarding', async () => {
    signedInAs(buildMe({ agent_profile: { agent_status: 'active' } }));
    const { location } = renderPortal('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(location()).toBe('/leads');
  });

  it('takes the visitor back where they were going once signed in', async () => {
    mockFetch({
      'POST /api/refresh': anonymousRefresh,
      'POST /api/login': () => json(200, { access_token: 'access-1', token_type: 'bearer', user: {} }),
      'GET /api/portal/me': () => json(200, buildMe()),
    });
    const { user, location } = renderPortal('/profile/broker');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Broker of record' })).toBeInTheDocument();
    expect(location()).toBe('/profile/broker');
  });
});

describe('an office (corporate user) and the agent-only pages', () => {
  const office = buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null });
  const officeServer = () =>
    signedInAs(office, {
      'GET /api/portal/linked-agents': () => json(200, []),
      'GET /api/portal/corporate-accessible-groups': () => json(200, []),
      'GET /api/portal/corporate-stats': () => json(200, { weeks: [], groups: [] }),
    });

  it.each([
    '/rating',
    '/zip',
    '/profile',
    '/profile/team',
    '/profile/broker',
    '/profile/licenses',
    '/profile-old',
    '/routing',
    '/routing/crm',
    '/routing/team-members',
    '/resources/faq',
    '/onboarding',
    '/onboarding/start/introduction',
    '/signup/sms',
  ])('sends the office from %s to its dashboard on /leads', async (path) => {
    officeServer();
    const { location } = renderPortal(path);
    expect(
      await screen.findByRole('heading', { name: 'Summit Realty dashboard' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/leads');
    expect(screen.queryByText(/contact your office|Agent profile not available/i)).not.toBeInTheDocument();
  });

  it('never offers the office an agent-only page in the navigation', async () => {
    officeServer();
    renderPortal('/leads');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/leads']);
    for (const agentOnly of ['/rating', '/zip', '/profile', '/routing', '/onboarding', '/resources/faq']) {
      expect(hrefs).not.toContain(agentOnly);
    }
  });
});

describe('dashboard layout', () => {
  it('shows only the parts of the portal the agent may see', async () => {
    signedInAs(
      buildMe({
        agent_profile: {
          can_see_portal_recipients: false,
          corporate_affiliation: {
            id: 'corp-1',
            email: '',
            name: 'Corp',
            is_active: true,
            is_verified: true,
            user_role: 'corporate',
            preferences: { can_see_portal_zips: false },
          },
        },
      }),
    );
    renderPortal('/leads');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Leads', 'Onboarding', 'Profile', 'Billing', 'FAQ']);
  });

  it('lands a superuser on the console, with the console and the dev mailbox as its navigation', async () => {
    signedInAs(buildMe({ is_superuser: true, user_role: 'superuser', agent_profile: null }), {
      'GET /api/admin/overview': () =>
        json(200, {
          agents: { onboarding: 2, active: 5, inactive: 0, suspended: 0, terminated: 0 },
          unassigned_leads: 3,
          leads_today: 4,
          messages_failed: 1,
          messages_queued: 0,
          access_codes_active: 2,
        }),
    });
    const { location } = renderPortal('/');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(location()).toBe('/admin'));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Console', 'Dev mailbox']);
    expect(within(nav).getByRole('link', { name: 'Dev mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('keeps everyone else out of the console', async () => {
    signedInAs(buildMe());
    const { location } = renderPortal('/admin/agents');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(location()).not.toMatch(/^\/admin/));
  });

  it('opens and closes the mobile menu by keyboard', async () => {
    signedInAs(buildMe());
    const { user } = renderPortal('/leads');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
  });

  it('logs out through POST /logout and lands on /login', async () => {
    const { callsTo } = signedInAs(buildMe(), {
      'POST /api/logout': () => new Response(null, { status: 204 }),
    });
    const { user, location } = renderPortal('/leads');

    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(callsTo('POST /api/logout')).toHaveLength(1);
  });

  it('returns to /login when the server ends the session', async () => {
    let refreshes = 0;
    document.cookie = 'has_session=1; path=/';
    mockFetch({
      'POST /api/refresh': () =>
        refreshes++ === 0 ? json(200, { access_token: 'a1', token_type: 'bearer', user: {} }) : json(401, {}),
      'GET /api/portal/me': () => json(200, buildMe({ is_superuser: true })),
      'GET /api/dev/mailbox': () => json(401, { detail: 'Not authenticated' }),
    });
    const { location } = renderPortal('/dev/mailbox');

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(location()).toBe('/login');
  });
});

const recipientPortal: Record<string, Handler> = {
  'GET /api/recipient/me': () => json(200, { recipient_context: recipientSession.recipient_context }),
  'GET /api/recipient/leads': () =>
    json(200, { items: [], total: 0, counts: { active: 0, archived: 0, closed: 0 } }),
};

describe('recipient sessions', () => {
  it('see only their leads and can sign out', async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    const { callsTo } = mockFetch(recipientPortal);
    const { user, location } = renderPortal('/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Leads routed to you' })).toBeInTheDocument();
    expect(location()).toBe('/leads');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Leads']);
    // A recipient session never refreshes.
    expect(callsTo('POST /api/refresh')).toHaveLength(0);

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/login'));
    expect(localStorage.getItem(RECIPIENT_SESSION_KEY)).toBeNull();
  });

  it('go to /login with "Recipient session expired" when the server refuses their session', async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    mockFetch({
      'GET /api/recipient/me': () => json(401, { detail: 'Not authenticated' }),
      'GET /api/recipient/leads': () => json(401, { detail: 'Not authenticated' }),
    });
    const { location } = renderPortal('/leads');

    expect(await screen.findByText('Recipient session expired')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(localStorage.getItem(RECIPIENT_SESSION_KEY)).toBeNull();
  });
});
