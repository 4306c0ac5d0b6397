import {
  AgentProfilePatchSchema,
  AgentRecordSchema,
  DetailSchema,
  isRatingRequired,
  LoginResponseSchema,
  PortalMeSchema,
  RatingRequestSchema,
  RegisterRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { readSettings } from '../../lib/settings';
import { currentUser, requireSameSite, requireUser } from '../../plugins/auth';
import { updateAgentProfile } from '../agents/profile';
import { loadAgentRecord } from '../agents/queries';
import { toUser } from '../agents/serialize';
import { setRefreshCookie } from '../auth/cookies';
import { checkSignup, register } from '../auth/registration';
import { clientInfo } from '../auth/routes';
import { rateLeads } from '../rating/service';

/** GET /portal/me's answer: the user, the agent record and whether a rating is due. */
async function portalMe(db: Db, user: UserRow) {
  const agent = await loadAgentRecord(db, user.id);
  const settings = agent ? await readSettings(db) : null;
  return {
    ...toUser(user),
    agent_profile: agent,
    zipcodes: agent?.zipcodes ?? [],
    rating_required:
      agent && settings ? isRatingRequired(agent, new Date(), settings.rating_interval_days) : false,
  };
}

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 429: DetailSchema };

export async function portalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/portal/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['portal'],
        summary: 'The signed-in user with the agent record',
        response: { 200: PortalMeSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return portalMe(app.deps.database.db, user);
    },
  );

  r.post(
    '/portal/signup',
    {
      schema: {
        tags: ['portal'],
        summary: 'Check an e-mail and access code before choosing a password',
        body: SignupRequestSchema,
        response: { 200: SignupResponseSchema, ...errors },
      },
    },
    async (request) =>
      checkSignup(app.deps, {
        email: request.body.email,
        accessCode: request.body.access_code,
        client: clientInfo(request),
      }),
  );

  r.post(
    '/portal/register',
    {
      preHandler: requireSameSite,
      schema: {
        tags: ['portal'],
        summary: 'Create the agent account and sign in',
        body: RegisterRequestSchema,
        response: { 201: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { session, user } = await register(app.deps, {
        email: request.body.email,
        accessCode: request.body.access_code,
        password: request.body.password,
        client: clientInfo(request),
      });
      setRefreshCookie(request, reply, session.refreshToken);
      return reply
        .status(201)
        .send({ access_token: session.accessToken, token_type: 'bearer' as const, user: toUser(user) });
    },
  );

  r.post(
    '/portal/me/rating',
    {
      preHandler: requireUser,
      schema: {
        tags: ['portal'],
        summary: 'Rate the quality of the leads received (asked every 30 days)',
        body: RatingRequestSchema,
        response: { 200: PortalMeSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await rateLeads(app.deps.database, { userId: user.id, rating: request.body });
      return portalMe(app.deps.database.db, user);
    },
  );

  r.patch(
    '/portal/me/agent_profile',
    {
      preHandler: requireUser,
      schema: {
        tags: ['portal'],
        summary: 'Change the fields an agent may set (signup steps, onboarding steps, profile)',
        body: AgentProfilePatchSchema,
        response: { 200: AgentRecordSchema, ...errors },
      },
    },
    async (request) =>
      updateAgentProfile(app.deps.database.db, {
        userId: currentUser(request).id,
        patch: request.body,
        ip: request.ip,
      }),
  );
}
