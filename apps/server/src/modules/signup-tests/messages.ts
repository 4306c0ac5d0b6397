import type { Email } from '../auth/emails';

/** The texts of the signup wizard's test messages and of the office's failure notices. */

export type TestChannel = 'sms' | 'email';

export const TEST_TEMPLATES = { sms: 'signup_test_sms', email: 'signup_test_email' } as const;
export const TEST_EMAIL_SUBJECT = 'Your test e-mail from the agent portal';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const testSmsBody = (firstName: string) =>
  `Hi ${firstName}, this is your test message from the agent portal. Reply is not needed — go back to the portal and tell us it arrived.`;

export function testEmail(firstName: string): Email {
  const lines = [
    `Hi ${firstName},`,
    'This is your test e-mail from the agent portal. No reply is needed: go back to the portal and tell us it arrived.',
  ];
  const body = lines.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return {
    template: TEST_TEMPLATES.email,
    subject: TEST_EMAIL_SUBJECT,
    text: `${lines.join('\n\n')}\n\nThe agent portal office`,
    html: `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">${body}<p style="margin:0">The agent portal office</p></body></html>`,
  };
}

export const sentMessage = (channel: TestChannel, to: string) =>
  channel === 'sms'
    ? `We sent a test text message to ${to}. It should arrive within a minute.`
    : `We sent a test e-mail to ${to}. It should arrive within a few minutes; check your spam folder too.`;

export const notQueuedMessage = (channel: TestChannel) =>
  `We could not send the test ${channel === 'sms' ? 'text message' : 'e-mail'} just now. Please try again in a minute.`;

export interface FailureNotice {
  channel: TestChannel;
  /** The agent said so (a report), or the provider gave up (automatic). */
  reason: 'reported' | 'undeliverable';
  name: string;
  accountEmail: string;
  agentEmail: string;
  profilePhone: string;
  /** The phone number or e-mail address the test went to. */
  tried: string;
  attemptNumber: number | null;
  providerError: string | null;
}

/** The office's notice: enough to contact the agent without opening the portal. */
export function failureNoticeEmail(notice: FailureNotice): Omit<Email, 'html'> {
  const what = notice.channel === 'sms' ? 'test text message' : 'test e-mail';
  const headline =
    notice.reason === 'reported'
      ? `${notice.name} reported that the ${what} did not arrive.`
      : `The ${what} to ${notice.name} could not be delivered.`;
  const lines = [
    headline,
    '',
    `Agent: ${notice.name}`,
    `Account e-mail: ${notice.accountEmail}`,
    `Agent e-mail: ${notice.agentEmail || '(none)'}`,
    `Phone on the profile: ${notice.profilePhone || '(none)'}`,
    `${notice.channel === 'sms' ? 'Phone' : 'Address'} tried: ${notice.tried}`,
    ...(notice.attemptNumber ? [`Attempt number: ${notice.attemptNumber}`] : []),
    ...(notice.providerError ? [`Provider error: ${notice.providerError}`] : []),
    '',
    'The signup wizard lets the agent continue; please contact them to sort it out.',
  ];
  return {
    template: `signup_${notice.channel}_test_${notice.reason}`,
    subject: `${notice.channel === 'sms' ? 'Test SMS' : 'Test e-mail'} ${
      notice.reason === 'reported' ? 'failed' : 'undeliverable'
    }: ${notice.name}`,
    text: lines.join('\n'),
  };
}
