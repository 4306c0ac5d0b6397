import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({ status: z.enum(['ok', 'starting', 'unavailable']), database: z.string() });

/** 200 once the database answers and migrations have run; 503 before, or while it is down. */
export async function healthRoutes(app: FastifyInstance, options: { isReady: () => boolean }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health',
      { schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const kind = app.deps.database.kind;
        if (!options.isReady()) return reply.status(503).send({ status: 'starting', database: kind });
        try {
          await app.deps.database.executeSql('select 1', [1].slice(1));
          return { status: 'ok' as const, database: kind };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: kind });
        }
      },
    );
}
