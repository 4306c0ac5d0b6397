import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildLead } from '../test/agents-data';
import { list, superuserServer, uuid } from '../test/console-data';
import { AdminAgentPreviewPage } from './agent-preview-page';

const PAGE_LOAD = { timeout: 5000 };
const agentId = uuid(9001);

function previewServer(
  me = buildMe({
    agent_profile: {
      id: agentId,
      agent: 'Jordan Rivera',
      signup_status: 'complete',
      can_see_portal_zips: false,
    },
  }),
) {
  const lead = buildLead({
    first_name: 'Nora',
    last_name: 'Newest',
    agent_id: agentId,
    agent_name: 'Jordan Rivera',
    notes: 'Call after 5 pm',
  });
  return superuserServer({
    'GET /api/admin/agents/:id/preview': () => json(200, me),
    'GET /api/admin/leads': () => json(200, list([lead])),
  });
}

describe("the preview of an agent's portal", { timeout: 20_000 }, () => {
  it('says it is read only and shows where they land, their menu, checklist and leads', async () => {
    const { callsTo } = previewServer();
    const { user } = renderApp(<AdminAgentPreviewPage />, {
      url: `/admin/agents/${agentId}/preview`,
      path: '/admin/agents/:agentId/preview',
    });
    expect(await screen.findByText('Preview — read only', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Jordan Rivera's portal", level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where they land' })).toHaveTextContent(
      'Onboarding /onboarding',
    );
    const menu = screen.getByRole('list', { name: 'Their navigation' });
    const items = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toContain('Routing');
    expect(items).not.toContain('ZIP codes');
    expect(within(menu).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Onboarding sections' })).toHaveTextContent('Start Here');

    const leads = await screen.findByRole('list', { name: 'Their latest leads' });
    expect(new URL(callsTo('GET /api/admin/leads')[0]!.path, 'http://t').searchParams.get('agent_id')).toBe(
      agentId,
    );
    await user.click(within(leads).getByRole('button', { name: /Nora Newest/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Nora Newest' });
    expect(sheet).toHaveTextContent('Call after 5 pm');
    expect(within(sheet).queryByRole('button', { name: /Archive|Close lead|Save/ })).not.toBeInTheDocument();
    // Nothing on the page saves: only the agent's own calls were made.
    expect(callsTo('PATCH /api/admin/agents/:id')).toHaveLength(0);
  });

  it('sends an agent in the middle of signup to their wizard step', async () => {
    previewServer(buildMe({ agent_profile: { id: agentId, agent: 'Sam New', signup_status: 'sms' } }));
    renderApp(<AdminAgentPreviewPage />, {
      url: `/admin/agents/${agentId}/preview`,
      path: '/admin/agents/:agentId/preview',
    });
    expect(await screen.findByRole('region', { name: 'Where they land' }, PAGE_LOAD)).toHaveTextContent(
      'Signup wizard: Text message test /signup/sms',
    );
  });
});
