import {
  AdminMessageSchema,
  AdminOutboxListSchema,
  AdminOutboxQuerySchema,
  AdminProviderLimitsSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleActor, throttleConsoleSend } from '../common';
import { listOutbox, retryMessage } from '../outbox';
import { providerLimits } from '../settings';
import { errors, Id, tags } from './schemas';

/** Messages: every e-mail, SMS and call, the providers' limits, and sending a failed one again. */
export async function adminOutboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

  r.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'Every e-mail, SMS and call with its attempts',
        querystring: AdminOutboxQuerySchema,
        response: { 200: AdminOutboxListSchema, ...errors },
      },
    },
    async (request) => listOutbox(db(), request.query),
  );
  r.get(
    '/admin/provider-limits',
    {
      schema: {
        tags,
        summary: "The providers' account limits and how close the network runs to them",
        response: { 200: AdminProviderLimitsSchema, ...errors },
      },
    },
    async () => providerLimits(db()),
  );
  r.post(
    '/admin/outbox/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a failed message again',
        params: Id,
        response: { 200: AdminMessageSchema, ...errors },
      },
    },
    async (request) => {
      await throttleConsoleSend(request, 'retry', request.params.id);
      return retryMessage(deps, request.params.id, consoleActor(request));
    },
  );
}
