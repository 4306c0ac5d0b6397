import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildAuditEntry, list, superuserServer, uuid } from '../test/console-data';
import { AdminAuditPage } from './audit-page';

const PAGE_LOAD = { timeout: 5000 };

const lastQuery = (server: ReturnType<typeof superuserServer>) =>
  Object.fromEntries(
    new URL(server.callsTo('GET /api/admin/audit').at(-1)!.path, 'http://test').searchParams,
  );

describe('the audit log', { timeout: 20_000 }, () => {
  it('says who did what in words with names, links the records, and shows only the fields that changed', async () => {
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
              actor_name: 'Dana Reyes',
              target_type: 'agent',
              target_id: agentId,
              target_name: 'Alicia Alvarez',
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
              action: 'promote_manager',
              actor_name: 'Dana Reyes',
              target_type: 'group',
              target_id: groupId,
              details: {
                target_name: 'Summit Realty West',
                agent_id: agentId,
                agent_name: 'Alicia Alvarez',
                members: 3,
              },
            }),
          ]),
        ),
    });
    const { user } = renderApp(<AdminAuditPage />, { url: `/admin/audit?target_id=${agentId}` });
    const table = await screen.findByRole('table', { name: 'Audit log' }, PAGE_LOAD);
    expect(lastQuery(server)).toMatchObject({ target_id: agentId });
    expect(screen.getByText(/Only entries about/)).toHaveTextContent(agentId);

    await within(table).findByRole('link', { name: 'Summit Realty West' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent("Dana Reyes changed Alicia Alvarez's record");
    expect(within(rows[1]!).getByRole('link', { name: 'Alicia Alvarez' })).toHaveAttribute(
      'href',
      `/admin/agents/${agentId}`,
    );
    expect(rows[1]).toHaveTextContent('Reason: Paid the deposit');
    expect(rows[1]).toHaveTextContent('agent_status: onboarding → active');
    expect(rows[1]).toHaveTextContent('google.lsa: pending → done');
    expect(rows[1]).not.toHaveTextContent('airport');
    expect(rows[1]).not.toHaveTextContent('google.ads');

    const promoted = rows[2]!;
    expect(promoted).toHaveTextContent('Dana Reyes promoted Alicia Alvarez to manager of Summit Realty West');
    expect(within(promoted).getByRole('link', { name: 'Summit Realty West' })).toHaveAttribute(
      'href',
      `/admin/groups/${groupId}`,
    );
    // The names the sentence says are not repeated as raw details; the rest still is.
    expect(promoted).not.toHaveTextContent(agentId);
    expect(promoted).toHaveTextContent('members: 3');

    // An action is matched exactly: a row's action narrows the log to it.
    await user.click(
      within(promoted).getByRole('button', { name: 'Manager promoted (show only this action)' }),
    );
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ action: 'promote_manager' }));
    expect(screen.getByLabelText('Action')).toHaveValue('promote_manager');
  });

  it("shows the office's actions by default, sign-ins apart, and picks actions from a list", async () => {
    const server = superuserServer({ 'GET /api/admin/audit': () => json(200, list([])) });
    const { user, router } = renderApp(<AdminAuditPage />, { url: `/admin/audit?target_id=${uuid(7)}` });
    await screen.findByRole('table', { name: 'Audit log' }, PAGE_LOAD);
    // A target is looked for in every kind of entry.
    expect(lastQuery(server).category).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Show every target' }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ category: 'office' }));
    expect(screen.getByLabelText('Show')).toHaveValue('office');
    const actions = within(screen.getByLabelText('Action')).getAllByRole('option');
    expect(actions.map((option) => option.textContent)).toContain('Manager promoted');
    expect(actions.map((option) => option.textContent)).not.toContain('Signed in');

    await user.selectOptions(screen.getByLabelText('Show'), 'Sign-ins');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ category: 'sign_in' }));
    expect(
      within(screen.getByLabelText('Action'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Every action',
      'Signed in',
      'Sign-in failed',
      'Sign-in refused',
      'Signed in with a magic link',
      'Recipient signed in',
      'Signed in with a corporate link',
    ]);
    await user.selectOptions(screen.getByLabelText('Action'), 'Sign-in failed');
    await user.type(screen.getByLabelText('Actor'), 'ops@');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ actor: 'ops@', action: 'login_failed' }));
    expect(router.state.location.search).toContain('category=sign_in');
  });
});
