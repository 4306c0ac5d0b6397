import {
  DetailSchema,
  readPreferences,
  type UserPreferences,
  type UserPreferencesPatch,
  UserPreferencesPatchSchema,
  UserPreferencesSchema,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { currentUser, requireUser } from '../../plugins/auth';

/**
 * Merges the given preferences into the user's stored ones and answers them all, defaults filled
 * in. Keys the patch does not name stay as they are, including an office's visibility settings
 * that share the column (SPEC.md section 6).
 */
export async function updatePreferences(
  db: Executor,
  userId: string,
  patch: UserPreferencesPatch,
): Promise<UserPreferences> {
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [row] = await db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ preferences: users.preferences });
  return readPreferences(row?.preferences);
}

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema };

export async function preferencesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/portal/me/preferences',
    {
      preHandler: requireUser,
      schema: {
        tags: ['portal'],
        summary: "Change the signed-in user's own preferences (leads view, sound, scheduled e-mails)",
        body: UserPreferencesPatchSchema,
        response: { 200: UserPreferencesSchema, ...errors },
      },
    },
    async (request) => updatePreferences(app.deps.database.db, currentUser(request).id, request.body),
  );
}
