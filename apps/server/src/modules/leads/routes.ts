import {
  AdminImportPreviewSchema,
  AdminImportReportSchema,
  CallEventInputSchema,
  DetailSchema,
  ERROR,
  LeadActivityInputSchema,
  LeadActivitySchema,
  LeadDetailSchema,
  LeadIntakeSchema,
  LeadPassSchema,
  LeadPatchSchema,
  LeadReleaseSchema,
  LeadSchema,
  LeadStatsSchema,
  LeadsListSchema,
  LeadsQuerySchema,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyRow, apiKeys } from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { consoleActor, requireConsoleUser } from '../admin/common';
import { sendIssuedForLead } from '../billing/notify';
import { RECIPIENT_HEADER, requireRecipient } from '../recipients/sessions';
import { admitApiKey, noteRevokedKeyCall, touchApiKey } from './api-keys';
import { recordCall } from './calls';
import { importLeadsCsv, previewLeadsCsv } from './import';
import { intakeLead } from './intake';
import { acceptOffer, passOffer, releaseLead } from './offers';
import { leadStats } from './stats';
import { addActivity, getLead, type LeadScope, listLeads, updateLead } from './workspace';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRow;
  }
}

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };
const intakeErrors = {
  ...errors,
  409: DetailSchema,
  413: DetailSchema,
  415: DetailSchema,
  422: DetailSchema,
  429: DetailSchema,
};
const IdParams = z.object({ id: z.uuid({ message: 'Lead not found' }) });
const INTAKE_BODY_LIMIT = 32 * 1024;
const API_KEY_REQUIRED = 'A valid API key is required: send it as "Authorization: Bearer <key>".';

/** Machine clients: a live API key, JSON only, within the key's rate (SECURITY.md item 20). */
async function requireApiKey(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const presented = header?.startsWith('Bearer ')
    ? header.slice(7)
    : (request.headers['x-api-key'] as string | undefined);
  const { database, config } = request.server.deps;
  // The key checked and counted in one statement, shared by the requests that come together.
  const admitted = await admitApiKey(database.db, presented, config.rateLimits.intakePerKeyPerMinute);
  if (!admitted) {
    // A revoked key's call is noted on its row; the client's answer does not depend on it.
    await noteRevokedKeyCall(database.db, presented).catch(() => undefined);
    throw new AppError('unauthorized', API_KEY_REQUIRED, { 'WWW-Authenticate': 'Bearer' });
  }
  const { key, rate } = admitted;
  if (!rate.allowed) {
    throw new AppError('rate_limited', ERROR.tooManyRequests, {
      'Retry-After': String(rate.retryAfterSeconds),
    });
  }
  await touchApiKey(database.db, key);
  request.apiKey = key;
}

/** The console shows each client's last refused request (GET /admin/api-keys). */
async function recordClientError(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const key = request.apiKey;
  if (!key || reply.statusCode < 400) return payload;
  let detail = `HTTP ${reply.statusCode}`;
  try {
    const body = JSON.parse(String(payload)) as { detail?: unknown };
    if (typeof body.detail === 'string') detail = body.detail;
  } catch {
    // Not JSON: the status says enough.
  }
  try {
    await request.server.deps.database.db
      .update(apiKeys)
      .set({ lastError: `${reply.statusCode} ${detail}`.slice(0, 500), lastErrorAt: sql`now()` })
      .where(eq(apiKeys.id, key.id));
  } catch {
    // The client's answer does not depend on this note.
  }
  return payload;
}

async function requireJson(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError('unsupported_media_type', 'Send the lead as JSON (Content-Type: application/json).');
  }
}

const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200, 'Idempotency-Key is too long (at most 200 characters)')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
  .optional();

/**
 * Who is asking about leads: the agent with a bearer token, or a recipient with its session
 * header (SPEC.md section 6). Anyone else has no leads here.
 */
async function resolveLeadScope(request: FastifyRequest): Promise<void> {
  if (request.headers[RECIPIENT_HEADER] !== undefined) {
    await requireRecipient(request);
    const { recipient, context } = request.recipientAuth!;
    request.leadScope = {
      kind: 'recipient',
      agentId: recipient.agentId,
      recipientId: recipient.id,
      actorName: `${context.first_name} ${context.last_name}`.trim(),
    };
    return;
  }
  await requireUser(request);
  const user = currentUser(request);
  const agentId = request.auth!.agentId;
  if (!agentId) throw forbidden(ERROR.agentProfileNotAvailable);
  request.leadScope = {
    kind: 'agent',
    agentId,
    actorId: user.id,
    actorName: user.name || user.email,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    leadScope?: LeadScope;
  }
}

