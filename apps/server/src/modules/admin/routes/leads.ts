import {
  AdminAssignSchema,
  AdminLeadSchema,
  AdminLeadsListSchema,
  AdminLeadsQuerySchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleActor, throttleConsoleSend } from '../common';
import { assignLead, listAdminLeads } from '../leads';
import { errors, Id, tags } from './schemas';

/** Leads: the list and routing by hand. */
export async function adminLeadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

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
}
