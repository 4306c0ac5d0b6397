import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AdminApiKeysPage } from '../pages/api-keys-page';
import { bodyOf, list, superuserServer } from '../test/console-data';

const PAGE_LOAD = { timeout: 5000 };

async function openCreateDialog(create: () => Response | Promise<Response>) {
  const server = superuserServer({
    'GET /api/admin/api-keys': () => json(200, list([])),
    'POST /api/admin/api-keys': create,
  });
  const rendered = renderApp(<AdminApiKeysPage />, { url: '/admin/api-keys' });
  await rendered.user.click(await screen.findByRole('button', { name: 'New client' }, PAGE_LOAD));
  const dialog = screen.getByRole('dialog', { name: 'New client' });
  const form = within(dialog).getByRole('form', { name: 'New client' });
  await rendered.user.type(within(form).getByLabelText('Client name'), 'Zillow feed');
  await rendered.user.click(within(form).getByRole('button', { name: 'Create key' }));
  return { ...rendered, server, dialog, form };
}

describe('the new client (API key) dialog, when the save fails', { timeout: 20_000 }, () => {
  it("stays open with the server's reason and the name as typed", async () => {
    const { server, dialog, form } = await openCreateDialog(() =>
      json(409, { detail: 'A client called Zillow feed already exists.' }),
    );

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A client called Zillow feed already exists.',
    );
    expect(bodyOf(server.callsTo('POST /api/admin/api-keys')[0]!)).toEqual({ name: 'Zillow feed' });
    expect(screen.getByRole('dialog', { name: 'New client' })).toBe(dialog);
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Client name')).toHaveValue('Zillow feed');
    expect(within(form).getByRole('button', { name: 'Create key' })).toBeEnabled();
  });

  it('says so when the server fails, and stays open with the name typed', async () => {
    const { dialog, form } = await openCreateDialog(() =>
      json(503, { detail: 'The key store is unavailable. Try again shortly.' }),
    );

    expect(await screen.findByText('The key store is unavailable. Try again shortly.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New client' })).toBe(dialog);
    expect(within(form).getByLabelText('Client name')).toHaveValue('Zillow feed');
    expect(within(form).getByRole('button', { name: 'Create key' })).toBeEnabled();
  });
});
