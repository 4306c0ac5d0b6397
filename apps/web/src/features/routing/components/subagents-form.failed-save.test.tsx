import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { RoutingTeamMembersPage } from '../pages/routing-pages';

describe('the sub-agents form, when the save fails', () => {
  it("shows the server's refusal and keeps every sub-agent and the notes as typed", async () => {
    const agent = buildAgent({ subagents: [{ name: 'Old Hand', tracking_phone: '+14805550111' }] });
    const { callsTo } = mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
      'GET /api/portal/me/recipients': () => json(200, []),
      'PATCH /api/portal/me/agent_profile': () =>
        json(400, { detail: 'The tracking phone (480) 555-0122 belongs to another agent.' }),
    });
    const { user } = renderApp(<RoutingTeamMembersPage />, { url: '/routing/team-members' });
    const form = await screen.findByRole('form', { name: 'Sub-agents' });

    await user.click(within(form).getByRole('button', { name: 'Add sub-agent' }));
    await user.type(within(form).getByLabelText('Sub-agent 2 name'), 'New Hire');
    await user.type(within(form).getByLabelText('Sub-agent 2 tracking phone'), '480 555 0122');
    await user.type(within(form).getByLabelText('Notes about your sub-agents'), 'New Hire covers Mesa.');
    await user.click(within(form).getByRole('button', { name: 'Save sub-agents' }));

    expect(await screen.findByText('Sub-agents could not be saved')).toBeInTheDocument();
    expect(
      screen.getByText('The tracking phone (480) 555-0122 belongs to another agent.'),
    ).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(1);
    expect(screen.queryByText('Sub-agents saved')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Sub-agent 1 name')).toHaveValue('Old Hand');
    expect(within(form).getByLabelText('Sub-agent 1 tracking phone')).toHaveValue('(480) 555-0111');
    expect(within(form).getByLabelText('Sub-agent 2 name')).toHaveValue('New Hire');
    expect(within(form).getByLabelText('Sub-agent 2 tracking phone')).toHaveValue('480 555 0122');
    expect(within(form).getByLabelText('Notes about your sub-agents')).toHaveValue('New Hire covers Mesa.');
    // Still unsaved: the person can send it again.
    expect(within(form).getByRole('button', { name: 'Save sub-agents' })).toBeEnabled();
  });
});
