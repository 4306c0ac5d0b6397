import {
  AdminAgentDetailSchema,
  AdminAgentPatchSchema,
  AdminAgentsListSchema,
  AdminAgentsQuerySchema,
  PortalMeSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPdf } from '../../../lib/send-pdf';
import { agentDetail, agentDocument, agentPreview, listAgents, patchAgent } from '../agents';
import { consoleActor } from '../common';
import { errors, Id, tags } from './schemas';

/** Agents: the list, one agent's record, its changes, its portal preview and its agreements. */
export async function adminAgentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

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
}
