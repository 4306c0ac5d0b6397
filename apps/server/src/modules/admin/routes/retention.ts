import { AdminRetentionSchema } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retentionFigures } from '../../retention/figures';
import { errors, tags } from './schemas';

/** The retention clean-up (ADR 67): when it last ran and what it removed. */
export async function adminRetentionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/retention',
    {
      schema: {
        tags,
        summary: 'The last clean-up and what the clean-ups of the last 30 days removed',
        response: { 200: AdminRetentionSchema, ...errors },
      },
    },
    async () => retentionFigures(app.deps.database.db),
  );
}
