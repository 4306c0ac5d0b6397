import {
  DetailSchema,
  FailureReportResponseSchema,
  ReportEmailFailureRequestSchema,
  ReportSmsFailureRequestSchema,
  SendTestEmailRequestSchema,
  SendTestSmsRequestSchema,
  TestMessageStatusResponseSchema,
  TestSendResponseSchema,
} from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireMaySendEmail, requireUser } from '../../plugins/auth';
import { reportTestFailure } from './report-failure';
import { type Caller, getTestMessageStatus, sendTestEmail, sendTestSms } from './send-test';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 429: DetailSchema };

const callerOf = (request: FastifyRequest): Caller => ({
  user: currentUser(request),
  ip: request.ip,
  log: request.log,
});

/** The signup wizard's test SMS and e-mail (steps `sms` and `email`, SPEC.md section 7). */
export async function signupTestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/portal/agents/send-test-sms',
    {
      preHandler: requireMaySendEmail,
      schema: {
        tags: ['signup'],
        summary: 'Send the agent a test text message (delivery follows in the background)',
        body: SendTestSmsRequestSchema,
        response: { 200: TestSendResponseSchema, ...errors },
      },
    },
    async (request) => sendTestSms(app.deps, callerOf(request), request.body),
  );

  r.post(
    '/portal/agents/send-test-email',
    {
      preHandler: requireMaySendEmail,
      schema: {
        tags: ['signup'],
        summary: "Send a test e-mail to the agent's own address",
        body: SendTestEmailRequestSchema,
        response: { 200: TestSendResponseSchema, ...errors },
      },
    },
    async (request) => sendTestEmail(app.deps, callerOf(request), request.body),
  );

  r.get(
    '/portal/agents/test-messages/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: "Delivery status of one of the agent's test messages",
        params: z.object({ id: z.string() }),
        response: { 200: TestMessageStatusResponseSchema, 401: DetailSchema, 404: DetailSchema },
      },
    },
    async (request) =>
      getTestMessageStatus(app.deps.database.db, { userId: currentUser(request).id, id: request.params.id }),
  );

  r.post(
    '/portal/agents/report-sms-failure',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'The test text message did not arrive: tell the office and let the agent go on',
        body: ReportSmsFailureRequestSchema,
        response: { 200: FailureReportResponseSchema, ...errors },
      },
    },
    async (request) =>
      reportTestFailure(app.deps, callerOf(request), {
        channel: 'sms',
        tried: request.body.phone,
        firstName: request.body.first_name,
        lastName: request.body.last_name,
        attemptNumber: request.body.attempt_number,
      }),
  );

  r.post(
    '/portal/agents/report-email-failure',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'The test e-mail did not arrive: tell the office and let the agent go on',
        body: ReportEmailFailureRequestSchema,
        response: { 200: FailureReportResponseSchema, ...errors },
      },
    },
    async (request) =>
      reportTestFailure(app.deps, callerOf(request), {
        channel: 'email',
        tried: request.body.agent_email,
        firstName: request.body.first_name,
        lastName: request.body.last_name,
        attemptNumber: request.body.attempt_number,
      }),
  );
}
