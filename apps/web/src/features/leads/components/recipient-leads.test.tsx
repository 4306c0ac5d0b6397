import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { recipientSession } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { LeadsPage } from '../pages/leads-page';
import { buildLead, leadsServer } from '../test/leads-server';

const PAGE_LOAD = { timeout: 5000 };

// The live stream stays out of these tests: the page polls as it does without it.
vi.mock('@/lib/use-lead-events', () => ({ useLeadEvents: () => ({ connected: false }) }));

function asRecipient(
  leads = [buildLead({ first_name: 'Rita', last_name: 'Routed', lead_type: 'divorced' })],
  render = () => renderApp(<LeadsPage />, { url: '/leads' }),
) {
  localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
  const server = leadsServer(leads, {
    as: 'recipient',
    extra: {
      'GET /api/recipient/me': () =>
        json(200, {
          recipient_context: { ...recipientSession.recipient_context, agent_name: 'Alex A. Agent' },
        }),
    },
  });
  return { ...server, ...render() };
}

describe('the recipient portal', { timeout: 20_000 }, () => {
  it('shows who is signed in and for which agent, with the recipient session header only', async () => {
    // In the portal's frame: who is signed in is said in the page, not only in the sidebar.
    const { callsTo } = asRecipient(undefined, () => renderPortal('/leads'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Leads routed to you' }, PAGE_LOAD),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Riley Recipient')).toBeInTheDocument();
    // The context from GET /recipient/me replaces the one stored at sign-in.
    expect(await within(main).findAllByText('Alex A. Agent')).not.toHaveLength(0);
    expect(within(main).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    const [meCall] = callsTo('GET /api/recipient/me');
    expect(meCall!.headers.get('X-Recipient-Session')).toBe('recipient-session-token');
    expect(meCall!.headers.get('Authorization')).toBeNull();
  });

  it('lists the leads delivered to the recipient, without the agent’s statistics', async () => {
    const { callsTo } = asRecipient();

    // The same work queue as an agent's.
    const name = await screen.findByRole('button', { name: 'Rita Routed' }, PAGE_LOAD);
    expect(name.closest('tr')).toHaveTextContent('Divorce');
    expect(screen.getByRole('table', { name: /Your queue/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads delivered to you' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Queue', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All leads' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Performance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today at a glance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your numbers' })).not.toBeInTheDocument();
    expect(screen.queryByText('Leads this week')).not.toBeInTheDocument();
    expect(callsTo('GET /api/portal/me/lead-stats')).toHaveLength(0);

    const [listCall] = callsTo('GET /api/portal/me/leads');
    expect(listCall!.headers.get('X-Recipient-Session')).toBe('recipient-session-token');
    expect(listCall!.headers.get('Authorization')).toBeNull();
  });

  it('tells a recipient with no leads yet how they arrive', async () => {
    asRecipient([]);
    expect(await screen.findByText('No leads yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText(/Leads delivered to you are listed here as they arrive/)).toBeInTheDocument();
  });
});
