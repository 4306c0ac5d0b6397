import { formatPhone } from '@portal/shared';
import { TEST_EMAIL_TEMPLATE, TEST_SMS_TEMPLATE } from '../../emails/signup';

/** What the wizard answers about its test messages; the messages are in src/emails/signup.tsx. */

export type TestChannel = 'sms' | 'email';

export const TEST_TEMPLATES = { sms: TEST_SMS_TEMPLATE, email: TEST_EMAIL_TEMPLATE } as const;

/** `to` as stored (E.164 for a phone); the agent reads the phone as written everywhere else. */
export const sentMessage = (channel: TestChannel, to: string) =>
  channel === 'sms'
    ? `We sent a test text message to ${formatPhone(to)}. It should arrive within a minute.`
    : `We sent a test e-mail to ${to}. It should arrive within a few minutes; check your spam folder too.`;

export const notQueuedMessage = (channel: TestChannel) =>
  `We could not send the test ${channel === 'sms' ? 'text message' : 'e-mail'} just now. Please try again in a minute.`;
