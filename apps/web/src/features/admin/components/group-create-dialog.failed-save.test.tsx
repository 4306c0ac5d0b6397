import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AdminCorporatePage } from '../pages/corporate-page';
import { bodyOf, buildCorporateUser, list, superuserServer } from '../test/console-data';

const PAGE_LOAD = { timeout: 5000 };

async function openCreateDialog(create: () => Response | Promise<Response>) {
  const summit = buildCorporateUser({ name: 'Summit Realty', email: 'office@summit.example' });
  const server = superuserServer({
    'GET /api/admin/groups': () => json(200, list([])),
    'GET /api/admin/corporate-users': () => json(200, list([summit])),
    'POST /api/admin/groups': create,
  });
  const rendered = renderApp(<AdminCorporatePage />, { url: '/admin/corporate?tab=groups' });
  await rendered.user.click(await screen.findByRole('button', { name: 'New group' }, PAGE_LOAD));
  const dialog = screen.getByRole('dialog', { name: 'New group' });
  const form = within(dialog).getByRole('form', { name: 'New group' });
  await within(form).findByRole('option', { name: 'Summit Realty (office@summit.example)' });
  await rendered.user.type(within(form).getByLabelText('Group name'), 'West Valley');
  await rendered.user.selectOptions(
    within(form).getByLabelText('Owner'),
    'Summit Realty (office@summit.example)',
  );
  await rendered.user.click(within(form).getByRole('button', { name: 'Create group' }));
  return { ...rendered, server, summit, dialog, form };
}

describe('the new group dialog, when the save fails', { timeout: 20_000 }, () => {
  it("stays open with the server's reason and the name and owner as chosen", async () => {
    const { server, summit, dialog, form } = await openCreateDialog(() =>
      json(409, { detail: 'Summit Realty already has a group called West Valley.' }),
    );

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Summit Realty already has a group called West Valley.',
    );
    expect(bodyOf(server.callsTo('POST /api/admin/groups')[0]!)).toEqual({
      name: 'West Valley',
      corporate_user_id: summit.id,
    });
    expect(screen.getByRole('dialog', { name: 'New group' })).toBe(dialog);
    expect(within(form).getByLabelText('Group name')).toHaveValue('West Valley');
    expect(within(form).getByLabelText('Owner')).toHaveValue(summit.id);
    expect(within(form).getByRole('button', { name: 'Create group' })).toBeEnabled();
  });

  it('says so when the server cannot be reached, and stays open with what was chosen', async () => {
    const { summit, dialog, form } = await openCreateDialog(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );

    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New group' })).toBe(dialog);
    expect(within(form).getByLabelText('Group name')).toHaveValue('West Valley');
    expect(within(form).getByLabelText('Owner')).toHaveValue(summit.id);
    expect(within(form).getByRole('button', { name: 'Create group' })).toBeEnabled();
  });
});
