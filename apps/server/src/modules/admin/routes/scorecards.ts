import {
  adminText,
  QueryFlagSchema,
  SCORECARD_FIGURES,
  ScorecardListSchema,
  SORT_ORDERS,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminScorecards, SCORECARD_SORTS } from '../../scorecards/lists';
import { errors, tags } from './schemas';

export const SCORECARD_PAGE_SIZE_MAX = 200;

const AdminScorecardsQuerySchema = z.object({
  sort: z
    .enum(SCORECARD_SORTS, { message: `sort must be one of name, ${SCORECARD_FIGURES.join(', ')}` })
    .default('name'),
  order: z.enum(SORT_ORDERS, { message: 'order must be asc or desc' }).default('asc'),
  /** Only the agents below at least one floor. */
  below_floor: QueryFlagSchema,
  q: adminText('Search', 100).optional(),
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000, 'page is too large')
    .default(1),
  page_size: z.coerce
    .number({ message: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, `page_size must be between 1 and ${SCORECARD_PAGE_SIZE_MAX}`)
    .max(SCORECARD_PAGE_SIZE_MAX, `page_size must be between 1 and ${SCORECARD_PAGE_SIZE_MAX}`)
    .default(50),
});

/** Every active agent's scorecard, sortable by any figure, those below a floor flagged (ADR 62). */
export async function adminScorecardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/scorecards',
    {
      schema: {
        tags,
        summary:
          "Every active agent's scorecard: sort by name or a figure (order), below_floor=true for those below a floor, q searches names, paged",
        querystring: AdminScorecardsQuerySchema,
        response: { 200: ScorecardListSchema, ...errors },
      },
    },
    async (request) => adminScorecards(app.deps.database.db, request.query),
  );
}
