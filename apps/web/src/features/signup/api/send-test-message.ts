import type { SendTestEmailRequest, SendTestSmsRequest, TestSendResponse } from '@portal/shared';
import { api } from '@/lib/api-client';

export type TestChannel = 'sms' | 'email';

/**
 * POST /portal/agents/send-test-sms and send-test-email. 200 either way: `OK` with the id of
 * the message to follow, or `ERROR` with a message; 429 (with Retry-After) when sent too often.
 */
export function sendTestSms(body: SendTestSmsRequest) {
  return api.post<TestSendResponse>('/portal/agents/send-test-sms', body);
}

export function sendTestEmail(body: SendTestEmailRequest) {
  return api.post<TestSendResponse>('/portal/agents/send-test-email', body);
}
