import {
  DetailSchema,
  SendEmailOptionsQuerySchema,
  SendEmailOptionsSchema,
  SendEmailRequestSchema,
  SendEmailResponseSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireMaySendEmail, requireUser } from '../../plugins/auth';
import { sendEmailOptions } from './addresses';
import { sendAgentEmail } from './send-email';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  // A lead offered and not yet accepted (ADR 62).
  409: DetailSchema,
};
/** The message may be up to 50,000 characters, which JSON can escape to several times that. */
const SEND_BODY_LIMIT = 256 * 1024;

/** The agent's e-mail composer (SPEC.md section 7, SECURITY.md item 17). */
export async function messagingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/portal/agents/send-email/options',
    {
      preHandler: requireUser,
      schema: {
        tags: ['messaging'],
        summary: 'The addresses the agent may send from and to (for one lead, with lead_id)',
        querystring: SendEmailOptionsQuerySchema,
        response: { 200: SendEmailOptionsSchema, ...errors },
      },
    },
    async (request) =>
      sendEmailOptions(app.deps.database.db, app.deps.config, {
        user: currentUser(request),
        leadId: request.query.lead_id,
      }),
  );

  r.post(
    '/portal/agents/send-email',
    {
      preHandler: requireMaySendEmail,
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        tags: ['messaging'],
        summary:
          'Send an e-mail to one of your leads or recipients (from the portal, replies to you; HTML sanitised)',
        body: SendEmailRequestSchema,
        response: { 202: SendEmailResponseSchema, ...errors, 413: DetailSchema, 429: DetailSchema },
      },
    },
    async (request, reply) => {
      const result = await sendAgentEmail(
        app.deps,
        { user: currentUser(request), ip: request.ip },
        request.body,
      );
      return reply.status(202).send(result);
    },
  );
}
