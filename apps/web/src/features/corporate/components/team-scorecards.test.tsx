import { type AgentCapacity, NO_FLOORS, type TeamScorecardList } from '@portal/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, localDay } from '@/lib/agent-capacity-api';
import { buildMe } from '@/test/factories';
import { json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildScorecard } from '@/test/scorecards';
import { TeamScorecards } from './team-scorecards';

const PAGE_LOAD = { timeout: 5000 };
const floors = { ...NO_FLOORS, appointment_rate: 20 };
const capacity = (values: Partial<AgentCapacity> = {}): AgentCapacity => ({
  paused_until: null,
  monthly_lead_cap: null,
  own_monthly_lead_cap: null,
  leads_this_month: 0,
  ...values,
});
const pausedUntil = addDays(localDay(), 10);
const list: TeamScorecardList = {
  floors,
  items: [
    {
      ...buildScorecard({ agent_id: 'a-1', agent_name: 'Zoe Zed', values: { appointment_rate: 35 }, floors }),
      capacity: capacity({ monthly_lead_cap: 30, own_monthly_lead_cap: 25, leads_this_month: 3 }),
    },
    {
      ...buildScorecard({ agent_id: 'a-2', agent_name: 'Abe Ant', values: { appointment_rate: 10 }, floors }),
      capacity: capacity({ leads_this_month: 1 }),
    },
    {
      ...buildScorecard({ agent_id: 'a-3', agent_name: 'Mo Mid', values: {}, floors }),
      capacity: capacity({ paused_until: pausedUntil }),
    },
  ],
  total: 3,
};

function server(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, buildMe({ agent_profile: null })),
    'GET /api/portal/corporate-scorecards': () => json(200, list),
    'GET /api/portal/managed-groups/:groupId/scorecards': () => json(200, list),
    'PATCH /api/portal/corporate-agents/:agentId': () => json(200, {}),
    'PATCH /api/portal/managed-groups/:groupId/members/:memberId': () => json(200, {}),
    ...extra,
  });
}

const names = () =>
  within(screen.getByRole('table', { name: /^Scorecards:/ }))
    .getAllByRole('rowheader')
    .map((cell) =>
      cell.textContent?.replace(/(Below|Paused until|No cap|\d+ this month|Monthly cap|Pause).*$/, ''),
    );

describe('the agents’ scorecards side by side', { timeout: 20_000 }, () => {
  it('sorts by any column on the page, no figure last, and flags who is below a floor', async () => {
    server();
    const { user } = renderApp(<TeamScorecards scope={{ kind: 'corporate' }} whose="Your agents" />);
    await screen.findByRole('table', { name: 'Scorecards: Your agents' }, PAGE_LOAD);
    expect(names()).toEqual(['Abe Ant', 'Mo Mid', 'Zoe Zed']);
    expect(screen.getByRole('row', { name: /Abe Ant/ })).toHaveTextContent('Below 1 floor');
    // Where each stands for routing: the lower of the two caps, and a pause.
    expect(screen.getByRole('row', { name: /Zoe Zed/ })).toHaveTextContent('3 this month of 25');
    expect(screen.getByRole('row', { name: /Abe Ant/ })).toHaveTextContent('No cap · 1 this month');
    expect(screen.getByRole('row', { name: /Mo Mid/ })).toHaveTextContent(/Paused until \w+/);

    const header = screen.getByRole('columnheader', { name: /Appointment rate/ });
    expect(header).toHaveTextContent('At least 20%');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Zoe Zed', 'Abe Ant', 'Mo Mid']);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Abe Ant', 'Zoe Zed', 'Mo Mid']);
  });

  it('lets an office set an agent’s monthly cap, checked before it is sent', async () => {
    const { callsTo } = server();
    const { user } = renderApp(<TeamScorecards scope={{ kind: 'corporate' }} whose="Your agents" />);
    await user.click(await screen.findByRole('button', { name: "Set Abe Ant's monthly cap" }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: "Abe Ant's monthly cap" });
    const field = within(dialog).getByLabelText('Leads a month');
    await user.type(field, '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save the cap' }));
    expect(await within(dialog).findByText('The monthly cap is a whole number of leads')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save the cap' }));
    expect(await screen.findByText('Abe Ant: at most 30 leads a month')).toBeInTheDocument();
    expect(
      callsTo('PATCH /api/portal/corporate-agents/:agentId').map((call) => [call.path, call.body]),
    ).toEqual([['/api/portal/corporate-agents/a-2', JSON.stringify({ monthly_lead_cap: 30 })]]);

    // An agent with a cap: the dialog opens on it, with this month's leads.
    await user.click(screen.getByRole('button', { name: "Set Zoe Zed's monthly cap" }));
    const zoe = await screen.findByRole('dialog', { name: "Zoe Zed's monthly cap" });
    expect(within(zoe).getByLabelText('Leads a month')).toHaveValue(30);
    expect(zoe).toHaveTextContent('3 have so far');
  });

  it('lets a group manager pause a member until a date', async () => {
    const { callsTo } = server();
    const { user } = renderApp(<TeamScorecards scope={{ kind: 'manager', groupId: 'g-1' }} whose="West" />);
    await user.click(
      await screen.findByRole('button', { name: "Pause or resume Mo Mid's leads" }, PAGE_LOAD),
    );
    const dialog = await screen.findByRole('dialog', { name: "Pause Mo Mid's leads" });
    // Opened on the pause as it stands.
    expect(within(dialog).getByLabelText('Leads start again on')).toHaveValue(pausedUntil);
    expect(dialog).toHaveTextContent('Paused now: leads start again on');
    const until = addDays(localDay(), 14);
    fireEvent.change(within(dialog).getByLabelText('Leads start again on'), { target: { value: until } });
    await user.click(within(dialog).getByRole('button', { name: 'Pause leads' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      callsTo('PATCH /api/portal/managed-groups/:groupId/members/:memberId').map((call) => [
        call.path,
        call.body,
      ]),
    ).toEqual([['/api/portal/managed-groups/g-1/members/a-3', JSON.stringify({ paused_until: until })]]);
  });

  it('says when no agent has a scorecard yet', async () => {
    server({ 'GET /api/portal/corporate-scorecards': () => json(200, { floors, items: [], total: 0 }) });
    renderApp(<TeamScorecards scope={{ kind: 'corporate' }} whose="Your agents" />);
    expect(
      await screen.findByText("No scorecard yet: figures start with an agent's first lead.", {}, PAGE_LOAD),
    ).toBeInTheDocument();
  });
});
