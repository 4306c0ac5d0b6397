import { z } from 'zod';
import { PhoneSchema, RequiredEmailSchema } from './profile';

/**
 * The signup wizard's `sms` and `email` steps (SPEC.md section 7): send a real test message,
 * follow its delivery, and report that it never arrived.
 */

/**
 * Names go into a text message to a number the agent chooses: letters and the punctuation of
 * names only, so the endpoint cannot carry a link or a phone number to a stranger.
 */
const NAME_PATTERN = /^[\p{L}\p{M}\p{Zs}'’.,-]+$/u;
const personName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`)
    .regex(NAME_PATTERN, `${label} can only contain letters, spaces, hyphens, apostrophes and periods`);

const AttemptNumberSchema = z
  .number({ message: 'attempt_number must be a number' })
  .int('attempt_number must be a whole number')
  .min(1, 'attempt_number starts at 1')
  .max(1000, 'attempt_number is too large');

export const SendTestSmsRequestSchema = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  phone: PhoneSchema,
  is_retry: z.boolean().default(false),
  notify_team_on_failure: z.boolean().default(false),
});
export type SendTestSmsRequest = z.input<typeof SendTestSmsRequestSchema>;

export const SendTestEmailRequestSchema = z.object({
  first_name: personName('First name'),
  last_name: personName('Last name'),
  agent_email: RequiredEmailSchema,
  is_retry: z.boolean().default(false),
  notify_team_on_failure: z.boolean().default(false),
});
export type SendTestEmailRequest = z.input<typeof SendTestEmailRequestSchema>;

export const ReportSmsFailureRequestSchema = z.object({
  phone: PhoneSchema,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  attempt_number: AttemptNumberSchema,
});
export type ReportSmsFailureRequest = z.input<typeof ReportSmsFailureRequestSchema>;

export const ReportEmailFailureRequestSchema = z.object({
  agent_email: RequiredEmailSchema,
  first_name: personName('First name'),
  last_name: personName('Last name'),
  attempt_number: AttemptNumberSchema,
});
export type ReportEmailFailureRequest = z.input<typeof ReportEmailFailureRequestSchema>;

/**
 * A send answers 200 either way (SPEC.md section 8): OK with the message's id to follow, or
 * ERROR with a plain explanation when the message could not even be queued.
 */
export const TestSendResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('OK'), message: z.string(), message_id: z.string() }),
  z.object({ status: z.literal('ERROR'), message: z.string() }),
]);
export type TestSendResponse = z.infer<typeof TestSendResponseSchema>;

export const FAILURE_REPORTED_MESSAGE = 'We have told the office; they will contact you.';

export const FailureReportResponseSchema = z.object({
  status: z.literal('OK'),
  message: z.string(),
});
export type FailureReportResponse = z.infer<typeof FailureReportResponseSchema>;

export const TEST_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type TestMessageStatus = (typeof TEST_MESSAGE_STATUSES)[number];

/**
 * GET /portal/agents/test-messages/:id. `queued` with a last_error means a retry is coming;
 * `failed` is final, and the wizard then offers to report the failure.
 */
export const TestMessageStatusResponseSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  status: z.enum(TEST_MESSAGE_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
});
export type TestMessageStatusResponse = z.infer<typeof TestMessageStatusResponseSchema>;
