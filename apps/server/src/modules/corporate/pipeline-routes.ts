import { Readable } from 'node:stream';
import {
  CorporatePipelineQuerySchema,
  CorporateStaleLeadsQuerySchema,
  DetailSchema,
  GroupIdParamsSchema,
  ManagedPipelineQuerySchema,
  ManagedStaleLeadsQuerySchema,
  PipelineSchema,
  StaleLeadsListSchema,
} from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/auth';
import { csvFileName, leadsCsv, pipelineAgentsCsv } from './export';
import { type PipelineViewer, pipelineRangeOf, pipelineSummary, staleLeads } from './pipeline';
import { requireCorporate } from './require-corporate';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };
const csv = { 200: z.string().describe('text/csv'), ...errors };

/** A download: the file's name, never kept by a shared cache. */
function sendCsv(reply: FastifyReply, fileName: string, body: string | AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(typeof body === 'string' ? body : Readable.from(body));
}

/**
 * The pipeline of an office's agents and of a managed group's members: figures per agent for a
 * date range beside the period before it, the stale leads, and both as CSV files.
 */
export async function pipelineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const zone = () => app.deps.config.onboardingCalls.officeTimezone;

  const corporate = (request: FastifyRequest, query: { group_id?: string; filter_agent_uri?: string }) =>
    ({
      kind: 'corporate',
      corporateUserId: currentUser(request).id,
      groupId: query.group_id,
      agentUri: query.filter_agent_uri || undefined,
    }) satisfies PipelineViewer;
  const manager = (request: FastifyRequest, params: { groupId: string }, query: { member_id?: string }) =>
    ({
      kind: 'manager',
      userId: currentUser(request).id,
      groupId: params.groupId,
      memberId: query.member_id,
    }) satisfies PipelineViewer;
  const period = (query: { from?: string; to?: string }) => ({
    ...pipelineRangeOf(query, zone()),
    timeZone: zone(),
  });

  r.get(
    '/portal/corporate-pipeline',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary:
          "Each linked agent's leads by stage, stale leads, leads received, speed to contact and closings (from, to: last 30 days by default; filter by group and agent)",
        querystring: CorporatePipelineQuerySchema,
        response: { 200: PipelineSchema, ...errors },
      },
    },
    async (request) => pipelineSummary(db(), corporate(request, request.query), period(request.query)),
  );

  r.get(
    '/portal/corporate-pipeline/stale-leads',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: "The linked agents' stale leads (active, no activity for 7 days), longest untouched first",
        querystring: CorporateStaleLeadsQuerySchema,
        response: { 200: StaleLeadsListSchema, ...errors },
      },
    },
    async (request) => staleLeads(db(), corporate(request, request.query), request.query),
  );

  r.get(
    '/portal/corporate-pipeline/agents.csv',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: 'The pipeline per agent as a CSV file (same query as corporate-pipeline)',
        querystring: CorporatePipelineQuerySchema,
        response: csv,
      },
    },
    async (request, reply) => {
      const summary = await pipelineSummary(db(), corporate(request, request.query), period(request.query));
      return sendCsv(reply, csvFileName('agents', summary), pipelineAgentsCsv(summary));
    },
  );

  r.get(
    '/portal/corporate-pipeline/leads.csv',
    {
      preHandler: requireCorporate,
      schema: {
        tags: ['corporate'],
        summary: 'The leads that arrived in the range as a CSV file (same query as corporate-pipeline)',
        querystring: CorporatePipelineQuerySchema,
        response: csv,
      },
    },
    async (request, reply) => {
      const range = period(request.query);
      const body = await leadsCsv(db(), corporate(request, request.query), range);
      return sendCsv(reply, csvFileName('leads', range), body);
    },
  );

  r.get(
    '/portal/managed-groups/:groupId/pipeline',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary:
          "Each member's leads by stage, stale leads, leads received, speed to contact and closings, for the group's manager",
        params: GroupIdParamsSchema,
        querystring: ManagedPipelineQuerySchema,
        response: { 200: PipelineSchema, ...errors },
      },
    },
    async (request) =>
      pipelineSummary(db(), manager(request, request.params, request.query), period(request.query)),
  );

  r.get(
    '/portal/managed-groups/:groupId/stale-leads',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: "The members' stale leads (active, no activity for 7 days), for the group's manager",
        params: GroupIdParamsSchema,
        querystring: ManagedStaleLeadsQuerySchema,
        response: { 200: StaleLeadsListSchema, ...errors },
      },
    },
    async (request) => staleLeads(db(), manager(request, request.params, request.query), request.query),
  );

  r.get(
    '/portal/managed-groups/:groupId/pipeline/agents.csv',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: "The group's pipeline per member as a CSV file, for its manager",
        params: GroupIdParamsSchema,
        querystring: ManagedPipelineQuerySchema,
        response: csv,
      },
    },
    async (request, reply) => {
      const summary = await pipelineSummary(
        db(),
        manager(request, request.params, request.query),
        period(request.query),
      );
      return sendCsv(reply, csvFileName('agents', summary), pipelineAgentsCsv(summary));
    },
  );

  r.get(
    '/portal/managed-groups/:groupId/pipeline/leads.csv',
    {
      preHandler: requireUser,
      schema: {
        tags: ['corporate'],
        summary: "The members' leads that arrived in the range as a CSV file, for the group's manager",
        params: GroupIdParamsSchema,
        querystring: ManagedPipelineQuerySchema,
        response: csv,
      },
    },
    async (request, reply) => {
      const range = period(request.query);
      const body = await leadsCsv(db(), manager(request, request.params, request.query), range);
      return sendCsv(reply, csvFileName('leads', range), body);
    },
  );
}
