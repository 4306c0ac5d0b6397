import {
  AdminAccessCodeCreateSchema,
  AdminAccessCodePatchSchema,
  AdminAccessCodeSchema,
  AdminAccessCodesListSchema,
  AdminAccessCodesQuerySchema,
  AdminAgentDetailSchema,
  AdminAgentPatchSchema,
  AdminAgentsListSchema,
  AdminAgentsQuerySchema,
  AdminApiKeyCreatedSchema,
  AdminApiKeyCreateSchema,
  AdminApiKeySchema,
  AdminApiKeysListSchema,
  AdminAssignSchema,
  AdminAuditListSchema,
  AdminAuditQuerySchema,
  AdminCorporateUserCreatedSchema,
  AdminCorporateUserCreateSchema,
  AdminCorporateUserPatchSchema,
  AdminCorporateUserSchema,
  AdminCorporateUsersListSchema,
  AdminCorporateUsersQuerySchema,
  AdminGroupCreateSchema,
  AdminGroupDetailSchema,
  AdminGroupPatchSchema,
  AdminGroupsListSchema,
  AdminGroupsQuerySchema,
  AdminLeadSchema,
  AdminLeadsListSchema,
  AdminLeadsQuerySchema,
  AdminLoginLinkSchema,
  AdminMembershipSchema,
  AdminMessageSchema,
  AdminOutboxListSchema,
  AdminOutboxQuerySchema,
  AdminOverviewSchema,
  AdminProviderLimitsSchema,
  DetailSchema,
  PortalMeSchema,
  SettingsPatchSchema,
  SettingsSchema,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../lib/audit';
import { providerUse, SMTP, TWILIO } from '../../lib/provider-limits';
import { forgetSettings, readSettings, writeSettings } from '../../lib/settings';
import { sendPdf } from '../signing/routes';
import { createAccessCode, listAccessCodes, patchAccessCode } from './access-codes';
import { agentDetail, agentDocument, agentPreview, listAgents, patchAgent } from './agents';
import { createClientKey, listApiKeys, revokeClientKey } from './api-keys';
import { listAudit, overview } from './audit';
import { consoleActor, requireConsoleUser, throttleConsoleSend } from './common';
import {
  createCorporate,
  createGroupFor,
  deleteGroup,
  deleteMember,
  groupDetail,
  listCorporateUsers,
  listGroups,
  patchCorporateUser,
  putMember,
  renameGroup,
  sendCorporateLink,
} from './corporate';
import { assignLead, listAdminLeads } from './leads';
import { listOutbox, retryMessage } from './outbox';

const errors = {
  400: DetailSchema,
  401: DetailSchema,
  403: DetailSchema,
  404: DetailSchema,
  409: DetailSchema,
};
const Id = z.object({ id: z.string().min(1).max(100) });
const tags = ['admin'];

/**
 * The superuser console's API (DESIGN.md section 8): superusers only (403 for everyone else,
 * checked before anything is read), every change audited with its before and after.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireConsoleUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

  r.get(
    '/admin/overview',
    {
      schema: {
        tags,
        summary: 'The console home: figures to check first',
        response: { 200: AdminOverviewSchema, ...errors },
      },
    },
    async () => overview(db()),
  );

  // Agents
  r.get(
    '/admin/agents',
    {
      schema: {
        tags,
        summary: 'Agents: search (name, e-mail, phone, URI, ZIP), filter by statuses, sort, page',
        querystring: AdminAgentsQuerySchema,
        response: { 200: AdminAgentsListSchema, ...errors },
      },
    },
    async (request) => listAgents(db(), request.query),
  );
  r.get(
    '/admin/agents/:id',
    {
      schema: {
        tags,
        summary: "An agent's whole record and what surrounds it",
        params: Id,
        response: { 200: AdminAgentDetailSchema, ...errors },
      },
    },
    async (request) => agentDetail(deps, request.params.id),
  );
  r.patch(
    '/admin/agents/:id',
    {
      schema: {
        tags,
        summary: 'Office-owned fields, a status change or a signup reset (with a reason)',
        params: Id,
        body: AdminAgentPatchSchema,
        response: { 200: AdminAgentDetailSchema, ...errors },
      },
    },
    async (request) => patchAgent(deps, request.params.id, request.body, consoleActor(request)),
  );
  r.get(
    '/admin/agents/:id/preview',
    {
      schema: {
        tags,
        summary: 'What GET /portal/me answers to this agent (read-only preview)',
        params: Id,
        response: { 200: PortalMeSchema, ...errors },
      },
    },
    async (request) => agentPreview(db(), request.params.id),
  );
  r.get(
    '/admin/agents/:id/documents/:kind',
    {
      schema: {
        tags,
        summary: "An agent's agreement PDF (the signed copy with ?version=final)",
        params: z.object({ id: z.string().min(1).max(100), kind: z.enum(['service', 'master']) }),
        querystring: z.object({ version: z.enum(['original', 'final']).default('original') }),
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await agentDocument(deps, request.params.id, request.params.kind, request.query.version),
        false,
      ),
  );

  // Access codes
  r.get(
    '/admin/access-codes',
    {
      schema: {
        tags,
        summary: 'Access codes with their sign-ups',
        querystring: AdminAccessCodesQuerySchema,
        response: { 200: AdminAccessCodesListSchema, ...errors },
      },
    },
    async (request) => listAccessCodes(db(), request.query),
  );
  r.post(
    '/admin/access-codes',
    {
      schema: {
        tags,
        summary: 'Create an access code',
        body: AdminAccessCodeCreateSchema,
        response: { 201: AdminAccessCodeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccessCode(db(), request.body, consoleActor(request))),
  );
  r.patch(
    '/admin/access-codes/:code',
    {
      schema: {
        tags,
        summary: 'Disable, limit, expire, describe or bind an access code',
        params: z.object({
          code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'No access code has this name'),
        }),
        body: AdminAccessCodePatchSchema,
        response: { 200: AdminAccessCodeSchema, ...errors },
      },
    },
    async (request) => patchAccessCode(db(), request.params.code, request.body, consoleActor(request)),
  );

  // Corporate users and groups
  r.get(
    '/admin/corporate-users',
    {
      schema: {
        tags,
        summary: 'Corporate users',
        querystring: AdminCorporateUsersQuerySchema,
        response: { 200: AdminCorporateUsersListSchema, ...errors },
      },
    },
    async (request) => listCorporateUsers(db(), request.query),
  );
  r.post(
    '/admin/corporate-users',
    {
      schema: {
        tags,
        summary: 'Create a corporate user and e-mail its sign-in link',
        body: AdminCorporateUserCreateSchema,
        response: { 201: AdminCorporateUserCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer carries a one-time sign-in link.
      reply.header('Cache-Control', 'no-store');
      await throttleConsoleSend(request, 'corporate-link', request.body.email);
      return reply.status(201).send(await createCorporate(deps, request.body, consoleActor(request)));
    },
  );
  r.patch(
    '/admin/corporate-users/:id',
    {
      schema: {
        tags,
        summary: 'Rename, deactivate or reactivate a corporate user',
        params: Id,
        body: AdminCorporateUserPatchSchema,
        response: { 200: AdminCorporateUserSchema, ...errors },
      },
    },
    async (request) => patchCorporateUser(deps, request.params.id, request.body, consoleActor(request)),
  );
  r.post(
    '/admin/corporate-users/:id/login-link',
    {
      schema: {
        tags,
        summary: 'A new one-time sign-in link, e-mailed (older links stop working)',
        params: Id,
        response: { 200: AdminLoginLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await throttleConsoleSend(request, 'corporate-link', request.params.id);
      return sendCorporateLink(deps, request.params.id, consoleActor(request));
    },
  );
  r.get(
    '/admin/groups',
    {
      schema: {
        tags,
        summary: 'Groups',
        querystring: AdminGroupsQuerySchema,
        response: { 200: AdminGroupsListSchema, ...errors },
      },
    },
    async (request) => listGroups(db(), request.query),
  );
  r.post(
    '/admin/groups',
    {
      schema: {
        tags,
        summary: 'Create a group owned by a corporate user',
        body: AdminGroupCreateSchema,
        response: { 201: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroupFor(deps, request.body, consoleActor(request))),
  );
  r.get(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'A group with its members and managers',
        params: Id,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => groupDetail(db(), request.params.id),
  );
  r.patch(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename a group',
        params: Id,
        body: AdminGroupPatchSchema,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) =>
      request.body.name === undefined
        ? groupDetail(db(), request.params.id)
        : renameGroup(deps, request.params.id, request.body.name, consoleActor(request)),
  );
  r.delete(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group (its memberships go with it)',
        params: Id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGroup(deps, request.params.id, consoleActor(request));
      return reply.status(204).send(null);
    },
  );
  r.put(
    '/admin/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Add an agent to a group, or change whether it manages it',
        params: Id,
        body: AdminMembershipSchema,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => putMember(deps, request.params.id, request.body, consoleActor(request)),
  );
  r.delete(
    '/admin/groups/:id/members/:agentId',
    {
      schema: {
        tags,
        summary: 'Take an agent out of a group',
        params: z.object({ id: z.string().min(1).max(100), agentId: z.string().min(1).max(100) }),
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => deleteMember(deps, request.params.id, request.params.agentId, consoleActor(request)),
  );

  // Lead intake clients
  r.get(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Lead intake clients with leads per day and last error',
        response: { 200: AdminApiKeysListSchema, ...errors },
      },
    },
    async () => listApiKeys(db()),
  );
  r.post(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Create a client key (shown once, in this answer)',
        body: AdminApiKeyCreateSchema,
        response: { 201: AdminApiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createClientKey(db(), request.body.name, consoleActor(request)));
    },
  );
  r.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a client key',
        params: Id,
        response: { 200: AdminApiKeySchema, ...errors },
      },
    },
    async (request) => revokeClientKey(db(), request.params.id, consoleActor(request)),
  );

  // Leads
  r.get(
    '/admin/leads',
    {
      schema: {
        tags,
        summary: 'Leads, newest first (?unassigned=true for the ones waiting)',
        querystring: AdminLeadsQuerySchema,
        response: { 200: AdminLeadsListSchema, ...errors },
      },
    },
    async (request) => listAdminLeads(db(), request.query),
  );
  r.post(
    '/admin/leads/:id/assign',
    {
      schema: {
        tags,
        summary:
          'Route a lead by hand (deliveries queued to the agent); a lead that has an agent moves with a reason',
        params: Id,
        body: AdminAssignSchema,
        response: { 200: AdminLeadSchema, ...errors },
      },
    },
    async (request) => {
      // The agent's recipients are sent the lead: the agent is the target.
      await throttleConsoleSend(request, 'assign', request.body.agent_id);
      return assignLead(deps, request.params.id, request.body, consoleActor(request));
    },
  );

  // Messages
  r.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'Every e-mail, SMS and call with its attempts',
        querystring: AdminOutboxQuerySchema,
        response: { 200: AdminOutboxListSchema, ...errors },
      },
    },
    async (request) => listOutbox(db(), request.query),
  );
  r.get(
    '/admin/provider-limits',
    {
      schema: {
        tags,
        summary: "The providers' account limits and how close the network runs to them",
        response: { 200: AdminProviderLimitsSchema, ...errors },
      },
    },
    async () => {
      const [limits, use] = await Promise.all([
        readSettings(db(), { fresh: true }),
        providerUse(db(), TWILIO, SMTP),
      ]);
      return {
        texts: {
          per_second: limits.provider_limits.sms_per_second,
          last_minute: use.lastMinute,
          peak_second: use.peakSecond,
          peak_at: use.peakAt?.toISOString() ?? null,
          paused_until: use.pausedUntil?.toISOString() ?? null,
        },
        smtp: { connections: limits.provider_limits.smtp_connections, in_use: use.slotsInUse },
      };
    },
  );
  r.post(
    '/admin/outbox/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a failed message again',
        params: Id,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    async (request) => {
      await throttleConsoleSend(request, 'retry', request.params.id);
      return retryMessage(deps, request.params.id, consoleActor(request));
    },
  );

  // Audit log and settings
  r.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditListSchema, ...errors },
      },
    },
    async (request) => listAudit(db(), request.query),
  );
  r.get(
    '/admin/settings',
    { schema: { tags, summary: "The office's settings", response: { 200: SettingsSchema, ...errors } } },
    async () => readSettings(db(), { fresh: true }),
  );
  r.patch(
    '/admin/settings',
    {
      schema: {
        tags,
        summary: "Change the office's settings",
        body: SettingsPatchSchema,
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = consoleActor(request);
      const after = await db().transaction(async (tx) => {
        // One change at a time: two at once would each start from the same "before".
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings'))`);
        const before = await readSettings(tx, { fresh: true });
        const next = {
          ...before,
          ...request.body,
          lead_delivery: { ...before.lead_delivery, ...request.body.lead_delivery },
          provider_limits: { ...before.provider_limits, ...request.body.provider_limits },
          quotas: { ...before.quotas, ...request.body.quotas },
        };
        const changed = Object.fromEntries(
          Object.entries(next).filter(
            ([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof typeof before]),
          ),
        );
        if (Object.keys(changed).length === 0) return next;
        await writeSettings(tx, changed, actor.email);
        await audit(tx, {
          action: 'admin_update_settings',
          actorId: actor.id,
          actorEmail: actor.email,
          actorName: actor.name,
          targetType: 'settings',
          details: {
            before: Object.fromEntries(
              Object.keys(changed).map((key) => [key, before[key as keyof typeof before]]),
            ),
            after: changed,
          },
          ip: actor.ip,
        });
        return next;
      });
      forgetSettings();
      return after;
    },
  );
}
