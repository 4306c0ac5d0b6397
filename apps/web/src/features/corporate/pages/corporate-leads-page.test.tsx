import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { buildGroup, buildLinkedAgent, groupLead, weeks } from '../test/corporate-server';
import { CorporateLeadsPage } from './corporate-leads-page';

const PAGE_LOAD = { timeout: 5000 };

const corporateMe = buildMe({ name: 'Summit Realty', user_role: 'corporate', agent_profile: null });

function office() {
  const west = buildGroup({ group_name: 'West', accessible_agent_count: 2, total_agent_count: 3 });
  const east = buildGroup({ group_name: 'East', accessible_agent_count: 1, total_agent_count: 1 });
  const alice = buildLinkedAgent({
    name: 'Alice Avery',
    agent_uri: 'alice-avery',
    groups: [{ group_id: west.group_id, group_name: 'West', is_manager: true }],
    leads_last_30_days: 7,
    answer_rate: { total_leads: 7, missed_calls: 1, answered_calls: 3 },
    total_closings: 1,
    total_gross_commission_earned: 9000,
  });
  const bob = buildLinkedAgent({
    name: 'Bob Baker',
    agent_uri: 'bob-baker',
    groups: [{ group_id: west.group_id, group_name: 'West', is_manager: false }],
    leads_last_30_days: 2,
    total_closings: 4,
    total_gross_commission_earned: 48000,
  });
  const carol = buildLinkedAgent({
    name: 'Carol Chen',
    agent_uri: 'carol-chen',
    agent_status: 'inactive',
    groups: [{ group_id: east.group_id, group_name: 'East', is_manager: false }],
  });
  const leads = [
    groupLead(alice, { first_name: 'Nora', last_name: 'Newest', notes: 'Call after 5 pm' }),
    groupLead(bob, { first_name: 'Olive', last_name: 'Older' }),
  ];
  return { west, east, alice, bob, carol, leads };
}

function corporateServer(
  data = office(),
  overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {},
) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, corporateMe),
    'GET /api/portal/linked-agents': () => json(200, [data.alice, data.bob, data.carol]),
    'GET /api/portal/corporate-accessible-groups': () => json(200, [data.east, data.west]),
    'GET /api/portal/corporate-stats': () =>
      json(200, {
        weeks,
        groups: [
          { group_id: data.east.group_id, group_name: 'East', per_week: weeks.map(() => 0) },
          {
            group_id: data.west.group_id,
            group_name: 'West',
            per_week: weeks.map((_, i) => (i === 11 ? 2 : 1)),
          },
        ],
      }),
    'GET /api/portal/corporate-groups/:id/members': (request) =>
      json(
        200,
        request.path.includes(data.west.group_id)
          ? [
              { id: data.alice.id, name: 'Alice Avery', is_agent: true, agent_uri: 'alice-avery' },
              { id: data.bob.id, name: 'Bob Baker', is_agent: true, agent_uri: 'bob-baker' },
            ]
          : [{ id: data.carol.id, name: 'Carol Chen', is_agent: true, agent_uri: 'carol-chen' }],
      ),
    'GET /api/portal/groups/:id/leads': (request) => {
      const url = new URL(request.path, 'http://test');
      const agent = url.searchParams.get('filter_agent_uri');
      const items = url.pathname.includes(data.west.group_id)
        ? data.leads.filter((lead) => !agent || lead.agent_uri === agent)
        : [];
      return json(200, {
        items,
        total: items.length,
        counts: { active: items.length, archived: 0, closed: 0 },
      });
    },
    ...overrides,
  });
}

