import { DetailSchema, MessagePreviewsResponseSchema } from '@portal/shared';
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema';
import { messagePreviews } from '../../emails/previews';
import { notFound } from '../../lib/errors';
import { requireSuperuser } from '../../plugins/auth';

const MailboxItemSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms', 'call']),
  to: z.string(),
  from: z.string(),
  /** Where replies go, when not to From (an e-mail an agent wrote: ADR 19). */
  reply_to: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  status: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  links: z.array(z.string()),
});

/** Links in a message's text, without the sentence's punctuation that may follow them. */
const linksIn = (text: string) => [
  ...new Set((text.match(/https?:\/\/[^\s<>"')]+/g) ?? []).map((url) => url.replace(/[.,;:!?]+$/, ''))),
];

/** The dev mailbox: what the embedded outbox holds, for superusers on a local install. */
export async function devRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** Only where mail stays on this machine, and only for superusers. */
  const devOnly = async (request: FastifyRequest) => {
    if (!app.deps.config.devMailbox)
      throw notFound('The dev mailbox exists only when mail stays on this machine');
    await requireSuperuser(request);
  };
  r.get(
    '/dev/mailbox',
    {
      preHandler: devOnly,
      schema: {
        tags: ['dev'],
        summary: 'Messages in the outbox, newest first (embedded mode, superusers)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: {
          200: z.object({ items: z.array(MailboxItemSchema) }),
          401: DetailSchema,
          403: DetailSchema,
          404: DetailSchema,
        },
      },
    },
    async (request) => {
      const rows = await app.deps.database.db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(request.query.limit);
      return {
        items: rows.map((m) => ({
          id: m.id,
          channel: m.channel,
          to: m.toAddress,
          from: m.fromAddress,
          reply_to: m.replyTo,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          status: m.status,
          attempts: m.attempts,
          last_error: m.lastError,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
          links: linksIn(m.textBody),
        })),
      };
    },
  );

  r.get(
    '/dev/templates',
    {
      preHandler: devOnly,
      schema: {
        tags: ['dev'],
        summary: 'Every message template rendered with sample data (embedded mode, superusers)',
        response: {
          200: MessagePreviewsResponseSchema,
          401: DetailSchema,
          403: DetailSchema,
          404: DetailSchema,
        },
      },
    },
    async () => ({ items: await messagePreviews(app.deps.config.publicUrl) }),
  );
}
