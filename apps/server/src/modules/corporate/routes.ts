import {
  AgentCapacitySchema,
  CorporateAgentCapPatchSchema,
  CorporateAgentParamsSchema,
  CorporateGroupSchema,
  CorporateStatsSchema,
  DetailSchema,
  GroupIdParamsSchema,
  GroupLeadsListSchema,
  GroupLeadsQuerySchema,
  GroupMemberSchema,
  LeadsListSchema,
  LinkedAgentSchema,
  LoginResponseSchema,
  MemberLeadsQuerySchema,
  MemberParamsSchema,
  MemberPausePatchSchema,
} from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo } from '../../lib/client-info';
import { currentUser, requireSameSite, requireUser } from '../../plugins/auth';
import { toUser } from '../agents/serialize';
import { setRefreshCookie } from '../auth/cookies';
import { pauseMember, setOfficeCap } from './capacity';
import { pipelineRoutes } from './pipeline-routes';
import {
  accessibleGroups,
  corporateGroupMembers,
  corporateStats,
  groupLeads,
  linkedAgents,
  managedGroupMembers,
  managedMemberLeads,
} from './queries';
import { requireCorporate } from './require-corporate';
import { signInWithCorporateLink } from './service';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };

export async function corporateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  r.get(
    '/login/corporate/:token',
    {
      // A link opened from another site must not sign the visitor into someone else's account.
      preHandler: requireSameSite,
      schema: {
        tags: ['auth'],
        summary: "Sign in with a corporate user's one-time link",
        params: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: LoginResponseSchema, ...errors, 429: DetailSchema },
      },
    },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      reply.header('Cache-Control', 'no-store');
      const { session, user } = await signInWithCorporateLink(app.deps, {
        token: request.params.token,
        client: clientInfo(request),
      });
      setRefreshCookie(request, reply, session.refreshToken);
      return { access_token: session.accessToken, token_type: 'bearer' as const, user: toUser(user) };
    },
  );

  r.get(
    '/portal/linked-agents',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: "The corporate user's agents with their lead figures",
        response: { 200: z.array(LinkedAgentSchema), ...errors },
      },
    },
    async (request) => linkedAgents(db(), currentUser(request).id),
  );

  r.get(
    '/portal/corporate-accessible-groups',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: 'The groups the corporate user can see, with agent counts',
        response: { 200: z.array(CorporateGroupSchema), ...errors },
      },
    },
    async (request) => accessibleGroups(db(), currentUser(request).id),
  );

  r.get(
    '/portal/corporate-stats',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: 'Leads per week of each group (12 weeks, office time zone)',
        response: { 200: CorporateStatsSchema, ...errors },
      },
    },
    async (request) =>
      corporateStats(db(), currentUser(request).id, app.deps.config.onboardingCalls.officeTimezone),
  );

  r.get(
    '/portal/corporate-groups/:groupId/members',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: "A group's agents that the corporate user can see",
        params: GroupIdParamsSchema,
        response: { 200: z.array(GroupMemberSchema), ...errors },
      },
    },
    async (request) => corporateGroupMembers(db(), currentUser(request).id, request.params.groupId),
  );

  r.get(
    '/portal/groups/:groupId/leads',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: "A group's leads, newest first (skip 0, limit 100; filter by agent and status)",
        params: GroupIdParamsSchema,
        querystring: GroupLeadsQuerySchema,
        response: { 200: GroupLeadsListSchema, ...errors },
      },
    },
    async (request) => groupLeads(db(), currentUser(request).id, request.params.groupId, request.query),
  );

  r.get(
    '/portal/managed-groups/:groupId/members',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: 'The members of a group the signed-in agent manages',
        params: GroupIdParamsSchema,
        response: { 200: z.array(GroupMemberSchema), ...errors },
      },
    },
    async (request) => managedGroupMembers(db(), currentUser(request).id, request.params.groupId),
  );

  r.get(
    '/portal/managed-groups/:groupId/members/:memberId/leads',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: "A member's leads, for the group's manager (400 when the member is not an agent)",
        params: MemberParamsSchema,
        querystring: MemberLeadsQuerySchema,
        response: { 200: LeadsListSchema, ...errors },
      },
    },
    async (request) =>
      managedMemberLeads(
        db(),
        currentUser(request).id,
        request.params.groupId,
        request.params.memberId,
        request.query,
      ),
  );

  const actor = (request: FastifyRequest) => ({
    user: currentUser(request),
    ip: request.ip,
    officeZone: app.deps.config.onboardingCalls.officeTimezone,
  });

  r.patch(
    '/portal/managed-groups/:groupId/members/:memberId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary:
          "Pause a member's leads until a date (their calendar; leads start again on it), or resume them with null, for the group's manager",
        params: MemberParamsSchema,
        body: MemberPausePatchSchema,
        response: { 200: AgentCapacitySchema, ...errors },
      },
    },
    async (request) =>
      pauseMember(
        db(),
        request.params.groupId,
        request.params.memberId,
        request.body.paused_until,
        actor(request),
      ),
  );

  r.patch(
    '/portal/corporate-agents/:agentId',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: 'Cap the leads a month of an agent linked to the office (null: no cap)',
        params: CorporateAgentParamsSchema,
        body: CorporateAgentCapPatchSchema,
        response: { 200: AgentCapacitySchema, ...errors },
      },
    },
    async (request) =>
      setOfficeCap(db(), request.params.agentId, request.body.monthly_lead_cap, actor(request)),
  );

  await pipelineRoutes(app);
}
