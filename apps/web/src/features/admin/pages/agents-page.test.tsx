import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildAgentRow } from '../test/agents-data';
import { list, superuserServer } from '../test/console-data';
import { AdminAgentsPage } from './agents-page';

const PAGE_LOAD = { timeout: 5000 };

const alice = buildAgentRow({
  name: 'Alice Avery',
  email: 'alice@example.com',
  agent_status: 'onboarding',
  signup_status: 'sms',
});
const bob = buildAgentRow({ name: 'Bob Baker', email: 'bob@example.com' });

/** Answers like the server: the search narrows the rows, the sort orders them. */
function agentsServer(total?: number) {
  return superuserServer({
    'GET /api/admin/agents': (request) => {
      const params = new URL(request.path, 'http://test').searchParams;
      const q = params.get('q')?.toLowerCase() ?? '';
      let items = [alice, bob].filter(
        (agent) => !q || `${agent.name} ${agent.email}`.toLowerCase().includes(q),
      );
      if (params.get('sort') === 'name') {
        items = [...items].sort((a, b) => a.name.localeCompare(b.name));
        if (params.get('order') === 'desc') items.reverse();
      }
      return json(200, list(items, total ?? items.length));
    },
  });
}

const queryOf = (path: string) => new URL(path, 'http://test').searchParams;
const rowNames = () =>
  within(screen.getByRole('table', { name: /Agents/ }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('the agents list of the console', { timeout: 20_000 }, () => {
  it('searches through the address after a pause in typing, and each row opens the agent', async () => {
    const { callsTo } = agentsServer();
    const { user, router } = renderApp(<AdminAgentsPage />, { url: '/admin/agents' });
    await screen.findByRole('table', { name: /Agents/ }, PAGE_LOAD);
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    expect(screen.getByRole('link', { name: /Alice Avery/ })).toHaveAttribute(
      'href',
      `/admin/agents/${alice.id}`,
    );

    const before = callsTo('GET /api/admin/agents').length;
    await user.type(screen.getByLabelText('Search agents'), 'bob');
    await waitFor(() => expect(router.state.location.search).toContain('q=bob'));
    await waitFor(() => expect(rowNames()).toEqual([expect.stringContaining('Bob Baker')]));
    // One request for the whole word, not one per key.
    const searches = callsTo('GET /api/admin/agents').slice(before);
    expect(searches.map((call) => queryOf(call.path).get('q'))).toEqual(['bob']);

    await user.clear(screen.getByLabelText('Search agents'));
    await user.type(screen.getByLabelText('Search agents'), 'nobody');
    expect(await screen.findByText('No agents match the search and filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    expect(screen.getByLabelText('Search agents')).toHaveValue('');
  });

  it('sorts on the server by a column header, and a filter goes back to the first page', async () => {
    const { callsTo } = agentsServer(120);
    const { user, router } = renderApp(<AdminAgentsPage />, { url: '/admin/agents?skip=50' });
    await screen.findByRole('table', { name: /Agents/ }, PAGE_LOAD);
    expect(await screen.findByText(/51–100 of 120/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Agent/ }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=name'));
    expect(screen.getByRole('columnheader', { name: /^Agent/ })).toHaveAttribute('aria-sort', 'ascending');
    const sorted = queryOf(callsTo('GET /api/admin/agents').at(-1)!.path);
    expect([sorted.get('sort'), sorted.get('order')]).toEqual(['name', 'asc']);
    await waitFor(() => expect(rowNames()[0]).toContain('Alice Avery'));

    await user.click(screen.getByRole('button', { name: /^Agent/ }));
    await waitFor(() => expect(rowNames()[0]).toContain('Bob Baker'));
    expect(screen.getByRole('columnheader', { name: /^Agent/ })).toHaveAttribute('aria-sort', 'descending');

    await user.selectOptions(screen.getByLabelText('Agent status'), 'onboarding');
    await waitFor(() => expect(router.state.location.search).toContain('status=onboarding'));
    expect(router.state.location.search).not.toContain('skip=');
    const filtered = queryOf(callsTo('GET /api/admin/agents').at(-1)!.path);
    expect([filtered.get('status'), filtered.get('skip'), filtered.get('sort')]).toEqual([
      'onboarding',
      '0',
      'name',
    ]);
  });
});
