import { SettingsPatchSchema, SettingsSchema } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readSettings } from '../../../lib/settings';
import { consoleActor } from '../common';
import { patchSettings } from '../settings';
import { errors, tags } from './schemas';

/** The office's settings, read and changed (each change audited with its before and after). */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

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
    async (request) => patchSettings(db(), request.body, consoleActor(request)),
  );
}
