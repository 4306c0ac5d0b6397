import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { DevMailboxPage } from './dev-mailbox-page';

const superuser = buildMe({ is_superuser: true, user_role: 'superuser', agent_profile: null });

const message = {
  id: 'm1',
  channel: 'email',
  to: 'agent@example.com',
  from: 'office@example.com',
  reply_to: null,
  subject: 'Your sign-in link',
  text: 'Open this link to sign in: http://localhost:3000/login/magic/abc.def.ghi',
  html: '<p id="injected">Open <a href="http://localhost:3000/login/magic/abc.def.ghi">this link</a></p><script>window.pwned = true</script>',
  status: 'sent',
  created_at: '2025-03-01T10:00:00.000Z',
  sent_at: '2025-03-01T10:00:01.000Z',
  links: ['http://localhost:3000/login/magic/abc.def.ghi', 'https://example.org/help'],
};

function renderMailbox(mailbox: Handler) {
  return {
    ...mockFetch({
      'POST /api/refresh': signedInRefresh(),
      'GET /api/portal/me': () => json(200, superuser),
      'GET /api/dev/mailbox': mailbox,
    }),
    ...renderApp(<DevMailboxPage />, { url: '/dev/mailbox' }),
  };
}

describe('dev mailbox', () => {
  it('lists messages and opens one with its links, never injecting its HTML', async () => {
    const { user } = renderMailbox(() =>
      json(200, {
        items: [
          message,
          { ...message, id: 'm2', channel: 'sms', subject: null, to: '+15550100', html: null, links: [] },
        ],
      }),
    );

    await user.click(await screen.findByRole('button', { name: /Your sign-in link/ }));
    expect(screen.getByRole('button', { name: /Text message to \+15550100/ })).toBeInTheDocument();

    const links = screen.getByRole('heading', { name: 'Links in this message' }).parentElement!;
    expect(
      within(links).getByRole('link', { name: 'http://localhost:3000/login/magic/abc.def.ghi' }),
    ).toHaveAttribute('href', '/login/magic/abc.def.ghi');
    const external = within(links).getByRole('link', { name: /https:\/\/example.org\/help/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(/Open this link to sign in/)).toBeInTheDocument();

    const frame = screen.getByTitle('HTML version of Your sign-in link');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(document.getElementById('injected')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('says when there are no messages, and refreshes on request', async () => {
    const { user, callsTo } = renderMailbox((_, call) => json(200, { items: call === 0 ? [] : [message] }));

    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: /Your sign-in link/ })).toBeInTheDocument();
    expect(callsTo('GET /api/dev/mailbox')).toHaveLength(2);
  });

  it('explains a 404: the server is not in embedded mode', async () => {
    renderMailbox(() => json(404, { detail: 'Not found' }));
    expect(await screen.findByText('The dev mailbox is not available on this server')).toBeInTheDocument();
  });

  it('explains a 403: superusers only', async () => {
    renderMailbox(() => json(403, { detail: 'You do not have access to this' }));
    expect(await screen.findByText('Only superusers can read the dev mailbox.')).toBeInTheDocument();
  });
});
