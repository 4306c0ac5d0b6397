import { NO_FLOORS } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LeadsRoute } from '@/app/routes/leads-route';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead, buildPipeline, buildPipelineAgent } from '../test/corporate-server';

const PAGE_LOAD = { timeout: 5000 };
const WEST = '00000000-0000-4000-8000-0000000000a1';
const EAST = '00000000-0000-4000-8000-0000000000b2';

const manager = buildMe({
  agent_profile: {
    signup_status: 'complete',
    agent_status: 'active',
    group_memberships: [
      { group_id: WEST, group_name: 'West', is_manager: true },
      { group_id: EAST, group_name: 'East', is_manager: true },
    ],
  },
});

const list = (items: ReturnType<typeof buildLead>[]) =>
  json(200, { items, total: items.length, counts: { active: items.length, archived: 0, closed: 0 } });

describe("a group manager's My groups", { timeout: 20_000 }, () => {
  it('merges every member’s first page newest first, skips non-agents and shows a failed member as empty', async () => {
    const older = buildLead({ first_name: 'Olive', last_name: 'Older' });
    const newest = buildLead({ first_name: 'Nora', last_name: 'Newest' });
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, manager),
      'GET /api/portal/managed-groups/:groupId/scorecards': () =>
        json(200, { floors: NO_FLOORS, items: [], total: 0 }),
      'GET /api/portal/managed-groups/:groupId/members': (request) =>
        json(
          200,
          request.path.includes(WEST)
            ? [
                { id: 'm-bob', name: 'Bob Baker', is_agent: true, agent_uri: 'bob' },
                { id: 'm-ted', name: 'Ted Assistant', is_agent: false, agent_uri: null },
              ]
            : [
                { id: 'm-cat', name: 'Cat Cole', is_agent: true, agent_uri: 'cat' },
                { id: 'm-dee', name: 'Dee Down', is_agent: true, agent_uri: 'dee' },
              ],
        ),
      'GET /api/portal/me/leads': () => list([]),
      'GET /api/portal/managed-groups/:groupId/pipeline': () =>
        json(200, buildPipeline([], { from: '2026-10-27', to: '2026-11-25' })),
      'GET /api/portal/me/lead-stats': () =>
        json(200, {
          this_week: 0,
          this_month: 0,
          answer_rate: { total_leads: 0, missed_calls: 0, answered_calls: 0 },
          per_week: [],
          new_today: 0,
          overdue: 0,
          closings_this_month: 0,
          speed_to_contact_seconds_month: null,
        }),
      'GET /api/portal/managed-groups/:groupId/members/:memberId/leads': (request) => {
        if (request.path.includes('m-bob')) return list([older]);
        if (request.path.includes('m-cat')) return list([newest]);
        if (request.path.includes('m-ted')) return json(400, { detail: 'This member is not an agent' });
        return json(500, { detail: 'Internal Server Error' });
      },
    });
    const { user } = renderApp(<LeadsRoute />, { url: '/leads?view=groups' });
    expect(
      await screen.findByRole('heading', { name: 'My groups', level: 1 }, PAGE_LOAD),
    ).toBeInTheDocument();
    const leads = await screen.findByRole('list', { name: "Members' leads, newest first" });
    const rows = within(leads).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Nora Newest'),
      expect.stringContaining('Olive Older'),
    ]);
    expect(rows[0]).toHaveTextContent('Cat Cole');
    expect(screen.getByText(/Some leads could not be loaded just now \(1 list\)/)).toBeInTheDocument();
    const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    // Not an agent (400): left out. A failed list: shown empty, with a word on why.
    expect(members.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Bob Baker'),
      expect.stringContaining('Cat Cole'),
      expect.stringContaining('Dee Down'),
    ]);
    expect(members[2]).toHaveTextContent('Leads could not be loaded');
    expect(members[0]).toHaveTextContent('1 active, 1 in all');
    // A manager sees no money: no referral fees, none asked for.
    expect(screen.queryByRole('heading', { name: 'Referral fees' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/corporate-billing')).toEqual([]);
    for (const call of callsTo('GET /api/portal/managed-groups/:groupId/members/:memberId/leads')) {
      const query = new URL(call.path, 'http://t').searchParams;
      expect([query.get('skip'), query.get('limit')]).toEqual(['0', '100']);
    }

    await user.selectOptions(screen.getByLabelText('Member'), 'm-bob');
    await waitFor(() => expect(within(leads).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(leads).getByRole('button', { name: /Olive Older/ }));
    expect(await screen.findByRole('dialog', { name: 'Olive Older' })).toHaveTextContent('Bob Baker · West');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('link', { name: 'My leads' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'My leads' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(await screen.findByRole('heading', { name: 'Leads', level: 1 }, PAGE_LOAD)).toBeInTheDocument();
  });

  it("shows the managed group's pipeline, follows the member and group chosen, and exports with them", async () => {
    const bob = { id: 'm-bob', name: 'Bob Baker', agent_uri: 'bob' };
    const cat = { id: 'm-cat', name: 'Cat Cole', agent_uri: 'cat' };
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, manager),
      'GET /api/portal/managed-groups/:groupId/scorecards': () =>
        json(200, { floors: NO_FLOORS, items: [], total: 0 }),
      'GET /api/portal/managed-groups/:groupId/members': (request) =>
        json(200, [{ ...(request.path.includes(WEST) ? bob : cat), is_agent: true }]),
      'GET /api/portal/managed-groups/:groupId/members/:memberId/leads': () => list([]),
      'GET /api/portal/managed-groups/:groupId/pipeline': (request) => {
        const member = new URL(request.path, 'http://t').searchParams.get('member_id');
        const agents = (request.path.includes(WEST) ? [bob] : [cat]).filter(
          (m) => !member || m.id === member,
        );
        return json(
          200,
          buildPipeline(
            agents.map((agent) => buildPipelineAgent(agent, { received: { current: 4, previous: 2 } })),
            { from: '2026-10-27', to: '2026-11-25' },
          ),
        );
      },
      'GET /api/portal/managed-groups/:groupId/pipeline/:file': () =>
        new Response('"Agent"\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderApp(<LeadsRoute />, { url: '/leads?view=groups' });
    const west = await screen.findByRole('table', { name: /^Pipeline of West,/ }, PAGE_LOAD);
    expect(within(west).getByRole('row', { name: /^Bob Baker/ })).toHaveTextContent('4 vs 2');
    expect(callsTo('GET /api/portal/managed-groups/:groupId/pipeline')[0]!.path).toBe(
      `/api/portal/managed-groups/${WEST}/pipeline`,
    );

    // The member filter of the page narrows the pipeline to that member, in its group.
    await user.selectOptions(screen.getByLabelText('Member'), 'm-cat');
    const east = await screen.findByRole('table', { name: /^Pipeline of East · Cat Cole,/ });
    expect(within(east).getByRole('row', { name: /^Cat Cole/ })).toBeInTheDocument();
    expect(callsTo('GET /api/portal/managed-groups/:groupId/pipeline').at(-1)!.path).toBe(
      `/api/portal/managed-groups/${EAST}/pipeline?member_id=m-cat`,
    );
    expect(screen.getByLabelText('Group')).toHaveValue(EAST);

    await user.click(screen.getByRole('button', { name: 'Export leads (CSV)' }));
    await waitFor(() =>
      expect(callsTo('GET /api/portal/managed-groups/:groupId/pipeline/:file').at(-1)!.path).toBe(
        `/api/portal/managed-groups/${EAST}/pipeline/leads.csv?member_id=m-cat&from=2026-10-27&to=2026-11-25`,
      ),
    );

    // Another group: the member of East is no longer chosen.
    await user.selectOptions(screen.getByLabelText('Group'), WEST);
    expect(await screen.findByRole('table', { name: /^Pipeline of West,/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Member')).toHaveValue('');
  });
});
