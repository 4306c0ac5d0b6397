import type { AgentRecord } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAgent, buildMe } from '@/test/factories';
import { json } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { renderPortal } from '@/test/render-portal';
import { PERSONAL, signedInAgent } from '@/test/signed-in-agent';
import { TEST_MESSAGE_POLL_MS } from '../api/get-test-message';
import { SIGNUP_WIZARD_PAGES } from '../pages/wizard-pages';

const AT_SMS: Partial<AgentRecord> = { ...PERSONAL, timezone: 'America/Denver', signup_status: 'sms' };

const status = (value: 'queued' | 'sending' | 'sent' | 'failed', last_error: string | null = null) =>
  json(200, { id: 'msg-1', channel: 'sms', status: value, attempts: 1, last_error });

const body = (call: { body: string | null }) => JSON.parse(call.body ?? '{}') as unknown;

describe('the text message test', () => {
  it('sends a test text, follows its delivery, and continues when the agent says it arrived', async () => {
    const { callsTo, patchBodies } = signedInAgent(AT_SMS, {
      'POST /api/portal/agents/send-test-sms': () =>
        json(200, {
          status: 'OK',
          message: 'We sent a test text message to (602) 555-0142. It should arrive within a minute.',
          message_id: 'msg-1',
        }),
      // On its way at first, sent at the next look two seconds later.
      'GET /api/portal/agents/test-messages/msg-1': (_request, index) =>
        index === 0 ? status('queued') : status('sent'),
    });
    // The page asks again every two seconds: the test moves the clock instead of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, location } = renderPortal('/signup/sms');
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(602) 555-0142');

    await user.click(screen.getByRole('button', { name: 'Send me a test text' }));
    expect(
      await screen.findByText(
        'We sent a test text message to (602) 555-0142. It should arrive within a minute.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Status: waiting to be sent…')).toBeInTheDocument();
    expect(body(callsTo('POST /api/portal/agents/send-test-sms')[0]!)).toEqual({
      first_name: 'Jordan',
      last_name: 'Rivera',
      phone: '+16025550142',
      is_retry: false,
      notify_team_on_failure: true,
    });

    await act(() => vi.advanceTimersByTimeAsync(TEST_MESSAGE_POLL_MS));
    const question = await screen.findByRole('heading', { name: 'Did it arrive?' });
    expect(screen.getByText('Status: handed to the phone network.')).toBeInTheDocument();
    expect(callsTo('GET /api/portal/agents/test-messages/msg-1')).toHaveLength(2);
    // No failed try yet: nothing to report.
    expect(screen.queryByRole('button', { name: /tell the office/ })).not.toBeInTheDocument();

    await user.click(within(question.closest('section')!).getByRole('button', { name: 'Yes, it arrived' }));
    await screen.findByRole('heading', { level: 1, name: 'E-mail test' });
    expect(location()).toBe('/signup/email');
    expect(patchBodies()).toEqual([{ sms_test: 'yes', signup_status: 'email' }]);
    // The e-mail test starts afresh: nothing of the text test carries over.
    expect(screen.getByRole('button', { name: 'Send me a test e-mail' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Did it arrive?' })).not.toBeInTheDocument();
  }, 10_000);

  it('after a failed delivery, sends again, then tells the office with the attempt number and lets the agent go on', async () => {
    let reported = false;
    const { callsTo, patchBodies } = signedInAgent(AT_SMS, {
      'GET /api/portal/me': () =>
        json(
          200,
          buildMe({ agent_profile: buildAgent({ ...AT_SMS, sms_test: reported ? 'no' : 'pending' }) }),
        ),
      'POST /api/portal/agents/send-test-sms': (_request, index) =>
        json(200, { status: 'OK', message: `Sent try ${index + 1}.`, message_id: `msg-${index + 1}` }),
      'GET /api/portal/agents/test-messages/msg-1': () => status('failed', 'Carrier rejected the message'),
      'GET /api/portal/agents/test-messages/msg-2': () => status('failed', 'Carrier rejected the message'),
      'POST /api/portal/agents/report-sms-failure': () => {
        reported = true;
        return json(200, { status: 'OK', message: 'We have told the office; they will contact you.' });
      },
    });
    const { user, location } = renderPortal('/signup/sms');
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    await user.click(screen.getByRole('button', { name: 'Send me a test text' }));

    expect(
      await screen.findByText('The test text message could not be delivered: Carrier rejected the message'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, it arrived' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    await screen.findByText('Sent try 2.');
    expect(body(callsTo('POST /api/portal/agents/send-test-sms')[1]!)).toMatchObject({ is_retry: true });

    await screen.findByText('The test text message could not be delivered: Carrier rejected the message');
    await user.click(screen.getByRole('button', { name: "It still hasn't arrived — tell the office" }));
    expect(await screen.findByText('We have told the office; they will contact you.')).toBeInTheDocument();
    expect(body(callsTo('POST /api/portal/agents/report-sms-failure')[0]!)).toEqual({
      first_name: 'Jordan',
      last_name: 'Rivera',
      phone: '+16025550142',
      attempt_number: 2,
    });

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'E-mail test' });
    expect(location()).toBe('/signup/email');
    // The server answered the step "no" itself; Continue only moves on.
    expect(patchBodies()).toEqual([{ signup_status: 'email' }]);
  });

  it('shows a send refused with status ERROR, and a Continue before answering says what to do', async () => {
    const { patchBodies } = signedInAgent(AT_SMS, {
      'POST /api/portal/agents/send-test-sms': () =>
        json(200, {
          status: 'ERROR',
          message: 'We could not send the test text message just now. Please try again in a minute.',
        }),
    });
    const { user } = renderApp(SIGNUP_WIZARD_PAGES.sms, { url: '/signup/sms' });
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    await user.click(screen.getByRole('button', { name: 'Send me a test text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not send the test text message just now. Please try again in a minute.',
    );
    expect(screen.getByRole('button', { name: 'Send it again' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Send yourself the test text message, then tell us whether it arrived.'),
    ).toBeInTheDocument();
    expect(patchBodies()).toHaveLength(0);
  });

  it('stops asking about the delivery when the agent leaves the page', async () => {
    const { callsTo } = signedInAgent(AT_SMS, {
      'POST /api/portal/agents/send-test-sms': () =>
        json(200, { status: 'OK', message: 'We sent a test text message.', message_id: 'msg-1' }),
      'GET /api/portal/agents/test-messages/msg-1': () => status('queued'),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPortal('/signup/sms');
    await screen.findByRole('heading', { level: 1, name: 'Text message test' });
    await user.click(screen.getByRole('button', { name: 'Send me a test text' }));
    await screen.findByText('Status: waiting to be sent…');
    await act(() => vi.advanceTimersByTimeAsync(TEST_MESSAGE_POLL_MS));
    await waitFor(() => expect(callsTo('GET /api/portal/agents/test-messages/msg-1')).toHaveLength(2));

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Time zone' });
    const asked = callsTo('GET /api/portal/agents/test-messages/msg-1').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * TEST_MESSAGE_POLL_MS));
    expect(callsTo('GET /api/portal/agents/test-messages/msg-1')).toHaveLength(asked);
  }, 10_000);
});
