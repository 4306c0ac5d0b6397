import { DetailSchema, GroupIdParamsSchema, ScorecardSchema, TeamScorecardListSchema } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { requireCorporate } from '../corporate/require-corporate';
import { RECIPIENT_HEADER, requireRecipient } from '../recipients/sessions';
import { ownScorecard, visibleScorecards } from './lists';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };

/** A signed-in recipient (its session header, no bearer) is known and refused: the card is the agent's. */
async function requireAgentOrRefuseRecipient(request: FastifyRequest): Promise<void> {
  if (!request.headers.authorization && request.headers[RECIPIENT_HEADER] !== undefined) {
    await requireRecipient(request);
    throw forbidden('The scorecard is for the agent only.');
  }
  await requireUser(request);
}

const CorporateScorecardsQuerySchema = z.object({
  group_id: z.uuid({ message: 'group_id must be the id of one of your groups' }).optional(),
});

/** The scorecard (ADR 62): the agent's own, an office's agents', a managed group's members'. */
export async function scorecardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const officeZone = () => app.deps.config.onboardingCalls.officeTimezone;

  r.get(
    '/portal/me/scorecard',
    {
      preHandler: requireAgentOrRefuseRecipient,
      schema: {
        tags: ['leads'],
        summary:
          "The agent's scorecard for the last 90 days beside the 90 before, each figure with the network's floor (agents only)",
        response: { 200: ScorecardSchema, ...errors },
      },
    },
    async (request) => ownScorecard(db(), request.auth?.agentId),
  );

  r.get(
    '/portal/corporate-scorecards',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: "The scorecards of the office's active agents side by side (optionally one group's)",
        querystring: CorporateScorecardsQuerySchema,
        response: { 200: TeamScorecardListSchema, ...errors },
      },
    },
    async (request) =>
      visibleScorecards(
        db(),
        {
          kind: 'corporate',
          corporateUserId: currentUser(request).id,
          groupId: request.query.group_id,
        },
        officeZone(),
      ),
  );

  r.get(
    '/portal/managed-groups/:groupId/scorecards',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: "The scorecards of the group's active agents side by side, for the group's manager",
        params: GroupIdParamsSchema,
        response: { 200: TeamScorecardListSchema, ...errors },
      },
    },
    async (request) =>
      visibleScorecards(
        db(),
        {
          kind: 'manager',
          userId: currentUser(request).id,
          groupId: request.params.groupId,
        },
        officeZone(),
      ),
  );
}
