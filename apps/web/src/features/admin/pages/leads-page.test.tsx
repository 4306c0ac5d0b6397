import type { AdminLead } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildAgentRow, buildLead } from '../test/agents-data';
import { bodyOf, list, superuserServer } from '../test/console-data';
import { AdminLeadsPage } from './leads-page';

const PAGE_LOAD = { timeout: 5000 };

const dana = buildAgentRow({ name: 'Dana Diaz', email: 'dana@example.com' });

function leadsServer(leads: AdminLead[], assign?: (lead: AdminLead) => Response) {
  let current = leads;
  const server = superuserServer({
    'GET /api/admin/leads': (request) => {
      const params = new URL(request.path, 'http://test').searchParams;
      const items = current.filter(
        (lead) =>
          (params.get('unassigned') !== 'true' || lead.agent_id === null) &&
          (!params.get('agent_id') || lead.agent_id === params.get('agent_id')),
      );
      return json(200, list(items));
    },
    'GET /api/admin/agents': (request) => {
      const q = new URL(request.path, 'http://test').searchParams.get('q')?.toLowerCase() ?? '';
      return json(200, list([dana].filter((agent) => agent.name.toLowerCase().includes(q))));
    },
    'POST /api/admin/leads/:id/assign': (request) => {
      const id = request.path.split('/').at(-2);
      const lead = current.find((candidate) => candidate.id === id)!;
      if (assign) return assign(lead);
      const { agent_id } = bodyOf<{ agent_id: string }>(request);
      const assigned: AdminLead = {
        ...lead,
        agent_id,
        agent_name: dana.name,
        routing: { ...lead.routing!, decision: 'manual', reason: 'Assigned by hand by Olivia Ops' },
      };
      current = current.map((candidate) => (candidate.id === id ? assigned : candidate));
      return json(200, assigned);
    },
  });
  return server;
}

