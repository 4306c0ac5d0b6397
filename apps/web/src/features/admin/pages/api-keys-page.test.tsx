import type { AdminApiKey } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { bodyOf, buildApiKey, list, superuserServer } from '../test/console-data';
import { AdminApiKeysPage } from './api-keys-page';

const PAGE_LOAD = { timeout: 5000 };
const SECRET = 'pk_live_7f3a9c2e1b5d4f6a8c0e2b4d6f8a0c2e';

function apiKeysServer(keys: AdminApiKey[]) {
  return superuserServer({
    'GET /api/admin/api-keys': () => json(200, list(keys)),
    'POST /api/admin/api-keys': (request) => {
      const api_key = buildApiKey({ name: bodyOf<{ name: string }>(request).name, prefix: 'pk_live_7f3a' });
      keys.push(api_key);
      return json(201, { key: SECRET, api_key });
    },
    'DELETE /api/admin/api-keys/:id': (request) => {
      const id = request.path.split('/').at(-1);
      const index = keys.findIndex((key) => key.id === id);
      keys[index] = { ...keys[index]!, revoked_at: '2026-11-20T12:00:00.000Z' };
      return json(200, keys[index]);
    },
  });
}

describe('the API keys page', { timeout: 20_000 }, () => {
  it('shows each client’s use, with the leads per day in words too', async () => {
    const zillow = buildApiKey({
      name: 'Zillow feed',
      prefix: 'pk_zil',
      total_leads: 120,
      last_error: 'Missing zip',
      last_error_at: '2026-11-19T08:00:00.000Z',
    });
    zillow.leads_per_day[12]!.count = 4;
    zillow.leads_per_day[13]!.count = 1;
    apiKeysServer([zillow]);
    renderApp(<AdminApiKeysPage />, { url: '/admin/api-keys' });
    const table = await screen.findByRole('table', { name: 'Lead intake clients' }, PAGE_LOAD);
    const row = (await within(table).findByRole('button', { name: 'Revoke Zillow feed' })).closest('tr')!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Zillow feed');
    expect(row).toHaveTextContent('pk_zil…');
    expect(row).toHaveTextContent('120');
    expect(row).toHaveTextContent('Missing zip');
    expect(
      within(row).getByRole('img', { name: /^5 leads in 14 days, most on Nov 19, 2026 \(4\)$/ }),
    ).toBeInTheDocument();
  });

  it('shows a new key once, with a copy button and a warning, and never again', async () => {
    const server = apiKeysServer([]);
    const { user } = renderApp(<AdminApiKeysPage />, { url: '/admin/api-keys' });
    await user.click(await screen.findByRole('button', { name: 'New client' }, PAGE_LOAD));
    const form = screen.getByRole('form', { name: 'New client' });
    await user.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Name the client (e.g. "Zillow feed")')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Client name'), 'Zillow feed');
    await user.click(within(form).getByRole('button', { name: 'Create key' }));

    const dialog = await screen.findByRole('dialog', { name: 'The key of Zillow feed' });
    expect(bodyOf(server.callsTo('POST /api/admin/api-keys')[0]!)).toEqual({ name: 'Zillow feed' });
    expect(dialog).toHaveTextContent('Copy the key now: it will not be shown again.');
    expect(within(dialog).getByLabelText('API key')).toHaveValue(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy api key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Lead intake clients' });
    expect(await within(table).findByRole('rowheader', { name: 'Zillow feed' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    // Opening the dialog again starts a new client: the key is gone.
    await user.click(screen.getByRole('button', { name: 'New client' }));
    expect(screen.getByRole('form', { name: 'New client' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('revokes a key only after explaining that its leads will be refused', async () => {
    const zillow = buildApiKey({ name: 'Zillow feed', prefix: 'pk_zil' });
    const server = apiKeysServer([zillow]);
    const { user } = renderApp(<AdminApiKeysPage />, { url: '/admin/api-keys' });
    await user.click(await screen.findByRole('button', { name: 'Revoke Zillow feed' }, PAGE_LOAD));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key of Zillow feed?' });
    expect(dialog).toHaveTextContent('leads sent with the key pk_zil… are refused');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE /api/admin/api-keys/:id')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Zillow feed' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke the key of Zillow feed?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    expect(await screen.findByText("Zillow feed's key revoked")).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/admin/api-keys/:id')[0]!.path).toBe(
      `/api/admin/api-keys/${zillow.id}`,
    );
    expect(await screen.findByText(/^Revoked /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Zillow feed' })).not.toBeInTheDocument();
  });
});
