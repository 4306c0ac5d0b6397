import type {
  FailureReportResponse,
  ReportEmailFailureRequest,
  ReportSmsFailureRequest,
} from '@portal/shared';
import { api } from '@/lib/api-client';

/**
 * POST /portal/agents/report-sms-failure and report-email-failure: the test never arrived. The
 * office is told, and the server answers the step "no" (sms_test / email_test) so the agent can go on.
 */
export function reportSmsFailure(body: ReportSmsFailureRequest) {
  return api.post<FailureReportResponse>('/portal/agents/report-sms-failure', body);
}

export function reportEmailFailure(body: ReportEmailFailureRequest) {
  return api.post<FailureReportResponse>('/portal/agents/report-email-failure', body);
}
