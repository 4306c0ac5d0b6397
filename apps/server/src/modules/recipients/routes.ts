import {
  DetailSchema,
  RECIPIENT_INVITATION_DETAIL,
  RecipientConfirmRequestSchema,
  RecipientConfirmResponseSchema,
  RecipientContextSchema,
  RecipientCreateSchema,
  RecipientListSchema,
  RecipientSchema,
  RecipientUpdateSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireMayChangeRouting, requireUser } from '../../plugins/auth';
import { confirmRecipientEmail, resendInvitation } from './confirmation';
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
      preHandler: requireMayChangeRouting,
      schema: {
        tags: ['recipients'],
        body: RecipientCreateSchema,
        response: { 201: RecipientSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addRecipient(app.deps, currentUser(request), request.body)),
  );

  r.patch(
    '/portal/me/recipients/:id',
    {
      preHandler: requireMayChangeRouting,
      schema: {
        tags: ['recipients'],
        params: IdParams,
        body: RecipientUpdateSchema,
        response: { 200: RecipientSchema, ...errors },
      },
    },
    async (request) => updateRecipient(app.deps, currentUser(request), request.params.id, request.body),
  );

  r.post(
    '/portal/me/recipients/:id/resend-confirmation',
    {
      preHandler: requireMayChangeRouting,
      schema: {
        tags: ['recipients'],
        summary: 'Send the recipient a new invitation to confirm their address (throttled)',
        params: IdParams,
        response: { 202: DetailSchema, ...errors, 429: DetailSchema },
      },
    },
    async (request, reply) => {
      await resendInvitation(app.deps, currentUser(request), request.params.id);
      return reply.status(202).send({ detail: RECIPIENT_INVITATION_DETAIL.sent });
    },
  );

  // The invitation's link (SECURITY.md item 27): the token is the credential, sent in the body.
  r.post(
    '/recipient/confirm-email',
    {
      schema: {
        tags: ['recipients'],
        summary: "Confirm a recipient's e-mail address with the invitation's link",
        body: RecipientConfirmRequestSchema,
        response: { 200: RecipientConfirmResponseSchema, 400: DetailSchema },
      },
    },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      return confirmRecipientEmail(app.deps, request.body.token);
    },
  );

  r.delete(
    '/portal/me/recipients/:id',
    {
      preHandler: requireMayChangeRouting,
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
