import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { type OutboxMessage, outboxMessages } from '../db/schema';
import { QUEUES, type Queue } from '../jobs/queue';
import type { MailProvider } from '../providers/mail/interface';

export interface EmailDraft {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  template?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

export const DELIVERY_RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

/** Writes the message in the caller's transaction; `dispatch` after commit schedules delivery. */
export async function addEmail(db: Executor, config: Config, draft: EmailDraft): Promise<string> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: 'email',
      toAddress: draft.to,
      fromAddress: draft.from ?? config.mailFrom,
      subject: draft.subject,
      textBody: draft.text,
      htmlBody: draft.html ?? null,
      template: draft.template ?? null,
      attachments: draft.attachments ?? [],
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
}

export async function dispatch(queue: Queue, ...ids: string[]): Promise<void> {
  for (const id of ids) await queue.send(QUEUES.deliverMessage, { id }, DELIVERY_RETRY);
}

/**
 * After a commit the message is safe in the outbox; if the queue cannot take the job right now,
 * the outbox sweep sends it later. The caller's answer does not depend on it.
 */
export async function dispatchSafely(queue: Queue, ...ids: string[]): Promise<void> {
  try {
    await dispatch(queue, ...ids);
  } catch (error) {
    console.warn('[outbox] delivery job not queued; the sweep will send it', ids, (error as Error).message);
  }
}

const LOCK_SECONDS = 120;

/**
 * Claims a message for one delivery attempt. Only one worker can hold it at a time, and a
 * message already sent is never sent again: this is what makes delivery exactly-once.
 */
export async function claimMessage(db: Executor, id: string): Promise<OutboxMessage | null> {
  const [row] = await db
    .update(outboxMessages)
    .set({
      status: 'sending',
      lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(
      and(
        eq(outboxMessages.id, id),
        or(
          eq(outboxMessages.status, 'queued'),
          eq(outboxMessages.status, 'failed'),
          and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export interface DeliveryDeps {
  db: Executor;
  mail: MailProvider;
}

/** One delivery attempt; throws when the provider fails so the queue retries with backoff. */
export async function deliverMessage(
  deps: DeliveryDeps,
  id: string,
  options: { finalAttempt: boolean },
): Promise<'sent' | 'skipped'> {
  const message = await claimMessage(deps.db, id);
  if (!message) return 'skipped';
  try {
    if (message.channel !== 'email') throw new Error(`No provider for channel ${message.channel}`);
    const result = await deps.mail.send({
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      subject: message.subject ?? '',
      text: message.textBody,
      html: message.htmlBody,
      attachments: message.attachments,
    });
    await deps.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        lockedUntil: null,
        provider: deps.mail.name,
        providerMessageId: result.providerMessageId,
        lastError: null,
      })
      .where(eq(outboxMessages.id, id));
    return 'sent';
  } catch (error) {
    await deps.db
      .update(outboxMessages)
      .set({
        status: options.finalAttempt ? 'failed' : 'queued',
        lockedUntil: null,
        lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
      })
      .where(eq(outboxMessages.id, id));
    throw error;
  }
}

/** Messages still queued a while after they were written: their job was lost, send them again. */
export async function findStrandedMessages(db: Executor, olderThanSeconds: number): Promise<string[]> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'queued'),
        lt(outboxMessages.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .limit(100);
  return rows.map((r) => r.id);
}
