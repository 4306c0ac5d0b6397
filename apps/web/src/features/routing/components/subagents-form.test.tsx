import type { AgentRecord } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { RoutingTeamMembersPage } from '../pages/routing-pages';

describe('the sub-agents form', () => {
  it('adds, checks and removes sub-agents and saves them with the notes', async () => {
    const agent = buildAgent({ subagents: [{ name: 'Old Hand', tracking_phone: '+14805550111' }] });
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
      'GET /api/portal/me/recipients': () => json(200, []),
      'PATCH /api/portal/me/agent_profile': (request) =>
        json(200, { ...agent, ...(JSON.parse(request.body!) as Partial<AgentRecord>) }),
    });
    const { user } = renderApp(<RoutingTeamMembersPage />, { url: '/routing/team-members' });
    const form = await screen.findByRole('form', { name: 'Sub-agents' });
    expect(within(form).getByLabelText('Sub-agent 1 tracking phone')).toHaveValue('(480) 555-0111');

    await user.click(within(form).getByRole('button', { name: 'Add sub-agent' }));
    await user.type(within(form).getByLabelText('Sub-agent 2 tracking phone'), '12');
    await user.click(within(form).getByRole('button', { name: 'Save sub-agents' }));
    // The form checks its values asynchronously (zodResolver): the errors come after the click.
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(within(form).getByText(/Enter a valid phone number/)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Sub-agent 2 name'), 'New Hire');
    await user.clear(within(form).getByLabelText('Sub-agent 2 tracking phone'));
    await user.type(within(form).getByLabelText('Sub-agent 2 tracking phone'), '480 555 0122');
    await user.click(within(form).getByRole('button', { name: 'Remove sub-agent 1' }));
    await user.type(within(form).getByLabelText('Notes about your sub-agents'), 'New Hire covers Mesa.');
    await user.click(within(form).getByRole('button', { name: 'Save sub-agents' }));

    expect(await screen.findByText('Sub-agents saved')).toBeInTheDocument();
    expect(JSON.parse(callsTo('PATCH /api/portal/me/agent_profile')[0]!.body!)).toEqual({
      subagents: [{ name: 'New Hire', tracking_phone: '+14805550122' }],
      subagents_notes: 'New Hire covers Mesa.',
    });
  });
});