const agentRows = () =>
  within(screen.getByRole('table', { name: /Your agents/ }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

describe('the office dashboard of a corporate user', { timeout: 20_000 }, () => {
  it('shows the figures, groups, charts and agents, and only the parts a corporate user has', async () => {
    corporateServer();
    renderPortal('/leads');
    expect(
      await screen.findByRole('heading', { name: 'Summit Realty dashboard' }, PAGE_LOAD),
    ).toBeInTheDocument();
    const figures = await screen.findByRole('region', { name: 'Office figures' });
    await waitFor(() => expect(figures).toHaveTextContent('3 (2 active)'));
    expect(figures).toHaveTextContent('9');
    expect(figures).toHaveTextContent('$57,000');
    const groups = within(screen.getByRole('list', { name: 'Groups' })).getAllByRole('button');
    expect(groups.map((g) => g.textContent)).toEqual([
      expect.stringContaining('East1 agent'),
      expect.stringContaining('West2 agents (and 1 of another office)'),
    ]);
    expect(screen.getByRole('img', { name: /West: 13 leads in 12 weeks/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Closings per agent' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('Bob Baker');
    expect(await screen.findByRole('cell', { name: '75%' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Leads' })).toBeInTheDocument();
    for (const hidden of ['Onboarding', 'Profile', 'Routing', 'ZIP codes']) {
      expect(within(nav).queryByRole('link', { name: hidden })).not.toBeInTheDocument();
    }
  });

  it('sorts and searches the agents table', async () => {
    corporateServer();
    const { user } = renderApp(<CorporateLeadsPage />, { url: '/leads' });
    await screen.findByRole('table', { name: /Your agents/ }, PAGE_LOAD);
    expect(agentRows()[0]).toContain('Alice Avery');
    await user.click(screen.getByRole('button', { name: /^Closings/ }));
    expect(agentRows()[0]).toContain('Bob Baker');
    expect(screen.getByRole('columnheader', { name: /Closings/ })).toHaveAttribute('aria-sort', 'descending');
    await user.type(screen.getByLabelText('Search agents'), 'east');
    await waitFor(() => expect(agentRows()).toHaveLength(1));
    expect(agentRows()[0]).toContain('Carol Chen');
    await user.clear(screen.getByLabelText('Search agents'));
    await user.type(screen.getByLabelText('Search agents'), 'nobody');
    expect(await screen.findByText(/No matching data/)).toBeInTheDocument();
  });

  it("lists the first group's leads, filters them by agent in the address, and opens one read-only", async () => {
    const data = office();
    const { callsTo } = corporateServer(data);
    const { user, router } = renderApp(<CorporateLeadsPage />, { url: '/leads' });
    // East sorts first, so the first group is East: it has no leads yet.
    expect(await screen.findByText('No active leads in East yet', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /West/ }));
    const list = await screen.findByRole('list', { name: 'Leads of West, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Alice Avery');

    await user.selectOptions(screen.getByLabelText('Agent'), 'bob-baker');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: /Leads of West/ })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    expect(
      new URL(callsTo('GET /api/portal/groups/:id/leads').at(-1)!.path, 'http://t').searchParams.get(
        'filter_agent_uri',
      ),
    ).toBe('bob-baker');
    expect(router.state.location.search).toContain('agent=bob-baker');

    await user.click(screen.getByRole('button', { name: /Olive Older/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Olive Older' });
    expect(sheet).toHaveTextContent('Bob Baker · West');
    expect(sheet).toHaveTextContent('You are watching this lead');
    expect(within(sheet).queryByRole('button', { name: /Archive|Close lead/ })).not.toBeInTheDocument();
  });

  it('says what to do when the office has no groups, and shows an error it can retry', async () => {
    const data = office();
    corporateServer(data, {
      'GET /api/portal/corporate-accessible-groups': () => json(200, []),
      'GET /api/portal/linked-agents': (_request, call) =>
        call === 0 ? json(503, { detail: 'The database is busy' }) : json(200, [data.alice]),
    });
    const { user } = renderApp(<CorporateLeadsPage />, { url: '/leads' });
    expect(await screen.findByRole('heading', { name: 'No groups yet' }, PAGE_LOAD)).toBeInTheDocument();
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Your agents/ })).toBeInTheDocument();
  });
});
