/** @jsxRuntime automatic */
import { formatPhone } from '@portal/shared';
import { formatDateTime } from './format';
import { ActionButton, Details, Note, Paragraph } from './layout';
import { type Email, renderEmail, textLink, textRows } from './render';

/** The messages of the signup wizard: the test SMS and e-mail, the office's failure notice, the call. */

export const TEST_EMAIL_TEMPLATE = 'signup_test_email';
export const TEST_SMS_TEMPLATE = 'signup_test_sms';

/** One SMS (GSM-7, under 160 characters) for any ordinary first name. */
export const testSmsBody = (firstName: string) =>
  `Hi ${firstName}, this is your test message from the agent portal. No reply is needed: go back to the portal and tell us it arrived.`;
export const TEST_EMAIL_SUBJECT = 'Your test e-mail from the agent portal';

export function testEmail(firstName: string, portalUrl?: string): Promise<Email> {
  const greeting = `Hi ${firstName},`;
  const words =
    'This is your test e-mail from the agent portal. No reply is needed: go back to the portal and tell us it arrived.';
  return renderEmail({
    template: TEST_EMAIL_TEMPLATE,
    subject: TEST_EMAIL_SUBJECT,
    preview: 'It arrived: go back to the portal and tell us.',
    heading: 'Your test e-mail',
    body: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{words}</Paragraph>
        {portalUrl ? <ActionButton href={portalUrl}>Back to the portal</ActionButton> : null}
      </>
    ),
    text: [greeting, words, portalUrl && textLink('Back to the portal', portalUrl)],
  });
}

export interface FailureNotice {
  channel: 'sms' | 'email';
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
  /** The agent in the console, when known. */
  agentUrl?: string | null;
}

/** The office's notice: enough to contact the agent without opening the portal. */
export function failureNoticeEmail(notice: FailureNotice): Promise<Email> {
  const what = notice.channel === 'sms' ? 'test text message' : 'test e-mail';
  const headline =
    notice.reason === 'reported'
      ? `${notice.name} reported that the ${what} did not arrive.`
      : `The ${what} to ${notice.name} could not be delivered.`;
  const rows: [string, string | null][] = [
    ['Agent', notice.name],
    ['Account e-mail', notice.accountEmail],
    ['Agent e-mail', notice.agentEmail],
    ['Phone on the profile', formatPhone(notice.profilePhone)],
    notice.channel === 'sms' ? ['Phone tried', formatPhone(notice.tried)] : ['Address tried', notice.tried],
    ['Attempt number', notice.attemptNumber ? String(notice.attemptNumber) : null],
    ['Provider error', notice.providerError],
  ];
  const next = 'The signup wizard lets the agent continue; please contact them to sort it out.';
  return renderEmail({
    template: `signup_${notice.channel}_test_${notice.reason}`,
    subject: `${notice.channel === 'sms' ? 'Test SMS' : 'Test e-mail'} ${
      notice.reason === 'reported' ? 'failed' : 'undeliverable'
    }: ${notice.name}`,
    preview: headline,
    heading: notice.channel === 'sms' ? 'A test text message failed' : 'A test e-mail failed',
    body: (
      <>
        <Paragraph>{headline}</Paragraph>
        <Details rows={rows} />
        <Paragraph>{next}</Paragraph>
        {notice.agentUrl ? <ActionButton href={notice.agentUrl}>Open the agent</ActionButton> : null}
      </>
    ),
    text: [headline, textRows(rows), next, notice.agentUrl && textLink('Open the agent', notice.agentUrl)],
  });
}

export interface OnboardingCallInput {
  firstName: string;
  startsAt: Date;
  /** The agent's time zone choice. */
  timezone: string;
  /** The subject's words for the time, kept as they always were. */
  when: string;
  /** The video call's address; without one the office phones the agent. */
  joinUrl?: string | null;
  agentPhone?: string | null;
}

export function onboardingCallEmail(input: OnboardingCallInput): Promise<Email> {
  const greeting = `Hello ${input.firstName || 'there'},`;
  const booked = `Your onboarding call is booked: we go through your profile, service area and lead routing, and answer your questions.`;
  const phone = formatPhone(input.agentPhone);
  const where = input.joinUrl ? 'Video call' : `The office will phone you${phone ? ` at ${phone}` : ''}.`;
  const rows: [string, string | null][] = [
    ['When', formatDateTime(input.startsAt, input.timezone)],
    ['Where', where],
  ];
  const invitation =
    'The invitation is attached: open it to add the call to your calendar. To change the time, go back to the signup page in the portal and choose another.';
  return renderEmail({
    template: 'onboarding_call',
    subject: `Your onboarding call: ${input.when}`,
    preview: `${input.when}. ${where}`,
    heading: 'Your onboarding call',
    body: (
      <>
        <Paragraph>{greeting}</Paragraph>
        <Paragraph>{booked}</Paragraph>
        <Details rows={rows} />
        {input.joinUrl ? <ActionButton href={input.joinUrl}>Join the call</ActionButton> : null}
        <Note>{invitation}</Note>
      </>
    ),
    text: [
      greeting,
      booked,
      textRows(rows),
      input.joinUrl && textLink('Join the call', input.joinUrl),
      invitation,
    ],
  });
}
