import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { messageAttempts, type OutboxMessage, type OutboxMeta, outboxMessages } from '../db/schema';
import { QUEUES, type Queue } from '../jobs/queue';
import type { MailProvider } from '../providers/mail/interface';
import type { SmsProvider } from '../providers/sms/interface';

export interface EmailDraft {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  template?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  meta?: OutboxMeta;
  /** A lead delivery: the lead and the recipient it goes to. */
  lead?: { leadId: string; recipientId: string };
}

export interface SmsDraft {
  /** E.164 (PhoneSchema normalises to it). */
  to: string;
  body: string;
  template?: string;
  meta?: OutboxMeta;
  lead?: { leadId: string; recipientId: string };
}

export const DELIVERY_RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

/** The one insert every channel shares: the message waits in the outbox, queued. */
async function insertMessage(db: Executor, values: typeof outboxMessages.$inferInsert): Promise<string> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  return row!.id;
}

/** Writes the message in the caller's transaction; `dispatch` after commit schedules delivery. */
export function addEmail(db: Executor, config: Config, draft: EmailDraft): Promise<string> {
  return insertMessage(db, {
    channel: 'email',
    toAddress: draft.to,
    fromAddress: draft.from ?? config.mailFrom,
    subject: draft.subject,
    textBody: draft.text,
    htmlBody: draft.html ?? null,
    template: draft.template ?? null,
    attachments: draft.attachments ?? [],
    meta: draft.meta ?? null,
    ...draft.lead,
  });
}

/** An SMS or a call goes to a phone from the office number; only the channel tells them apart. */
const phoneMessage = (channel: 'sms' | 'call', config: Config, draft: SmsDraft) => ({
  channel,
  toAddress: draft.to,
  fromAddress: config.smsFrom,
  textBody: draft.body,
  template: draft.template ?? null,
  meta: draft.meta ?? null,
  ...draft.lead,
});

/** The SMS twin of addEmail: written in the caller's transaction, delivered after `dispatch`. */
export function addSms(db: Executor, config: Config, draft: SmsDraft): Promise<string> {
  return insertMessage(db, phoneMessage('sms', config, draft));
}

/** A call notification: `body` is what the voice provider reads out when the call is answered. */
export function addCall(db: Executor, config: Config, draft: SmsDraft): Promise<string> {
  return insertMessage(db, phoneMessage('call', config, draft));
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
  sms?: SmsProvider;
  /** Called once when a message has failed for good (last attempt, or a permanent refusal). */
  onFinalFailure?: (message: OutboxMessage) => Promise<void>;
}

/** A refusal no retry can change (an invalid number): providers mark such errors `permanent`. */
const isPermanent = (error: unknown) => (error as { permanent?: unknown } | null)?.permanent === true;

async function handOver(deps: DeliveryDeps, message: OutboxMessage) {
  if (message.channel === 'call') {
    if (!deps.sms) throw new Error('No SMS and calls provider configured for this worker');
    const result = await deps.sms.call({
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      body: message.textBody,
    });
    return { provider: deps.sms.name, ...result };
  }
  if (message.channel === 'sms') {
    if (!deps.sms) throw new Error('No SMS provider configured for this worker');
    const result = await deps.sms.send({
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      body: message.textBody,
    });
    return { provider: deps.sms.name, ...result };
  }
  const result = await deps.mail.send({
    id: message.id,
    to: message.toAddress,
    from: message.fromAddress,
    subject: message.subject ?? '',
    text: message.textBody,
    html: message.htmlBody,
    attachments: message.attachments,
  });
  return { provider: deps.mail.name, ...result };
}

/** Every attempt is kept with what the provider said (issue #8: provider id, status, error). */
async function recordAttempt(
  db: Executor,
  message: OutboxMessage,
  result: { status: 'sent' | 'failed'; provider?: string; providerMessageId?: string; error?: string },
) {
  try {
    await db.insert(messageAttempts).values({
      messageId: message.id,
      attempt: message.attempts,
      status: result.status,
      provider: result.provider ?? null,
      providerMessageId: result.providerMessageId ?? null,
      error: result.error ?? null,
    });
  } catch (error) {
    // The message's own row already says what happened; losing the log line must not resend it.
    console.warn('[outbox] attempt not recorded', message.id, (error as Error).message);
  }
}

/**
 * One delivery attempt. A passing failure throws so the queue retries with backoff; the last
 * attempt, or a permanent refusal, marks the message failed and answers 'failed' (no retry).
 */
export async function deliverMessage(
  deps: DeliveryDeps,
  id: string,
  options: { finalAttempt: boolean },
): Promise<'sent' | 'skipped' | 'failed'> {
  const message = await claimMessage(deps.db, id);
  if (!message) return 'skipped';
  try {
    const result = await handOver(deps, message);
    await deps.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        lockedUntil: null,
        provider: result.provider,
        providerMessageId: result.providerMessageId,
        lastError: null,
      })
      .where(eq(outboxMessages.id, id));
    await recordAttempt(deps.db, message, { status: 'sent', ...result });
    return 'sent';
  } catch (error) {
    const final = options.finalAttempt || isPermanent(error);
    const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await recordAttempt(deps.db, message, { status: 'failed', error: lastError });
    await deps.db
      .update(outboxMessages)
      .set({ status: final ? 'failed' : 'queued', lockedUntil: null, lastError })
      .where(eq(outboxMessages.id, id));
    if (!final) throw error;
    if (deps.onFinalFailure) {
      try {
        await deps.onFinalFailure({ ...message, status: 'failed', lockedUntil: null, lastError });
      } catch (hookError) {
        console.warn('[outbox] follow-up of a failed message did not run', id, (hookError as Error).message);
      }
    }
    return 'failed';
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