describe('the leads of the console', { timeout: 20_000 }, () => {
  it('assigns an unassigned lead to an agent found by name, and the list refreshes', async () => {
    const waiting = buildLead({ first_name: 'Uma', last_name: 'Unrouted' });
    const routed = buildLead({
      first_name: 'Rita',
      last_name: 'Routed',
      agent_id: dana.id,
      agent_name: 'Dana Diaz',
      routing: {
        decision: 'assigned',
        reason: 'Serves 85004 (1 candidate)',
        candidates: 1,
        decided_at: '2026-11-20T12:00:00.000Z',
      },
    });
    const { callsTo } = leadsServer([waiting, routed]);
    const { user } = renderApp(<AdminLeadsPage />, { url: '/admin/leads?unassigned=true' });
    const table = await screen.findByRole('table', { name: 'Unassigned leads' }, PAGE_LOAD);
    expect(screen.getByRole('button', { name: 'Unassigned' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(table).toHaveTextContent('No active agent serves 85004');
    expect(table).not.toHaveTextContent('Rita Routed');

    await user.click(within(table).getByRole('button', { name: 'Assign Uma Unrouted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Uma Unrouted' });
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Choose the agent who gets the lead')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Find an active agent'), 'dana');
    await user.click(await within(dialog).findByRole('radio', { name: /Dana Diaz/ }));
    const search = new URL(callsTo('GET /api/admin/agents').at(-1)!.path, 'http://test').searchParams;
    expect([search.get('q'), search.get('status')]).toEqual(['dana', 'active']);

    const loadsBefore = callsTo('GET /api/admin/leads').length;
    await user.click(within(dialog).getByRole('button', { name: 'Assign to Dana Diaz' }));
    expect(await screen.findByText('Lead assigned to Dana Diaz')).toBeInTheDocument();
    expect(callsTo('POST /api/admin/leads/:id/assign').map((call) => [call.path, bodyOf(call)])).toEqual([
      [`/api/admin/leads/${waiting.id}/assign`, { agent_id: dana.id }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('GET /api/admin/leads').length).toBeGreaterThan(loadsBefore);
    expect(await screen.findByText('No unassigned leads: every lead has an agent.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All leads' }));
    const all = await screen.findByRole('table', { name: 'Leads' });
    await waitFor(() => expect(all).toHaveTextContent('Assigned by hand by Olivia Ops'));
  });

  it('keeps the dialog open with the reason when the lead was assigned meanwhile', async () => {
    const waiting = buildLead({ first_name: 'Uma', last_name: 'Unrouted' });
    leadsServer([waiting], () => json(409, { detail: 'This lead is already assigned to Bob Baker' }));
    const { user } = renderApp(<AdminLeadsPage />, { url: '/admin/leads?unassigned=true' });
    await user.click(await screen.findByRole('button', { name: 'Assign Uma Unrouted' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Assign Uma Unrouted' });
    await user.type(within(dialog).getByLabelText('Find an active agent'), 'dana');
    await user.click(await within(dialog).findByRole('radio', { name: /Dana Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign to Dana Diaz' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already assigned to Bob Baker');
  });

  it("filters by agent from the address and shows that agent's name", async () => {
    const routed = buildLead({
      first_name: 'Rita',
      last_name: 'Routed',
      agent_id: dana.id,
      agent_name: 'Dana Diaz',
    });
    const other = buildLead({
      first_name: 'Olga',
      last_name: 'Other',
      agent_id: 'someone-else',
      agent_name: 'Eve',
    });
    const { callsTo } = leadsServer([routed, other]);
    const { user, router } = renderApp(<AdminLeadsPage />, { url: `/admin/leads?agent_id=${dana.id}` });
    const table = await screen.findByRole('table', { name: 'Leads' }, PAGE_LOAD);
    await waitFor(() => expect(table).toHaveTextContent('Rita Routed'));
    expect(table).not.toHaveTextContent('Olga Other');
    expect(screen.getByText('Dana Diaz', { selector: 'strong' })).toBeInTheDocument();
    expect(
      new URL(callsTo('GET /api/admin/leads').at(-1)!.path, 'http://test').searchParams.get('agent_id'),
    ).toBe(dana.id);
    await user.click(screen.getByRole('button', { name: "Show every agent's leads" }));
    await waitFor(() => expect(router.state.location.search).not.toContain('agent_id'));
    await waitFor(() => expect(table).toHaveTextContent('Olga Other'));
  });

  it('moves a lead that has an agent to another one, only with a reason', async () => {
    const eve = 'eve-agent';
    const owned = buildLead({
      first_name: 'Owen',
      last_name: 'Owned',
      agent_id: eve,
      agent_name: 'Eve Evans',
    });
    const { callsTo } = leadsServer([owned]);
    const { user } = renderApp(<AdminLeadsPage />, { url: '/admin/leads' });
    const table = await screen.findByRole('table', { name: 'Leads' }, PAGE_LOAD);
    await user.click(await within(table).findByRole('button', { name: 'Move Owen Owned to another agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Owen Owned to another agent' });
    expect(dialog).toHaveTextContent('Now with Eve Evans, who will no longer see it');
    await user.type(within(dialog).getByLabelText('Find an active agent'), 'dana');
    await user.click(await within(dialog).findByRole('radio', { name: /Dana Diaz/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move to Dana Diaz' }));
    expect(within(dialog).getByText('Give a reason for the change')).toBeInTheDocument();
    expect(callsTo('POST /api/admin/leads/:id/assign')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Eve is suspended');
    await user.click(within(dialog).getByRole('button', { name: 'Move to Dana Diaz' }));
    expect(await screen.findByText('Lead moved to Dana Diaz')).toBeInTheDocument();
    expect(callsTo('POST /api/admin/leads/:id/assign').map((call) => bodyOf(call))).toEqual([
      { agent_id: dana.id, reason: 'Eve is suspended' },
    ]);
  });
});
