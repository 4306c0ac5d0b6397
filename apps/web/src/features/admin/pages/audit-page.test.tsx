import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildAuditEntry, list, superuserServer, uuid } from '../test/console-data';

const PAGE_LOAD = { timeout: 5000 };

describe('the audit log', { timeout: 20_000 }, () => {
  it('shows who did what, links the target, and only the fields that changed', async () => {
    const agentId = uuid(500);
    const groupId = uuid(501);
    const server = superuserServer({
      'GET /api/admin/audit': () =>
        json(
          200,
          list([
            buildAuditEntry({
              action: 'admin_update_agent',
              actor_email: 'ops@example.com',
              target_type: 'agent',
              target_id: agentId,
              details: {
                reason: 'Paid the deposit',
                before: {
                  agent_status: 'onboarding',
                  airport: 'PHX',
                  google: { lsa: 'pending', ads: 'pending' },
                },
                after: { agent_status: 'active', airport: 'PHX', google: { lsa: 'done', ads: 'pending' } },
              },
            }),
            buildAuditEntry({
              action: 'admin_delete_group',
              target_type: 'group',
              target_id: groupId,
              details: { name: 'West', members: 3 },
            }),
          ]),
        ),
    });
    const { user } = renderApp(`/admin/audit?target_id=${agentId}`);
    const table = await screen.findByRole('table', { name: 'Audit log' }, PAGE_LOAD);
    expect(server.callsTo('GET /api/admin/audit')[0]!.path).toContain(`target_id=${agentId}`);
    expect(screen.getByText(/Only entries about/)).toHaveTextContent(agentId);

    const agentLink = await within(table).findByRole('link', { name: `agent ${agentId}` });
    expect(agentLink).toHaveAttribute('href', `/admin/agents/${agentId}`);
    const row = agentLink.closest('tr')!;
    expect(row).toHaveTextContent('ops@example.com');
    expect(row).toHaveTextContent('Reason: Paid the deposit');
    expect(row).toHaveTextContent('agent_status: onboarding → active');
    expect(row).toHaveTextContent('google.lsa: pending → done');
    expect(row).not.toHaveTextContent('airport');
    expect(row).not.toHaveTextContent('google.ads');

    const groupRow = within(table)
      .getByRole('link', { name: `group ${groupId}` })
      .closest('tr')!;
    expect(within(groupRow).getByRole('link', { name: `group ${groupId}` })).toHaveAttribute(
      'href',
      `/admin/groups/${groupId}`,
    );
    expect(groupRow).toHaveTextContent('name: West');
    expect(groupRow).toHaveTextContent('members: 3');

    // An action is matched exactly: a row's action narrows the log to it.
    await user.click(
      within(groupRow).getByRole('button', { name: 'admin_delete_group (show only this action)' }),
    );
    await waitFor(() =>
      expect(server.callsTo('GET /api/admin/audit').at(-1)!.path).toContain('action=admin_delete_group'),
    );
    expect(screen.getByLabelText('Action')).toHaveValue('admin_delete_group');
  });

  it('filters by actor and action, and forgets the target on request', async () => {
    const server = superuserServer({ 'GET /api/admin/audit': () => json(200, list([])) });
    const { user, router } = renderApp(`/admin/audit?target_id=${uuid(7)}`);
    await screen.findByRole('table', { name: 'Audit log' }, PAGE_LOAD);
    expect(await screen.findByRole('button', { name: 'Clear search and filters' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Actor'), 'ops@');
    await user.type(screen.getByLabelText('Action'), 'admin_update_agent');
    await waitFor(() => {
      const last = new URL(server.callsTo('GET /api/admin/audit').at(-1)!.path, 'http://test');
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        actor: 'ops@',
        action: 'admin_update_agent',
        target_id: uuid(7),
      });
    });
    await user.click(screen.getByRole('button', { name: 'Show every target' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('target_id'));
    expect(router.state.location.search).toContain('actor=ops%40');
  });
});
