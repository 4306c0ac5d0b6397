import {
  BookCallRequestSchema,
  CallSlotsResponseSchema,
  DetailSchema,
  ERROR,
  OnboardingCallResponseSchema,
  OnboardingCallSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { findAgentByUserId } from '../agents/queries';
import { bookCall, cancelCall, currentCall, listSlots } from './service';
import { trackingNumberCard } from './slots';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
};

/** The signup wizard's zoom (onboarding call) and saveTheNumber (vCard) steps. */
export async function signupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/portal/me/onboarding-call/slots',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'Times open for the onboarding call',
        response: { 200: CallSlotsResponseSchema, ...errors },
      },
    },
    async (request) => listSlots(app.deps, currentUser(request)),
  );

  r.get(
    '/portal/me/onboarding-call',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'The booked onboarding call, if any',
        response: { 200: OnboardingCallResponseSchema, ...errors },
      },
    },
    async (request) => ({ call: await currentCall(app.deps, currentUser(request)) }),
  );

  r.post(
    '/portal/me/onboarding-call',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'Book (or move) the onboarding call; the invitation is e-mailed with an .ics file',
        body: BookCallRequestSchema,
        response: { 201: OnboardingCallSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await bookCall(app.deps, currentUser(request), request.body.starts_at)),
  );

  r.delete(
    '/portal/me/onboarding-call',
    { preHandler: requireUser, schema: { tags: ['signup'], response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await cancelCall(app.deps, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/portal/me/tracking-number.vcf',
    {
      preHandler: requireUser,
      schema: {
        tags: ['signup'],
        summary: 'The tracking number as a contact card (vCard)',
        response: {
          200: z.string().describe('text/vcard'),
          404: DetailSchema,
          401: DetailSchema,
          403: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const agent = await findAgentByUserId(app.deps.database.db, currentUser(request).id);
      if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
      if (!agent.agentTrackingPhoneNumber) {
        throw notFound('Your tracking number has not been assigned yet. The office will text it to you.');
      }
      const card = trackingNumberCard({
        name: 'Agent Portal Leads',
        phone: agent.agentTrackingPhoneNumber,
        note: 'Calls and texts from this number are seller leads sent to you by the agent portal. Always answer.',
      });
      return reply
        .type('text/vcard; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="agent-portal-leads.vcf"')
        .send(card);
    },
  );
}