export async function leadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const officeZone = () => app.deps.config.onboardingCalls.officeTimezone;

  r.post(
    '/v1/leads',
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      // Who is asking and what type of body, before the body is read.
      onRequest: [requireApiKey, requireJson],
      onSend: recordClientError,
      schema: {
        tags: ['intake'],
        summary: 'Post a seller lead (API key; idempotent by Idempotency-Key or source + external_id)',
        headers: z.object({ 'idempotency-key': IdempotencyKeySchema }),
        body: LeadIntakeSchema,
        response: { 200: LeadSchema, 201: LeadSchema, ...intakeErrors },
      },
    },
    async (request, reply) => {
      const result = await intakeLead(app.deps, {
        apiKey: request.apiKey!,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      if (result.replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.status(result.status).send(result.lead);
    },
  );

  r.post(
    '/v1/calls',
    {
      bodyLimit: INTAKE_BODY_LIMIT,
      // Who is asking and what type of body, before the body is read.
      onRequest: [requireApiKey, requireJson],
      onSend: recordClientError,
      schema: {
        tags: ['intake'],
        summary: 'Record a call answered or missed, for a lead or a tracking number (API key)',
        body: CallEventInputSchema,
        response: {
          200: z.object({ id: z.string(), agent_id: z.string(), lead_id: z.string().nullable() }),
          201: z.object({ id: z.string(), agent_id: z.string(), lead_id: z.string().nullable() }),
          ...intakeErrors,
        },
      },
    },
    async (request, reply) => {
      const { status, ...call } = await recordCall(db(), request.apiKey!, request.body);
      return reply.status(status).send(call);
    },
  );

  r.get(
    '/portal/me/leads',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          'My leads, newest first, or the work queue (view=queue); stage= narrows to one stage (a recipient session: the leads delivered to it)',
        querystring: LeadsQuerySchema,
        response: { 200: LeadsListSchema, ...errors },
      },
    },
    // The agent's own view is kept per stamp of its leads, read with the session.
    async (request) =>
      listLeads(
        db(),
        request.leadScope!,
        request.query,
        request.auth?.leadsStamp ?? undefined,
        'you',
        officeZone(),
      ),
  );

  r.get(
    '/portal/me/leads/:id',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary: 'One lead with its activity timeline',
        params: IdParams,
        response: { 200: LeadDetailSchema, ...errors },
      },
    },
    async (request) => getLead(db(), request.leadScope!, request.params.id),
  );

  r.patch(
    '/portal/me/leads/:id',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          'Move a lead to another stage (archive with a lost reason or a hold date, reopen, close with its figures), set its next action, or change notes',
        params: IdParams,
        body: LeadPatchSchema,
        response: { 200: LeadDetailSchema, ...errors, 409: DetailSchema },
      },
    },
    async (request) => {
      const lead = await updateLead(db(), request.leadScope!, request.params.id, request.body, officeZone());
      if (lead.closing?.invoice) {
        await sendIssuedForLead(app.deps, lead.id).catch((error: unknown) =>
          request.log.warn({ err: error }, 'the invoice e-mail waits for the billing job'),
        );
      }
      return lead;
    },
  );

  r.post(
    '/portal/me/leads/:id/activities',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary: 'Log a call, text, e-mail, meeting or note on a lead, as its author (agent or recipient)',
        params: IdParams,
        body: LeadActivityInputSchema,
        response: { 201: LeadActivitySchema, ...errors, 409: DetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addActivity(db(), request.leadScope!, request.params.id, request.body)),
  );

  const offerErrors = { ...errors, 409: DetailSchema };

  r.post(
    '/portal/me/leads/:id/accept',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          "Accept a lead offered to you before its deadline (agent or recipient): the seller's details open; 409 once the offer lapsed",
        params: IdParams,
        response: { 200: LeadDetailSchema, ...offerErrors },
      },
    },
    async (request) => acceptOffer(app.deps, request.leadScope!, request.params.id),
  );

  r.post(
    '/portal/me/leads/:id/pass',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          'Pass on a lead offered to you, with the reason: it goes to the next agent (agent or recipient)',
        params: IdParams,
        body: LeadPassSchema,
        response: { 200: DetailSchema, ...offerErrors },
      },
    },
    async (request) => passOffer(app.deps, request.leadScope!, request.params.id, request.body.reason),
  );

  r.post(
    '/portal/me/leads/:id/release',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          'Hand back a lead you accepted and cannot serve, with the reason: it goes to the next agent (the agent)',
        params: IdParams,
        body: LeadReleaseSchema,
        response: { 200: DetailSchema, ...offerErrors },
      },
    },
    async (request) => releaseLead(app.deps, request.leadScope!, request.params.id, request.body.reason),
  );

  r.get(
    '/portal/me/lead-stats',
    {
      preHandler: resolveLeadScope,
      schema: {
        tags: ['leads'],
        summary:
          'Leads this week and month, answer rate, leads per week by type, the queue strip and speed to contact (agents only)',
        response: {
          200: LeadStatsSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const scope = request.leadScope!;
      if (scope.kind !== 'agent') throw forbidden('Lead statistics are for the agent only.');
      return leadStats(db(), scope.agentId, officeZone());
    },
  );

  app.register(async (admin) => {
    admin.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: 5 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const a = admin.withTypeProvider<ZodTypeProvider>();
    const csvBody = z.string({ message: 'Send the CSV file as the body (Content-Type: text/csv)' });
    a.post(
      '/admin/leads/import/preview',
      {
        // Who may look is checked before the body is read.
        onRequest: requireConsoleUser,
        bodyLimit: 5 * 1024 * 1024,
        schema: {
          tags: ['admin'],
          summary:
            'What importing a CSV would do, row by row (errors, duplicates, routed to whom): nothing is written',
          body: csvBody,
          response: { 200: AdminImportPreviewSchema, ...errors, 413: DetailSchema },
        },
      },
      async (request) => previewLeadsCsv(app.deps, request.body),
    );
    a.post(
      '/admin/leads/import',
      {
        // Who may import is checked before the body is read.
        onRequest: requireConsoleUser,
        bodyLimit: 5 * 1024 * 1024,
        schema: {
          tags: ['admin'],
          summary: 'Import leads from CSV (superusers): each row validated and routed like the intake API',
          body: csvBody,
          response: { 200: AdminImportReportSchema, ...errors, 413: DetailSchema },
        },
      },
      async (request) => {
        const actor = consoleActor(request);
        return importLeadsCsv(
          app.deps,
          { id: null, name: `csv-import by ${actor.email}` },
          request.body,
          actor,
        );
      },
    );
  });
}
