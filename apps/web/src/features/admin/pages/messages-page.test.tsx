import type { AdminMessage, AdminProviderLimits } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { buildMessage, list, superuserServer } from '../test/console-data';
import { AdminMessagesPage } from './messages-page';

const PAGE_LOAD = { timeout: 5000 };

const PROVIDER_LIMITS: AdminProviderLimits = {
  texts: {
    per_second: 30,
    last_minute: 840,
    peak_second: 28,
    peak_at: '2026-11-20T12:00:00Z',
    paused_until: null,
  },
  smtp: { connections: 5, in_use: 3 },
};

function failedSms(): AdminMessage {
  return buildMessage({
    channel: 'sms',
    to: '+16025550142',
    subject: null,
    text_body: 'New lead: Sam Seller\n12 Main St',
    template: 'lead_sms',
    status: 'failed',
    attempts: 2,
    last_error: 'Carrier rejected the number',
    sent_at: null,
    attempt_log: [
      {
        attempt: 1,
        status: 'failed',
        provider: 'twilio',
        error: 'Too Many Requests',
        provider_status: 429,
        retry_at: '2026-11-20T12:05:00Z',
        created_at: '2026-11-20T12:00:00Z',
      },
      {
        attempt: 2,
        status: 'failed',
        provider: 'twilio',
        error: 'Carrier rejected the number',
        provider_status: 400,
        retry_at: null,
        created_at: '2026-11-20T12:05:00Z',
      },
    ],
  });
}

function outboxServer(messages: AdminMessage[]) {
  return superuserServer({
    'GET /api/admin/outbox': () => json(200, list(messages)),
    'GET /api/admin/provider-limits': () => json(200, PROVIDER_LIMITS),
    'POST /api/admin/outbox/:id/retry': (request) => {
      const id = request.path.split('/').at(-2);
      const index = messages.findIndex((message) => message.id === id);
      messages[index] = { ...messages[index]!, status: 'queued' };
      return json(200, messages[index]);
    },
  });
}

describe('the messages page', { timeout: 20_000 }, () => {
  it('filters by status, channel and recipient in the address', async () => {
    const server = outboxServer([buildMessage({ subject: 'Welcome aboard' })]);
    const { user, router } = renderApp(<AdminMessagesPage />, { url: '/admin/messages?status=failed' });
    const table = await screen.findByRole('table', { name: 'Messages' }, PAGE_LOAD);
    expect(await within(table).findByRole('button', { name: 'Welcome aboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(server.callsTo('GET /api/admin/outbox')[0]!.path).toContain('status=failed');

    await user.selectOptions(screen.getByLabelText('Channel'), 'Text message');
    await user.type(screen.getByLabelText('To'), '+1602');
    await waitFor(() => expect(router.state.location.search).toContain('to=%2B1602'));
    expect(router.state.location.search).toContain('channel=sms');
    await waitFor(() => {
      const last = new URL(server.callsTo('GET /api/admin/outbox').at(-1)!.path, 'http://test');
      expect(Object.fromEntries(last.searchParams)).toMatchObject({
        status: 'failed',
        channel: 'sms',
        to: '+1602',
      });
    });
  });

  it('opens a message with its text and attempts, and retries a failed one', async () => {
    const message = failedSms();
    const server = outboxServer([message]);
    const { user } = renderApp(<AdminMessagesPage />, { url: '/admin/messages' });
    const table = await screen.findByRole('table', { name: 'Messages' }, PAGE_LOAD);
    const open = await within(table).findByRole('button', { name: 'New lead: Sam Seller' });
    expect(open.closest('tr')).toHaveTextContent('Failed');
    expect(open.closest('tr')).toHaveTextContent('Carrier rejected the number');
    await user.click(open);

    const sheet = screen.getByRole('dialog', { name: 'New lead: Sam Seller' });
    expect(sheet).toHaveTextContent('Text message to +16025550142');
    expect(sheet).toHaveTextContent('12 Main St');
    const attempts = within(sheet).getAllByRole('listitem');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toHaveTextContent('Attempt 1');
    expect(attempts[0]).toHaveTextContent('429: Too Many Requests');
    expect(attempts[0]).toHaveTextContent('Next try');
    expect(attempts[1]).not.toHaveTextContent('Next try');

    await user.click(within(sheet).getByRole('button', { name: 'Retry the message to +16025550142' }));
    expect(
      await screen.findByText('The message to +16025550142 is queued to be sent again'),
    ).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/outbox/:id/retry')[0]!.path).toBe(
      `/api/admin/outbox/${message.id}/retry`,
    );
    // The list is fetched again, and the open message shows its new state.
    await waitFor(() => expect(within(sheet).getByText('Queued')).toBeInTheDocument());
    expect(within(sheet).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('retries from the list without opening the message', async () => {
    const message = failedSms();
    const server = outboxServer([message, buildMessage({ subject: 'Delivered fine' })]);
    const { user } = renderApp(<AdminMessagesPage />, { url: '/admin/messages' });
    const table = await screen.findByRole('table', { name: 'Messages' }, PAGE_LOAD);
    await within(table).findByRole('button', { name: 'Delivered fine' });
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Retry the message to +16025550142' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/outbox/:id/retry')).toHaveLength(1));
    expect(
      await screen.findByText('The message to +16025550142 is queued to be sent again'),
    ).toBeInTheDocument();
  });

  it('says a message’s text was removed after the retention period, and offers no retry', async () => {
    const removed = {
      ...failedSms(),
      text_body: '',
      body_removed_at: '2026-11-21T10:23:00Z',
    };
    outboxServer([removed]);
    const { user } = renderApp(<AdminMessagesPage />, { url: '/admin/messages' });
    const table = await screen.findByRole('table', { name: 'Messages' }, PAGE_LOAD);
    const open = await within(table).findByRole('button', {
      name: '(text removed after the retention period)',
    });
    expect(within(table).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    await user.click(open);
    const sheet = screen.getByRole('dialog', { name: '(text removed after the retention period)' });
    expect(sheet).toHaveTextContent(/The text was removed on .*2026.*, after the retention period/);
    expect(sheet).not.toHaveTextContent('(empty)');
    // Who, when and every attempt are kept.
    expect(sheet).toHaveTextContent('Text message to +16025550142');
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sheet).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('shows each provider limit and how close the network runs to it', async () => {
    const server = outboxServer([]);
    renderApp(<AdminMessagesPage />, { url: '/admin/messages' });
    const limits = await screen.findByRole(
      'region',
      { name: 'Provider limits, all servers together' },
      PAGE_LOAD,
    );
    expect(await within(limits).findByText('Busiest second 28 of 30')).toBeInTheDocument();
    expect(within(limits).getByText('840')).toBeInTheDocument();
    expect(within(limits).getByText('At most 1,800 a minute')).toBeInTheDocument();
    expect(within(limits).getByText('3 of 5 in use')).toBeInTheDocument();
    expect(server.callsTo('GET /api/admin/provider-limits')).toHaveLength(1);
  });
});
