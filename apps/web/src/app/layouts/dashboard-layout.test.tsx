import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { buildMe, recipientSession } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderPortal } from '@/test/render-portal';

const FAQ = 'Frequently asked questions';

function signedIn(me = buildMe()) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, me),
    'GET /api/contact': () => json(200, { email: 'office@example.com' }),
  });
}

/** jsdom lays nothing out: the sidebar and the phone bar are both in the document. */
describe('the signed-in shell', () => {
  it('lists the main navigation in the sidebar, each item with an icon, the page shown marked current', async () => {
    signedIn();
    renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Leads',
      'Onboarding',
      'Profile',
      'Routing',
      'ZIP codes',
      'Billing',
      'FAQ',
    ]);
    for (const link of links) {
      const icon = link.querySelector('svg');
      expect(icon, link.textContent ?? '').not.toBeNull();
      expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Leads' })).not.toHaveAttribute('aria-current');
    // The account menu sits in the sidebar, beside the navigation, outside the page.
    const account = screen.getByRole('button', { name: 'Account menu for Alex Agent' });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: /Account menu/ })).toBe(account);
    expect(within(screen.getByRole('main')).queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('opens the phone drawer from "Menu" with the same items and icons; Escape closes it and returns focus', async () => {
    signedIn();
    const { user } = renderPortal('/resources/faq');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Agent Referral Portal' });
    expect(button).toHaveAttribute('aria-controls', drawer.id);
    const menu = within(drawer).getByRole('navigation', { name: 'Main menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Leads',
      'Onboarding',
      'Profile',
      'Routing',
      'ZIP codes',
      'Billing',
      'FAQ',
    ]);
    expect(links.every((link) => link.querySelector('svg[aria-hidden="true"]'))).toBe(true);
    expect(within(menu).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(within(drawer).getByRole('link', { name: 'Change password' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes the drawer when a page is chosen in it', async () => {
    signedIn();
    const { user, location } = renderPortal('/resources/faq');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });

    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('wraps the page in the fade, which reduced motion turns off', async () => {
    signedIn();
    renderPortal('/resources/faq');
    const heading = await screen.findByRole('heading', { level: 1, name: FAQ });

    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
    const fade = heading.closest('[data-slot="page-transition"]');
    expect(fade).not.toBeNull();
    expect(main).toContainElement(fade as HTMLElement);
    expect(fade).toHaveClass('starting:opacity-0', 'motion-reduce:transition-none');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it("shows a recipient's name, whose leads they see and Sign out in the sidebar", async () => {
    localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
    mockFetch({
      'GET /api/recipient/me': () => json(200, { recipient_context: recipientSession.recipient_context }),
      'GET /api/recipient/leads': () =>
        json(200, { items: [], total: 0, counts: { active: 0, archived: 0, closed: 0 } }),
    });
    renderPortal('/leads');
    await screen.findByRole('heading', { level: 1, name: 'Leads routed to you' });

    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Riley Recipient')).toBeInTheDocument();
    expect(within(banner).getByText('leads of Alex Agent')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();
  });

  it('tells an inactive agent on every page what still works', async () => {
    signedIn(buildMe({ agent_profile: { agent_status: 'inactive' } }));
    renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });
    const notice = within(screen.getByRole('main')).getByRole('status');
    expect(notice).toHaveTextContent('Your agent account is inactive.');
    expect(notice).toHaveTextContent('Contact your office to become active again.');
  });

  it('shows no status notice to an active agent', async () => {
    signedIn(buildMe({ agent_profile: { agent_status: 'active' } }));
    renderPortal('/resources/faq');
    await screen.findByRole('heading', { level: 1, name: FAQ });
    expect(screen.queryByText(/Your agent account is inactive/)).not.toBeInTheDocument();
  });
});
