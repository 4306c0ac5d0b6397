import { NO_FLOORS, shiftDate } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import {
  buildGroup,
  buildLinkedAgent,
  buildOfficeAgentFees,
  buildOfficeBilling,
  buildPipeline,
  buildPipelineAgent,
  groupLead,
  OFFICE_TODAY,
  weeks,
} from '../test/corporate-server';
import { CorporateLeadsPage } from './corporate-leads-page';

const PAGE_LOAD = { timeout: 5000 };
const TODAY = OFFICE_TODAY;

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
    'GET /api/portal/corporate-scorecards': () => json(200, { floors: NO_FLOORS, items: [], total: 0 }),
    'GET /api/portal/corporate-billing': () =>
      json(
        200,
        buildOfficeBilling({
          agents: [
            buildOfficeAgentFees({ agent_name: 'Alice Avery', closings: 1, fees_cents: 308_642 }),
            buildOfficeAgentFees({ agent_name: 'Bob Baker', closings: 4, fees_cents: 25_000 }),
          ],
        }),
      ),
    'GET /api/portal/corporate-accessible-groups': () => json(200, [data.east, data.west]),
    'GET /api/portal/corporate-pipeline': () =>
      json(200, buildPipeline([], { from: shiftDate(TODAY, -29), to: TODAY })),
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
    // The agents' referral fees, after their scorecards.
    const fees = await screen.findByRole('region', { name: 'Referral fees' });
    expect(
      screen.getByRole('heading', { name: 'Scorecards' }).compareDocumentPosition(fees) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(await within(fees).findByRole('list', { name: 'Referral fee totals' })).toHaveTextContent(
      'Fees invoiced$3,336.42',
    );

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
    expect(
      within(screen.getByRole('table', { name: /Your agents/ })).getByRole('columnheader', {
        name: /Closings/,
      }),
    ).toHaveAttribute('aria-sort', 'descending');
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

describe('the pipeline on the office dashboard', { timeout: 20_000 }, () => {
  const today = TODAY;
  const last30 = { from: shiftDate(today, -29), to: today };

  /** West's pipeline: Alice and Bob, for whatever range is asked (the last 30 days by default). */
  function pipelineServer(data = office(), overrides: Parameters<typeof corporateServer>[1] = {}) {
    const alice = buildPipelineAgent(data.alice, {
      stages: { ...buildPipelineAgent(data.alice).stages, new: 3, pursuing: 2, closed: 1 },
      stale: 2,
      received: { current: 5, previous: 3 },
      speed_to_contact_seconds: { current: 840, previous: 1320 },
      contacted_within_hour_share: { current: 0.6, previous: 1 / 3 },
      closings: { current: 1, previous: 0 },
    });
    const bob = buildPipelineAgent(data.bob, {
      stages: { ...buildPipelineAgent(data.bob).stages, listed: 1 },
      stale: 1,
      received: { current: 1, previous: 0 },
    });
    return corporateServer(data, {
      'GET /api/portal/corporate-pipeline': (request) => {
        const query = new URL(request.path, 'http://t').searchParams;
        const agent = query.get('filter_agent_uri');
        const agents = [alice, bob].filter((a) => !agent || a.agent_uri === agent);
        const range = { from: query.get('from') ?? last30.from, to: query.get('to') ?? last30.to };
        return json(200, buildPipeline(agents, range, { stale: 3, received: { current: 6, previous: 3 } }));
      },
      'GET /api/portal/corporate-pipeline/stale-leads': () =>
        json(200, {
          items: [
            groupLead(data.bob, {
              first_name: 'Stella',
              last_name: 'Stale',
              stage: 'pursuing',
              last_activity_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
            }),
          ],
          total: 1,
        }),
      'GET /api/portal/corporate-pipeline/:file': () =>
        new Response('"Agent"\r\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      ...overrides,
    });
  }

  const queryOf = (call: { path: string } | undefined) =>
    Object.fromEntries(new URL(call!.path, 'http://t').searchParams);

  it("shows each agent's stages, figures beside the previous period's and stale leads; a new range refetches", async () => {
    const data = office();
    const { callsTo } = pipelineServer(data);
    const { user, router } = renderApp(<CorporateLeadsPage />, { url: `/leads?group=${data.west.group_id}` });
    const table = await screen.findByRole('table', { name: /^Pipeline of West,/ }, PAGE_LOAD);
    expect(queryOf(callsTo('GET /api/portal/corporate-pipeline')[0])).toEqual({
      group_id: data.west.group_id,
    });

    const alice = within(table).getByRole('row', { name: /^Alice Avery/ });
    expect(
      within(within(alice).getByRole('list', { name: 'Leads of Alice Avery by stage' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['3 New', '2 Pursuing', '1 Closed']);
    const cells = within(alice)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual([
      '5 vs 3',
      '14 min vs 22 min',
      '60% vs 33%',
      '1 vs 0',
      '2 stale leads of Alice Avery',
    ]);
    expect(within(table).getByRole('row', { name: /^All agents/ })).toHaveTextContent('6 vs 3');
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(queryOf(callsTo('GET /api/portal/corporate-pipeline').at(-1))).toEqual({
        group_id: data.west.group_id,
        from: shiftDate(today, -6),
        to: today,
      }),
    );
    expect(router.state.location.search).toContain(`from=${shiftDate(today, -6)}`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByLabelText('From')).toHaveValue(shiftDate(today, -6));

    // A range typed backwards says what to change and asks for nothing.
    const asked = callsTo('GET /api/portal/corporate-pipeline').length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: shiftDate(today, 3) } });
    expect(await screen.findByText(/The range starts after it ends. Choose a from date/)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('GET /api/portal/corporate-pipeline')).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: shiftDate(today, -13) } });
    await waitFor(() =>
      expect(queryOf(callsTo('GET /api/portal/corporate-pipeline').at(-1)).from).toBe(shiftDate(today, -13)),
    );
  });

  it("exports the agents and the leads with the page's filters, and lists an agent's stale leads", async () => {
    const data = office();
    const { callsTo } = pipelineServer(data);
    // The browser's download: which file names were saved.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const range = { from: shiftDate(today, -13), to: shiftDate(today, -7) };
    const { user } = renderApp(<CorporateLeadsPage />, {
      url: `/leads?group=${data.west.group_id}&agent=bob-baker&from=${range.from}&to=${range.to}`,
    });
    const table = await screen.findByRole('table', { name: /^Pipeline of West · Bob Baker,/ }, PAGE_LOAD);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    const filters = { group_id: data.west.group_id, filter_agent_uri: 'bob-baker', ...range };
    expect(queryOf(callsTo('GET /api/portal/corporate-pipeline')[0])).toEqual(filters);

    await user.click(screen.getByRole('button', { name: 'Export agents (CSV)' }));
    await user.click(screen.getByRole('button', { name: 'Export leads (CSV)' }));
    await waitFor(() => expect(callsTo('GET /api/portal/corporate-pipeline/:file')).toHaveLength(2));
    const [agents, leads] = callsTo('GET /api/portal/corporate-pipeline/:file');
    expect(agents!.path.split('?')[0]).toBe('/api/portal/corporate-pipeline/agents.csv');
    expect(leads!.path.split('?')[0]).toBe('/api/portal/corporate-pipeline/leads.csv');
    expect(queryOf(agents)).toEqual(filters);
    expect(queryOf(leads)).toEqual(filters);
    await waitFor(() =>
      expect(saved).toEqual([
        `pipeline-agents-${range.from}-to-${range.to}.csv`,
        `pipeline-leads-${range.from}-to-${range.to}.csv`,
      ]),
    );

    await user.click(within(table).getByRole('link', { name: '1 stale lead of Bob Baker' }));
    const sheet = await screen.findByRole('dialog', { name: 'Stale leads of Bob Baker' });
    const stale = await within(sheet).findByRole('list', { name: 'Stale leads, longest untouched first' });
    expect(within(stale).getByRole('listitem')).toHaveTextContent(
      /Stella Stale.*Pursuing.*Bob Baker.*Last activity 9 days ago/,
    );
    expect(queryOf(callsTo('GET /api/portal/corporate-pipeline/stale-leads')[0])).toMatchObject({
      group_id: data.west.group_id,
      filter_agent_uri: 'bob-baker',
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Show every agent of West' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: /^Pipeline of West,/ })).getAllByRole('row'),
      ).toHaveLength(4),
    );
  });

  it('says when the pipeline fails, lets it be tried again, and says when a group has no agent', async () => {
    const data = office();
    const { callsTo } = pipelineServer(data, {
      'GET /api/portal/corporate-pipeline': (request, call) =>
        call === 0
          ? json(400, { detail: 'The range is 400 days long: choose at most 366 days' })
          : json(200, buildPipeline([], { from: queryOf(request).from ?? last30.from, to: last30.to })),
    });
    const { user } = renderApp(<CorporateLeadsPage />, {
      url: `/leads?group=${data.east.group_id}&from=${shiftDate(today, -399)}`,
    });
    const section = await screen.findByRole('region', { name: 'Pipeline of East' }, PAGE_LOAD);
    expect(await within(section).findByText('The pipeline could not be loaded')).toBeInTheDocument();
    expect(within(section).getByText(/choose at most 366 days/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Show the last 30 days' }));
    expect(await within(section).findByText('No agent of your office is in East.')).toBeInTheDocument();
    expect(queryOf(callsTo('GET /api/portal/corporate-pipeline').at(-1))).toEqual({
      group_id: data.east.group_id,
    });
  });
});
