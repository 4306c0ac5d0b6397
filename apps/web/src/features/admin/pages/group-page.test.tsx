import type { AdminGroupDetail } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { bodyOf, buildGroupDetail, list, superuserServer, uuid } from '../test/console-data';
import { AdminGroupPage } from './group-page';

const PAGE_LOAD = { timeout: 5000 };

const member = (overrides: Partial<AdminGroupDetail['members'][number]>) => ({
  agent_id: uuid(9000),
  name: 'Alice Avery',
  email: 'alice@example.com',
  agent_status: 'active' as const,
  is_manager: false,
  other_office: false,
  ...overrides,
});

const bob = {
  id: uuid(9100),
  user_id: null,
  name: 'Bob Baker',
  email: 'bob@example.com',
  phone: '',
  brokerage: '',
  agent_uri: 'bob-baker',
  agent_status: 'active' as const,
  signup_status: 'complete' as const,
  zip_count: 0,
  leads_last_30_days: 0,
  corporate_user_name: 'Coastal Homes',
  created_at: '2026-11-01T12:00:00.000Z',
};

function groupServer(group: AdminGroupDetail) {
  let current = group;
  const server = superuserServer({
    'GET /api/admin/groups/:id': () => json(200, current),
    'GET /api/admin/agents': () => json(200, list([bob])),
    'PUT /api/admin/groups/:id/members': (request) => {
      const { agent_id, is_manager } = bodyOf<{ agent_id: string; is_manager: boolean }>(request);
      const existing = current.members.find((m) => m.agent_id === agent_id);
      const members = existing
        ? current.members.map((m) => (m.agent_id === agent_id ? { ...m, is_manager } : m))
        : [
            ...current.members,
            member({ agent_id, name: 'Bob Baker', email: 'bob@example.com', is_manager, other_office: true }),
          ];
      current = { ...current, members, member_count: members.length };
      return json(200, current);
    },
    'DELETE /api/admin/groups/:id/members/:agentId': (request) => {
      const agentId = request.path.split('/').at(-1);
      const members = current.members.filter((m) => m.agent_id !== agentId);
      current = { ...current, members, member_count: members.length };
      return json(200, current);
    },
    'GET /api/admin/groups': () => json(200, list([])),
    'GET /api/admin/corporate-users': () => json(200, list([])),
  });
  return server;
}

describe('a group in the console', { timeout: 20_000 }, () => {
  it('shows the members, and makes one a manager', async () => {
    const group = buildGroupDetail({
      name: 'West',
      corporate_user_name: 'Summit Realty',
      member_count: 1,
      members: [member({})],
    });
    const server = groupServer(group);
    const { user } = renderApp(<AdminGroupPage />, {
      url: `/admin/groups/${group.id}`,
      path: '/admin/groups/:groupId',
    });
    expect(await screen.findByRole('heading', { name: 'West' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All groups' })).toHaveAttribute(
      'href',
      '/admin/corporate?tab=groups',
    );
    const table = screen.getByRole('table', { name: 'Members of West' });
    expect(within(table).getByRole('link', { name: 'Alice Avery' })).toHaveAttribute(
      'href',
      `/admin/agents/${uuid(9000)}`,
    );
    await user.click(within(table).getByRole('button', { name: 'Make manager (Alice Avery)' }));
    expect(await screen.findByText('Alice Avery now manages West')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PUT /api/admin/groups/:id/members')[0]!)).toEqual({
      agent_id: uuid(9000),
      is_manager: true,
    });
    expect(within(table).getByRole('button', { name: 'Remove manager (Alice Avery)' })).toBeInTheDocument();
  });

  it('finds an agent and adds them as a manager; they show as of another office', async () => {
    const group = buildGroupDetail({ name: 'West', members: [] });
    const server = groupServer(group);
    const { user } = renderApp(<AdminGroupPage />, {
      url: `/admin/groups/${group.id}`,
      path: '/admin/groups/:groupId',
    });
    expect(await screen.findByText(/No agents in this group yet/, {}, PAGE_LOAD)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find an agent'), 'bob');
    await user.click(screen.getByLabelText('Add as manager'));
    const found = await screen.findByRole('list', { name: 'Agents found' });
    expect(server.callsTo('GET /api/admin/agents').at(-1)!.path).toContain('q=bob');
    await user.click(within(found).getByRole('button', { name: 'Add Bob Baker as manager' }));
    expect(await screen.findByText('Bob Baker added to West as a manager')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PUT /api/admin/groups/:id/members')[0]!)).toEqual({
      agent_id: bob.id,
      is_manager: true,
    });
    const table = screen.getByRole('table', { name: 'Members of West' });
    const row = within(table).getByRole('link', { name: 'Bob Baker' }).closest('tr')!;
    expect(row).toHaveTextContent('Other office');
    expect(row).toHaveTextContent('Manager');
    expect(within(found).getByText('In the group')).toBeInTheDocument();
    // The next agent added is a plain member unless "Add as manager" is ticked again.
    expect(screen.getByLabelText('Add as manager')).not.toBeChecked();
  });

  it('removes a member only after confirming', async () => {
    const group = buildGroupDetail({ name: 'West', member_count: 1, members: [member({})] });
    const server = groupServer(group);
    const { user } = renderApp(<AdminGroupPage />, {
      url: `/admin/groups/${group.id}`,
      path: '/admin/groups/:groupId',
    });
    await user.click(
      await screen.findByRole('button', { name: 'Remove Alice Avery from the group' }, PAGE_LOAD),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Alice Avery from West?' });
    expect(server.callsTo('DELETE /api/admin/groups/:id/members/:agentId')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove from group' }));
    expect(await screen.findByText('Alice Avery removed from West')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/No agents in this group yet/)).toBeInTheDocument());
  });

  it('says so when the group does not exist', async () => {
    superuserServer({ 'GET /api/admin/groups/:id': () => json(404, { detail: 'Group not found' }) });
    renderApp(<AdminGroupPage />, { url: `/admin/groups/${uuid(1)}`, path: '/admin/groups/:groupId' });
    expect(await screen.findByText(/This group does not exist/, {}, PAGE_LOAD)).toBeInTheDocument();
  });
});
