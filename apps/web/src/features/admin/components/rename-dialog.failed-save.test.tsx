import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AdminCorporatePage } from '../pages/corporate-page';
import { bodyOf, buildAdminGroup, buildCorporateUser, list, superuserServer } from '../test/console-data';

const PAGE_LOAD = { timeout: 5000 };

describe('the rename dialog, when the save fails', { timeout: 20_000 }, () => {
  it("renaming a corporate user stays open with the server's reason and the name as typed", async () => {
    const summit = buildCorporateUser({ name: 'Summit Realty', email: 'office@summit.example' });
    const server = superuserServer({
      'GET /api/admin/corporate-users': () => json(200, list([summit])),
      'PATCH /api/admin/corporate-users/:id': () =>
        json(409, { detail: 'Another corporate user is already called Summit Realty Group.' }),
    });
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
    await user.click(await screen.findByRole('button', { name: 'Rename Summit Realty' }, PAGE_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Rename Summit Realty' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Summit Realty');
    await user.type(name, ' Group');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another corporate user is already called Summit Realty Group.',
    );
    expect(server.callsTo('PATCH /api/admin/corporate-users/:id').map(bodyOf)).toEqual([
      { name: 'Summit Realty Group' },
    ]);
    expect(screen.getByRole('dialog', { name: 'Rename Summit Realty' })).toBe(dialog);
    expect(name).toHaveValue('Summit Realty Group');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('renaming a group says so when the server fails, and stays open with the name as typed', async () => {
    const west = buildAdminGroup({ name: 'West', corporate_user_name: 'Summit Realty' });
    const server = superuserServer({
      'GET /api/admin/corporate-users': () => json(200, list([])),
      'GET /api/admin/groups': () => json(200, list([west])),
      'PATCH /api/admin/groups/:id': () => json(500, { detail: 'Internal server error' }),
    });
    const { user } = renderApp(<AdminCorporatePage />, { url: '/admin/corporate?tab=groups' });
    const table = await screen.findByRole('table', { name: 'Groups' }, PAGE_LOAD);
    await user.click(await within(table).findByRole('button', { name: 'Rename West' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename West' });
    const name = within(dialog).getByLabelText('Group name');
    await user.clear(name);
    await user.type(name, 'West Valley');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/admin/groups/:id').map(bodyOf)).toEqual([{ name: 'West Valley' }]);
    expect(screen.getByRole('dialog', { name: 'Rename West' })).toBe(dialog);
    expect(name).toHaveValue('West Valley');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
