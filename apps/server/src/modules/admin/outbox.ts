import type { AdminMessage } from '@portal/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db } from '../../db/client';
import { messageAttempts, type OutboxMessage, outboxMessages } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { dispatch } from '../../lib/outbox';
import { escapeLike } from './agents';
import { type ConsoleActor, cappedCount, iso, UUID } from './common';

/**
 * Sign-in, reset, verification and signing links are the keys to someone's account: the console
 * shows where they pointed, never the token (no one can act as another person from this list).
 */
const TOKEN_LINK =
  /(\/(?:login\/magic|login\/corporate|verify-email|recipient\/confirm|recovery|[a-z]{2}\/recovery|sign)\/)[^\s"'<>)\]]+/g;
export const hideLinkTokens = (text: string) => text.replace(TOKEN_LINK, '$1[hidden]');

async function present(db: Db, rows: OutboxMessage[]): Promise<AdminMessage[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(messageAttempts)
        .where(
          inArray(
            messageAttempts.messageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(messageAttempts.attempt), asc(messageAttempts.createdAt))
    : [];
  return rows.map((row) => {
    // Every attempt, in order: a retry from the console starts the dispatcher's count again, so
    // the stored numbers repeat; the list numbers them as they happened.
    const log = attempts
      .filter((a) => a.messageId === row.id)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return {
      id: row.id,
      channel: row.channel,
      to: row.toAddress,
      from: row.fromAddress,
      subject: row.subject,
      text_body: hideLinkTokens(row.textBody),
      template: row.template,
      status: row.status,
      attempts: Math.max(row.attempts, log.length),
      last_error: row.lastError,
      provider: row.provider,
      lead_id: row.leadId,
      created_at: row.createdAt.toISOString(),
      sent_at: iso(row.sentAt),
      body_removed_at: iso(row.bodyRemovedAt),
      attempt_log: log.map((a, index) => ({
        attempt: index + 1,
        status: a.status,
        provider: a.provider,
        error: a.error,
        provider_status: a.providerStatus,
        retry_at: iso(a.retryAt),
        created_at: a.createdAt.toISOString(),
      })),
    };
  });
}

/** GET /admin/outbox: every e-mail, SMS and call, newest first, in both database modes. */
export async function listOutbox(
  db: Db,
  query: {
    status?: OutboxMessage['status'];
    channel?: OutboxMessage['channel'];
    to?: string;
    skip: number;
    limit: number;
    order: 'asc' | 'desc';
  },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const where: SQL[] = [];
  if (query.status) where.push(eq(outboxMessages.status, query.status));
  if (query.channel) where.push(eq(outboxMessages.channel, query.channel));
  if (query.to)
    where.push(sql`lower(${outboxMessages.toAddress}) like ${`%${escapeLike(query.to.toLowerCase())}%`}`);
  const condition = where.length ? and(...where) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(outboxMessages)
      .where(condition)
      .orderBy(direction(outboxMessages.createdAt), direction(outboxMessages.id))
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, outboxMessages, condition),
  ]);
  return { items: await present(db, rows), ...count };
}

/** POST /admin/outbox/:id/retry: a failed message goes back to the queue for a fresh set of attempts. */
export async function retryMessage(deps: AppDeps, id: string, actor: ConsoleActor) {
  if (!UUID.test(id)) throw notFound('Message not found');
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const [message] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update');
    if (!message) throw notFound('Message not found');
    if (message.status !== 'failed')
      throw new AppError('conflict', `Only a failed message can be retried: this one is ${message.status}`);
    // Its text went after the retention period (ADR 67): sending it again would send nothing.
    if (message.bodyRemovedAt)
      throw new AppError(
        'conflict',
        'The text of this message was removed after the retention period: it cannot be sent again',
      );
    const [queued] = await tx
      .update(outboxMessages)
      .set({ status: 'queued', lockedUntil: null, attempts: 0, nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.id, id))
      .returning();
    await audit(tx, {
      action: 'admin_retry_message',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetName: `the ${message.channel === 'email' ? 'e-mail' : message.channel === 'sms' ? 'text message' : 'call'} to ${message.toAddress}`,
      targetType: 'message',
      targetId: id,
      details: { before: { status: 'failed' }, after: { status: 'queued' }, to: message.toAddress },
      ip: actor.ip,
    });
    return queued!;
  });
  // Due now in the outbox: the dispatcher takes it at its next look; the bell makes that now.
  dispatch(deps.queue);
  return (await present(db, [row]))[0]!;
}
