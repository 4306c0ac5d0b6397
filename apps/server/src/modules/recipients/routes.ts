import {
  DetailSchema,
  RecipientContextSchema,
  RecipientCreateSchema,
  RecipientListSchema,
  RecipientSchema,
  RecipientUpdateSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/auth';
import { addRecipient, listRecipients, removeRecipient, updateRecipient } from './service';
import { requireRecipient } from './sessions';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };
const IdParams = z.object({ id: z.uuid({ message: 'Recipient not found' }) });

export async function recipientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;

  r.get(
    '/portal/me/recipients',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recipients'],
        summary: 'Who receives my leads (the agent first)',
        response: { 200: RecipientListSchema, ...errors },
      },
    },
    async (request) => listRecipients(db(), currentUser(request)),
  );

  r.post(
    '/portal/me/recipients',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recipients'],
        body: RecipientCreateSchema,
        response: { 201: RecipientSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addRecipient(db(), currentUser(request), request.body)),
  );

  r.patch(
    '/portal/me/recipients/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['recipients'],
        params: IdParams,
        body: RecipientUpdateSchema,
        response: { 200: RecipientSchema, ...errors },
      },
    },
    async (request) => updateRecipient(db(), currentUser(request), request.params.id, request.body),
  );

  r.delete(
    '/portal/me/recipients/:id',
    {
      preHandler: requireUser,
      schema: { tags: ['recipients'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await removeRecipient(db(), currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The limited portal of a recipient session (X-Recipient-Session; no bearer, no refresh).
  r.get(
    '/recipient/me',
    {
      preHandler: requireRecipient,
      schema: {
        tags: ['recipients'],
        summary: 'The signed-in recipient',
        response: { 200: z.object({ recipient_context: RecipientContextSchema }), 401: DetailSchema },
      },
    },
    async (request) => ({ recipient_context: request.recipientAuth!.context }),
  );
}
