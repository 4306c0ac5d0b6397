import { AdminAuditListSchema, AdminAuditQuerySchema, AdminOverviewSchema } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listAudit, overview } from '../audit';
import { errors, tags } from './schemas';

/** The console home's figures. */
export async function adminOverviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

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
}

/** The audit log. */
export async function adminAuditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

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
}
