import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AdminCorporatePage } from '../pages/corporate-page';
import { bodyOf, list, superuserServer } from '../test/console-data';

const PAGE_LOAD = { timeout: 5000 };

async function openCreateDialog(create: () => Response | Promise<Response>) {
  const server = superuserServer({
    'GET /api/admin/corporate-users': () => json(200, list([])),
    'POST /api/admin/corporate-users': create,
  });
  const rendered = renderApp(<AdminCorporatePage />, { url: '/admin/corporate' });
  await rendered.user.click(await screen.findByRole('button', { name: 'New corporate user' }, PAGE_LOAD));
  const dialog = screen.getByRole('dialog', { name: 'New corporate user' });
  const form = within(dialog).getByRole('form', { name: 'New corporate user' });
  await rendered.user.type(within(form).getByLabelText('Name'), 'Summit Realty');
  await rendered.user.type(within(form).getByLabelText('E-mail'), 'office@summit.example');
  await rendered.user.click(within(form).getByRole('button', { name: 'Create and send link' }));
  return { ...rendered, server, dialog, form };
}

describe('the new corporate user dialog, when the save fails', { timeout: 20_000 }, () => {
  it("stays open with the server's reason and the name and e-mail as typed", async () => {
    const { server, dialog, form } = await openCreateDialog(() =>
      json(409, { detail: 'A user with this e-mail address already exists.' }),
    );

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A user with this e-mail address already exists.',
    );
    expect(bodyOf(server.callsTo('POST /api/admin/corporate-users')[0]!)).toEqual({
      name: 'Summit Realty',
      email: 'office@summit.example',
    });
    expect(screen.getByRole('dialog', { name: 'New corporate user' })).toBe(dialog);
    expect(screen.queryByRole('dialog', { name: /can sign in/ })).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveValue('Summit Realty');
    expect(within(form).getByLabelText('E-mail')).toHaveValue('office@summit.example');
    expect(within(form).getByRole('button', { name: 'Create and send link' })).toBeEnabled();
  });

  it('says so when the server fails, and stays open with what was typed', async () => {
    const { dialog, form } = await openCreateDialog(() => json(500, { detail: 'Internal server error' }));

    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New corporate user' })).toBe(dialog);
    expect(within(form).getByLabelText('Name')).toHaveValue('Summit Realty');
    expect(within(form).getByLabelText('E-mail')).toHaveValue('office@summit.example');
    expect(within(form).getByRole('button', { name: 'Create and send link' })).toBeEnabled();
  });
});
