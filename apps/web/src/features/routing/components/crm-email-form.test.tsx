import type { AgentRecord } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { RoutingCrmPage } from '../pages/routing-pages';

function openCrm(patch?: Handler) {
  const agent = buildAgent({ crm_email: 'old@crm.example' });
  const mocks = mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: agent })),
    'PATCH /api/portal/me/agent_profile':
      patch ?? ((request) => json(200, { ...agent, ...(JSON.parse(request.body!) as Partial<AgentRecord>) })),
  });
  return { ...mocks, ...renderApp(<RoutingCrmPage />, { url: '/routing/crm' }) };
}

describe('the CRM e-mail form', () => {
  it('can be saved only when the address is valid and different, then says so', async () => {
    const { user, callsTo } = openCrm();
    const input = await screen.findByLabelText('CRM e-mail address');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(input).toHaveValue('old@crm.example');
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'not-an-address');
    await user.tab();
    // The form checks the address asynchronously (zodResolver): the error comes after the blur.
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    // Enter submits the form, but nothing invalid is sent.
    await user.type(input, '{Enter}');
    expect(callsTo('PATCH /api/portal/me/agent_profile')).toHaveLength(0);

    // The same address, however typed, is no change.
    await user.clear(input);
    await user.type(input, ' OLD@crm.example ');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument(),
    );
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'New@CRM.example');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('CRM email updated successfully')).toBeInTheDocument();
    expect(callsTo('PATCH /api/portal/me/agent_profile').map((call) => JSON.parse(call.body!))).toEqual([
      { crm_email: 'new@crm.example' },
    ]);
    await waitFor(() => expect(input).toHaveValue('new@crm.example'));
    expect(save).toBeDisabled();
    expect(screen.getByText('Leads are forwarded to new@crm.example.')).toBeInTheDocument();
  });

  it('says so when the save fails and keeps what was typed', async () => {
    const { user } = openCrm(() => json(500, { detail: 'Internal server error' }));
    const input = await screen.findByLabelText('CRM e-mail address');
    await user.clear(input);
    await user.type(input, 'new@crm.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to update CRM email')).toBeInTheDocument();
    expect(input).toHaveValue('new@crm.example');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
