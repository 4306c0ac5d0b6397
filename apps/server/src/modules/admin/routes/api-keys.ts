import {
  AdminApiKeyCreatedSchema,
  AdminApiKeyCreateSchema,
  AdminApiKeySchema,
  AdminApiKeysListSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createClientKey, listApiKeys, revokeClientKey } from '../api-keys';
import { consoleActor } from '../common';
import { errors, Id, tags } from './schemas';

/** Lead intake clients: their keys, created (shown once) and revoked. */
export async function adminApiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

  r.get(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Lead intake clients with leads per day and last error',
        response: { 200: AdminApiKeysListSchema, ...errors },
      },
    },
    async () => listApiKeys(db()),
  );
  r.post(
    '/admin/api-keys',
    {
      schema: {
        tags,
        summary: 'Create a client key (shown once, in this answer)',
        body: AdminApiKeyCreateSchema,
        response: { 201: AdminApiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(await createClientKey(db(), request.body.name, consoleActor(request)));
    },
  );
  r.delete(
    '/admin/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a client key',
        params: Id,
        response: { 200: AdminApiKeySchema, ...errors },
      },
    },
    async (request) => revokeClientKey(db(), request.params.id, consoleActor(request)),
  );
}
