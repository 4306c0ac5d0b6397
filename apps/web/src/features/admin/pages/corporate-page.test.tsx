import type { AdminCorporateUser, AdminGroup } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { bodyOf, buildAdminGroup, buildCorporateUser, list, superuserServer } from '../test/console-data';
import { AdminCorporatePage } from './corporate-page';

const PAGE_LOAD = { timeout: 5000 };
const LINK = 'https://portal.example/corporate-login?token=abc123';

function corporateServer(users: AdminCorporateUser[], groups: AdminGroup[] = []) {
  return superuserServer({
    'GET /api/admin/corporate-users': () => json(200, list(users)),
    'GET /api/admin/groups': () => json(200, list(groups)),
    'POST /api/admin/corporate-users': (request) => {
      const body = bodyOf<{ name: string; email: string }>(request);
      const user = buildCorporateUser(body);
      users.push(user);
      return json(201, { user, link: LINK, expires_at: '2026-11-21T12:00:00.000Z' });
    },
    'POST /api/admin/corporate-users/:id/login-link': () =>
      json(200, { link: `${LINK}-new`, expires_at: '2026-11-21T12:00:00.000Z' }),
    'PATCH /api/admin/corporate-users/:id': (request) => {
      const id = request.path.split('/').at(-1);
      const index = users.findIndex((user) => user.id === id);
      users[index] = { ...users[index]!, ...bodyOf<Partial<AdminCorporateUser>>(request) };
      return json(200, users[index]);
    },
    'DELETE /api/admin/groups/:id': (request) => {
      const id = request.path.split('/').at(-1);
      groups.splice(
        groups.findIndex((group) => group.id === id),
        1,
      );
      return json(204, null);
    },
  });
}

describe('the corporate page', { timeout: 20_000 }, () => {
  it('creates a corporate user and shows the one-time sign-in link to copy', async () => {
    const server = corporateServer([]);
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    expect(await screen.findByText(/No corporate users yet/, {}, PAGE_LOAD)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New corporate user' }));
    const form = screen.getByRole('form', { name: 'New corporate user' });
    await user.click(within(form).getByRole('button', { name: 'Create and send link' }));
    expect(await within(form).findByText('Give the corporate user a name')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/corporate-users')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Name'), 'Summit Realty');
    await user.type(within(form).getByLabelText('E-mail'), 'office@summit.example');
    await user.click(within(form).getByRole('button', { name: 'Create and send link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Summit Realty can sign in' });
    expect(bodyOf(server.callsTo('POST /api/admin/corporate-users')[0]!)).toEqual({
      name: 'Summit Realty',
      email: 'office@summit.example',
    });
    expect(dialog).toHaveTextContent('We e-mailed this link to office@summit.example');
    expect(within(dialog).getByLabelText('Sign-in link')).toHaveValue(LINK);
    await user.click(within(dialog).getByRole('button', { name: 'Copy sign-in link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    const table = screen.getByRole('table', { name: 'Corporate users' });
    expect(await within(table).findByText('office@summit.example')).toBeInTheDocument();
  });

  it('sends a new sign-in link after saying older ones stop working', async () => {
    const summit = buildCorporateUser({ name: 'Summit Realty', email: 'office@summit.example' });
    const server = corporateServer([summit]);
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    await user.click(
      await screen.findByRole('button', { name: 'Send sign-in link to Summit Realty' }, PAGE_LOAD),
    );
    const dialog = screen.getByRole('dialog', { name: 'Send Summit Realty a sign-in link?' });
    expect(dialog).toHaveTextContent('Links sent before stop working');
    expect(server.callsTo('POST /api/admin/corporate-users/:id/login-link')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByLabelText('Sign-in link')).toHaveValue(`${LINK}-new`);
    expect(server.callsTo('POST /api/admin/corporate-users/:id/login-link')[0]!.path).toBe(
      `/api/admin/corporate-users/${summit.id}/login-link`,
    );
  });

  it('deactivates a corporate user only after confirming', async () => {
    const summit = buildCorporateUser({ name: 'Summit Realty' });
    const server = corporateServer([summit]);
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Summit Realty' }, PAGE_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Summit Realty?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('PATCH /api/admin/corporate-users/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate Summit Realty' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate Summit Realty?' })).getByRole('button', {
        name: 'Deactivate',
      }),
    );
    expect(await screen.findByText('Summit Realty deactivated')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/corporate-users/:id')[0]!)).toEqual({ is_active: false });
    expect(await screen.findByRole('button', { name: 'Reactivate Summit Realty' })).toBeInTheDocument();
  });

  it('lists the groups on their tab and deletes one after naming it and its members', async () => {
    const west = buildAdminGroup({ name: 'West', corporate_user_name: 'Summit Realty', member_count: 3 });
    const server = corporateServer([], [west]);
    const { user, router } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    await user.click(await screen.findByRole('tab', { name: 'Groups' }, PAGE_LOAD));
    expect(router.state.location.search).toBe('?tab=groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(await within(table).findByRole('link', { name: 'West' })).toHaveAttribute(
      'href',
      `/admin/groups/${west.id}`,
    );
    expect(within(table).getByRole('link', { name: 'West' }).closest('tr')).toHaveTextContent(
      'Summit Realty',
    );

    await user.click(within(table).getByRole('button', { name: 'Delete West' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete West?' });
    expect(dialog).toHaveTextContent('The group has 3 agents');
    await user.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    expect(await screen.findByText('Group West deleted')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/admin/groups/:id')).toHaveLength(1);
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'West' })).not.toBeInTheDocument());
  });

  it("sets an office's referral fee, shown in the list, and sends the rate of a new one with it", async () => {
    const summit = buildCorporateUser({ name: 'Summit Realty', referral_fee_percent: null });
    const users = [summit];
    const server = corporateServer(users);
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    const table = await screen.findByRole('table', { name: 'Corporate users' }, PAGE_LOAD);
    const row = (await within(table).findByRole('rowheader', { name: 'Summit Realty' })).closest('tr')!;
    expect(row).toHaveTextContent("Network's");
    await user.click(within(row).getByRole('button', { name: 'Referral fee of Summit Realty' }));
    const dialog = screen.getByRole('dialog', { name: 'Referral fee of Summit Realty' });
    await user.type(within(dialog).getByLabelText('Referral fee (%)'), '22.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Referral fee of Summit Realty saved')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('PATCH /api/admin/corporate-users/:id')[0]!)).toEqual({
      referral_fee_percent: 22.5,
    });
    await waitFor(() =>
      expect(within(table).getByRole('rowheader', { name: 'Summit Realty' }).closest('tr')).toHaveTextContent(
        '22.5 %',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'New corporate user' }));
    const form = screen.getByRole('form', { name: 'New corporate user' });
    await user.type(within(form).getByLabelText('Name'), 'Canyon Homes');
    await user.type(within(form).getByLabelText('E-mail'), 'office@canyon.example');
    await user.type(within(form).getByLabelText('Referral fee (%)'), '20');
    await user.click(within(form).getByRole('button', { name: 'Create and send link' }));
    expect(await screen.findByRole('dialog', { name: 'Canyon Homes can sign in' })).toBeInTheDocument();
    // The rate goes with the new user, in the one request that creates it.
    expect(bodyOf(server.callsTo('POST /api/admin/corporate-users')[0]!)).toEqual({
      name: 'Canyon Homes',
      email: 'office@canyon.example',
      referral_fee_percent: 20,
    });
    expect(server.callsTo('PATCH /api/admin/corporate-users/:id')).toHaveLength(1);
  });
});
