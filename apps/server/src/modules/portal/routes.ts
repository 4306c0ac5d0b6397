import {
  AgentProfilePatchSchema,
  type AgentRecord,
  AgentRecordSchema,
  DetailSchema,
  isRatingRequired,
  LoginResponseSchema,
  type PortalMe,
  PortalMeSchema,
  RatingRequestSchema,
  REGISTRATION_SENT,
  RegisterRequestSchema,
  RegistrationConfirmRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  UserSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { clientInfo } from '../../lib/client-info';
import { readSettings } from '../../lib/settings';
import {
  currentUser,
  requireProfilePatchAllowed,
  requireSameSite,
  requireUser,
  requireUserWithAgentStamp,
} from '../../plugins/auth';
import { compileWriter, preWritten } from '../../plugins/serializer';
import { updateAgentProfile } from '../agents/profile';
import { loadAgentRecord, loadStampedAgentRecord } from '../agents/queries';
import { toUser } from '../agents/serialize';
import { setRefreshCookie } from '../auth/cookies';
import { checkSignup, confirmRegistration, register } from '../auth/registration';
import { rateLeads } from '../rating/service';

/** GET /portal/me's answer: the user, the agent record and whether a rating is due. */
async function portalMe(db: Db, user: UserRow, agent: AgentRecord | null) {
  const settings = agent ? await readSettings(db) : null;
  return {
    ...toUser(user),
    agent_profile: agent,
    zipcodes: agent?.zipcodes ?? [],
    rating_required:
      agent && settings ? isRatingRequired(agent, new Date(), settings.rating_interval_days) : false,
  };
}

/**
 * Agent records already written, by agent user, with the stamp they were read with (ADR 44):
 * their JSON and what the rating question needs. About 32 MB of JSON at most (UTF-16 units),
 * least recently used dropped first.
 */
interface KeptRecord {
  stamp: string;
  /** Until when (ms) it holds without a new stamp: the agent's next midnight (pause, month). */
  until: number;
  rating: Parameters<typeof isRatingRequired>[0];
  json: string;
  zipcodes: string;
}
const keptRecords = new LRUCache<string, KeptRecord>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (entry) => entry.json.length + entry.zipcodes.length + entry.stamp.length,
});
const writeUser = compileWriter(UserSchema);
const writeAgentRecord = compileWriter(AgentRecordSchema);

async function keptAgentRecord(
  db: Db,
  userId: string,
  stamp: string,
  officeZone: string,
): Promise<KeptRecord | null> {
  const kept = keptRecords.get(userId);
  if (kept?.stamp === stamp && Date.now() < kept.until) return kept;
  const loaded = await loadStampedAgentRecord(db, userId, { officeZone });
  if (!loaded) return null;
  const { record } = loaded;
  const entry: KeptRecord = {
    stamp: loaded.stamp,
    until: loaded.until,
    rating: {
      agent_status: record.agent_status,
      signup_status: record.signup_status,
      onboarding_date: record.onboarding_date,
      last_rating_date: record.last_rating_date,
    },
    json: writeAgentRecord(record),
    zipcodes: JSON.stringify(record.zipcodes ?? []),
  };
  keptRecords.set(userId, entry);
  return entry;
}

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 429: DetailSchema };

export async function portalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/portal/me',
    {
      schema: {
        tags: ['portal'],
        summary: 'The signed-in user with the agent record',
        response: { 200: PortalMeSchema, ...errors },
      },
    },
    async (request) => {
      // Who is asking comes with the stamp of their agent record, in one statement; the record
      // is read and written again only when the stamp says it changed (ADR 44).
      const stamp = await requireUserWithAgentStamp(request);
      const db = app.deps.database.db;
      const user = currentUser(request);
      const agent = stamp
        ? await keptAgentRecord(db, user.id, stamp, app.deps.config.onboardingCalls.officeTimezone)
        : null;
      if (!agent) return portalMe(db, user, null);
      const settings = await readSettings(db);
      const ratingRequired = isRatingRequired(agent.rating, new Date(), settings.rating_interval_days);
      const userJson = writeUser(toUser(user));
      return preWritten<PortalMe>(
        `${userJson.slice(0, -1)},"agent_profile":${agent.json},"zipcodes":${agent.zipcodes},"rating_required":${ratingRequired}}`,
      );
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
        summary:
          'Register: e-mails the link that creates the agent account (the same answer for every address)',
        body: RegisterRequestSchema,
        response: { 202: DetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      await register(app.deps, {
        email: request.body.email,
        accessCode: request.body.access_code,
        password: request.body.password,
        client: clientInfo(request),
      });
      return reply.status(202).send({ detail: REGISTRATION_SENT });
    },
  );

  r.post(
    '/portal/register/confirm',
    {
      preHandler: requireSameSite,
      schema: {
        tags: ['portal'],
        summary: 'Open the e-mailed registration link: creates the agent account and signs in',
        body: RegistrationConfirmRequestSchema,
        response: { 201: LoginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { session, user } = await confirmRegistration(app.deps, {
        token: request.body.token,
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
      const db = app.deps.database.db;
      return portalMe(db, user, await loadAgentRecord(db, user.id));
    },
  );

  r.patch(
    '/portal/me/agent_profile',
    {
      preHandler: requireProfilePatchAllowed,
      schema: {
        tags: ['portal'],
        summary:
          'Change the fields an agent may set (signup steps, onboarding steps, profile, pause and own monthly cap)',
        body: AgentProfilePatchSchema,
        response: { 200: AgentRecordSchema, ...errors },
      },
    },
    async (request) =>
      updateAgentProfile(app.deps.database.db, {
        userId: currentUser(request).id,
        patch: request.body,
        ip: request.ip,
        officeZone: app.deps.config.onboardingCalls.officeTimezone,
      }),
  );
}
