import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { superuserServer } from '../test/console-data';
import { AdminOverviewPage } from './overview-page';

const PAGE_LOAD = { timeout: 5000 };

describe('the console overview', { timeout: 20_000 }, () => {
  it('shows the figures as ways into the filtered lists', async () => {
    superuserServer({
      'GET /api/admin/leads': () => json(200, { items: [], total: 0 }),
      'GET /api/admin/overview': () =>
        json(200, {
          agents: { onboarding: 4, active: 12, inactive: 1, suspended: 0, terminated: 2 },
          unassigned_leads: 3,
          leads_today: 9,
          messages_failed: 1,
          messages_queued: 0,
          access_codes_active: 5,
        }),
    });
    const { user, router } = renderPortal('/admin');
    const unassigned = await screen.findByRole('link', { name: /Unassigned leads\s*3/ }, PAGE_LOAD);
    expect(unassigned).toHaveAttribute('href', '/admin/leads?unassigned=true');
    expect(screen.getByRole('link', { name: /Failed messages\s*1/ })).toHaveAttribute(
      'href',
      '/admin/messages?status=failed',
    );
    const byStatus = screen.getByRole('region', { name: 'Agents by status' });
    expect(within(byStatus).getByRole('link', { name: /Active\s*12/ })).toHaveAttribute(
      'href',
      '/admin/agents?status=active',
    );
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Agents',
      'Scorecards',
      'Leads',
      'Billing',
      'Messages',
      'Access codes',
      'Corporate',
      'API keys',
      'Audit log',
      'Settings',
    ]);
    await user.click(unassigned);
    expect(await screen.findByRole('table', { name: 'Unassigned leads' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?unassigned=true');
  });

  it('says what failed and tries again', async () => {
    superuserServer({
      'GET /api/admin/overview': (_request, call) =>
        call === 0
          ? json(503, { detail: 'The database is busy' })
          : json(200, {
              agents: {},
              unassigned_leads: 0,
              leads_today: 0,
              messages_failed: 0,
              messages_queued: 0,
              access_codes_active: 0,
            }),
    });
    const { user } = renderApp(<AdminOverviewPage />, { url: '/admin' });
    expect(await screen.findByText('The database is busy', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Leads today\s*0/ })).toBeInTheDocument();
  });
});
