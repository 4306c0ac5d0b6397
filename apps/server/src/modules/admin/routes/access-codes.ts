import {
  AdminAccessCodeCreateSchema,
  AdminAccessCodePatchSchema,
  AdminAccessCodeSchema,
  AdminAccessCodesListSchema,
  AdminAccessCodesQuerySchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAccessCode, listAccessCodes, patchAccessCode } from '../access-codes';
import { consoleActor } from '../common';
import { errors, tags } from './schemas';

/** Access codes: list, create, change. */
export async function adminAccessCodeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

  r.get(
    '/admin/access-codes',
    {
      schema: {
        tags,
        summary: 'Access codes with their sign-ups',
        querystring: AdminAccessCodesQuerySchema,
        response: { 200: AdminAccessCodesListSchema, ...errors },
      },
    },
    async (request) => listAccessCodes(db(), request.query),
  );
  r.post(
    '/admin/access-codes',
    {
      schema: {
        tags,
        summary: 'Create an access code',
        body: AdminAccessCodeCreateSchema,
        response: { 201: AdminAccessCodeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAccessCode(db(), request.body, consoleActor(request))),
  );
  r.patch(
    '/admin/access-codes/:code',
    {
      schema: {
        tags,
        summary: 'Disable, limit, expire, describe or bind an access code',
        params: z.object({
          code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'No access code has this name'),
        }),
        body: AdminAccessCodePatchSchema,
        response: { 200: AdminAccessCodeSchema, ...errors },
      },
    },
    async (request) => patchAccessCode(db(), request.params.code, request.body, consoleActor(request)),
  );
}
