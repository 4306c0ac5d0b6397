import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECIPIENT_SESSION_KEY } from '@/lib/api-client';
import { recipientSession } from '@/test/factories';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

function asRecipient() {
  localStorage.setItem(RECIPIENT_SESSION_KEY, JSON.stringify(recipientSession));
  const mocks = mockFetch({
    'GET /api/recipient/me': () =>
      json(200, {
        recipient_context: { ...recipientSession.recipient_context, agent_name: 'Alex A. Agent' },
      }),
  });
  return { ...mocks, ...renderApp('/leads') };
}

describe('the recipient portal', () => {
  it('shows who is signed in and for which agent, with the recipient session header only', async () => {
    const { callsTo } = asRecipient();

    expect(await screen.findByRole('heading', { level: 1, name: 'Leads routed to you' })).toBeInTheDocument();
    expect(screen.getByText('Your leads will be listed here')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Riley Recipient')).toBeInTheDocument();
    // The context from GET /recipient/me replaces the one stored at sign-in.
    expect(await within(main).findByText('Alex A. Agent')).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    const [meCall] = callsTo('GET /api/recipient/me');
    expect(meCall!.headers.get('X-Recipient-Session')).toBe('recipient-session-token');
    expect(meCall!.headers.get('Authorization')).toBeNull();
  });
});
