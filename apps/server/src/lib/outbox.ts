import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { messageAttempts, type OutboxMessage, type OutboxMeta, outboxMessages } from '../db/schema';
import type { Queue } from '../jobs/queue';
import type { MailProvider } from '../providers/mail/interface';
import type { SmsProvider } from '../providers/sms/interface';
import { jsonInsert } from './json-insert';

/** Lower goes first. Account e-mails must arrive while their link still works. */
export const PRIORITY = { account: 0, personal: 3, bulk: 5 } as const;
export type Priority = keyof typeof PRIORITY;

/** Templates of account e-mails (sign-in, verification, reset): they overtake lead traffic. */
export const ACCOUNT_TEMPLATES: ReadonlySet<string> = new Set([
  'verify_email',
  'password_reset',
  'magic_link',
  'corporate_login',
  'registration_attempt',
  'registration_link',
  'password_changed',
]);

export interface EmailDraft {
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
  /** Where replies go; From always stays the portal's own address. */
  replyTo?: string;
  /** Defaults to `account` for ACCOUNT_TEMPLATES and `bulk` for everything else. */
  priority?: Priority;
  template?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  meta?: OutboxMeta;
  /** A lead delivery: the lead and the recipient it goes to (none: the copy for the agent's CRM). */
  lead?: { leadId: string; recipientId?: string };
}

export interface SmsDraft {
  /** E.164 (PhoneSchema normalises to it). */
  to: string;
  body: string;
  template?: string;
  priority?: Priority;
  meta?: OutboxMeta;
  lead?: { leadId: string; recipientId: string };
}

/** How long a claim lasts: far longer than any send, short enough that a crash costs little. */
export const CLAIM_SECONDS = 120;

/** Attempts before a message is marked failed for good (about ten minutes of backoff in all). */
export const MAX_ATTEMPTS = 8;

type MessageValues = typeof outboxMessages.$inferInsert;

/** The one insert every channel shares: the message waits in the outbox, queued. */
async function insertMessage(db: Executor, values: MessageValues): Promise<string> {
  const [row] = await db.insert(outboxMessages).values(values).returning({ id: outboxMessages.id });
  return row!.id;
}

/** Several messages in one insert (a lead's deliveries); their ids in the same order. */
export async function insertMessages(db: Executor, values: MessageValues[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await db.execute(sql`${jsonInsert(outboxMessages, values)} returning id`);
  return (rows as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** An e-mail's outbox row. */
export const emailMessage = (config: Config, draft: EmailDraft): MessageValues => ({
  channel: 'email',
  toAddress: draft.to,
  fromAddress: draft.from ?? config.mailFrom,
  replyTo: draft.replyTo ?? null,
  priority: PRIORITY[draft.priority ?? (ACCOUNT_TEMPLATES.has(draft.template ?? '') ? 'account' : 'bulk')],
  subject: draft.subject,
  textBody: draft.text,
  htmlBody: draft.html ?? null,
  template: draft.template ?? null,
  attachments: draft.attachments ?? [],
  meta: draft.meta ?? null,
  ...draft.lead,
});

/** An SMS or a call goes to a phone from the office number; only the channel tells them apart. */
export const phoneMessage = (channel: 'sms' | 'call', config: Config, draft: SmsDraft): MessageValues => ({
  channel,
  toAddress: draft.to,
  fromAddress: config.smsFrom,
  textBody: draft.body,
  priority: PRIORITY[draft.priority ?? 'bulk'],
  template: draft.template ?? null,
  meta: draft.meta ?? null,
  ...draft.lead,
});

/** Writes the message in the caller's transaction; `dispatch` after the commit sends it at once. */
export function addEmail(db: Executor, config: Config, draft: EmailDraft): Promise<string> {
  return insertMessage(db, emailMessage(config, draft));
}

/** The SMS twin of addEmail: written in the caller's transaction, sent at once after `dispatch`. */
export function addSms(db: Executor, config: Config, draft: SmsDraft): Promise<string> {
  return insertMessage(db, phoneMessage('sms', config, draft));
}

/** A call notification: `body` is what the voice provider reads out when the call is answered. */
export function addCall(db: Executor, config: Config, draft: SmsDraft): Promise<string> {
  return insertMessage(db, phoneMessage('call', config, draft));
}

/**
 * Called after the commit that wrote messages: they are safe in the outbox and due now, and the
 * dispatcher (jobs/dispatcher.ts) reads the outbox itself (ADR 18, ADR 54). This wakes this
 * process's dispatcher at once; other processes find the messages at their next look. It cannot
 * fail, so the caller's answer never depends on delivery.
 */
export function dispatch(queue: Queue): void {
  queue.bell.ring();
}

export type Channel = OutboxMessage['channel'];

/** What a claim writes: sending, one more attempt, due again when the claim lapses. */
function claimFor(claimSeconds: number) {
  const until = sql`now() + make_interval(secs => ${claimSeconds})`;
  return {
    status: 'sending' as const,
    lockedUntil: until,
    nextAttemptAt: until,
    attempts: sql`${outboxMessages.attempts} + 1`,
  };
}

/**
 * Claims up to `limit` due messages of one channel, most urgent first, for one delivery attempt
 * each. `FOR UPDATE SKIP LOCKED` lets any number of workers claim side by side without taking the
 * same message; the claim lasts `claimSeconds` (a crashed sender's messages become due again
 * when it lapses). A message already sent is never claimed again.
 */
export async function claimDue(
  db: Executor,
  channel: Channel,
  limit: number,
  claimSeconds: number,
): Promise<OutboxMessage[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, channel),
        inArray(outboxMessages.status, ['queued', 'sending']),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outboxMessages.priority), asc(outboxMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set(claimFor(claimSeconds))
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** Claims one given message, to deliver it by hand (tests and benches; the dispatcher claims with claimDue). */
export async function claimMessage(
  db: Executor,
  id: string,
  claimSeconds = CLAIM_SECONDS,
): Promise<OutboxMessage | null> {
  const [row] = await db
    .update(outboxMessages)
    .set(claimFor(claimSeconds))
    .where(
      and(
        eq(outboxMessages.id, id),
        or(
          eq(outboxMessages.status, 'queued'),
          and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.nextAttemptAt, sql`now()`)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Updates that only apply while this attempt still holds the message's claim. */
const stillClaimed = (message: OutboxMessage) =>
  and(
    eq(outboxMessages.id, message.id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.attempts, message.attempts),
  );

/**
 * Hands claimed messages back untouched (a stopping worker that had not sent them yet), each only
 * while this worker's claim on it still stands.
 */
export async function releaseClaims(db: Executor, messages: OutboxMessage[]): Promise<void> {
  for (const message of messages) {
    await db
      .update(outboxMessages)
      .set({
        status: 'queued',
        lockedUntil: null,
        nextAttemptAt: sql`now()`,
        attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)`,
      })
      .where(stillClaimed(message));
  }
}

export interface DeliveryDeps {
  db: Executor;
  mail: MailProvider;
  sms?: SmsProvider;
  /** Called once when a message has failed for good (last attempt, or a permanent refusal). */
  onFinalFailure?: (message: OutboxMessage) => Promise<void>;
}

/** What a provider's refusal means for the next try. */
export interface Refusal {
  /** Sending the same message again cannot succeed (an invalid number, SMTP 5xx). */
  permanent: boolean;
  /** The provider's status: HTTP for Twilio, the SMTP reply code for mail. */
  status?: number;
  /** The provider asked us to wait (HTTP 429 Retry-After). */
  retryAfterSeconds?: number;
  /** The provider is limiting us as a whole (429, SMTP 421): slow the whole lane down. */
  throttled: boolean;
  message: string;
}

/**
 * Reads a provider's error. SMS providers raise SmsProviderError (`permanent`, `status`,
 * `retryAfterSeconds`); nodemailer sets `responseCode` (SMTP: 4xx passing, 5xx permanent).
 */
export function readRefusal(error: unknown): Refusal {
  const e = (error ?? {}) as {
    permanent?: unknown;
    status?: unknown;
    responseCode?: unknown;
    retryAfterSeconds?: unknown;
    message?: unknown;
  };
  const message = (typeof e.message === 'string' ? e.message : String(error)).slice(0, 500);
  const smtp = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const http = typeof e.status === 'number' ? e.status : undefined;
  const status = smtp ?? http;
  const permanent = e.permanent === true || (smtp !== undefined && smtp >= 500 && smtp < 600);
  const retryAfterSeconds =
    typeof e.retryAfterSeconds === 'number' && e.retryAfterSeconds > 0 ? e.retryAfterSeconds : undefined;
  return {
    permanent,
    status,
    retryAfterSeconds,
    throttled: http === 429 || smtp === 421 || smtp === 451 || smtp === 452,
    message,
  };
}

/**
 * Seconds before attempt n + 1: 5, 10, 20, ... up to 30 minutes, spread by a fifth either way so
 * messages refused together do not come back together; never sooner than the provider asked.
 */
export function backoffSeconds(attempt: number, retryAfterSeconds?: number, random = Math.random): number {
  const base = Math.min(5 * 2 ** Math.max(0, attempt - 1), 1800);
  const spread = base * (0.8 + 0.4 * random());
  return Math.round(Math.max(spread, retryAfterSeconds ?? 0));
}

/** A worker without the channel's provider: no retry on this worker can change that. */
const noProvider = (message: string) => Object.assign(new Error(message), { permanent: true });

async function handOver(deps: DeliveryDeps, message: OutboxMessage) {
  if (message.channel === 'call') {
    if (!deps.sms) throw noProvider('No SMS and calls provider configured for this worker');
    const result = await deps.sms.call({
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      body: message.textBody,
    });
    return { provider: deps.sms.name, ...result };
  }
  if (message.channel === 'sms') {
    if (!deps.sms) throw noProvider('No SMS provider configured for this worker');
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
    replyTo: message.replyTo,
    subject: message.subject ?? '',
    text: message.textBody,
    html: message.htmlBody,
    attachments: message.attachments,
  });
  return { provider: deps.mail.name, ...result };
}

/** Every attempt is kept with what the provider said (provider id, status, error, next try). */
async function recordAttempt(
  db: Executor,
  message: OutboxMessage,
  result: {
    status: 'sent' | 'failed';
    provider?: string;
    providerMessageId?: string;
    error?: string;
    providerStatus?: number;
    retryAt?: Date;
  },
) {
  try {
    await db.insert(messageAttempts).values({
      messageId: message.id,
      attempt: message.attempts,
      status: result.status,
      provider: result.provider ?? null,
      providerMessageId: result.providerMessageId ?? null,
      error: result.error ?? null,
      providerStatus: result.providerStatus ?? null,
      retryAt: result.retryAt ?? null,
    });
  } catch (error) {
    // The message's own row already says what happened; losing the log line must not resend it.
    console.warn('[outbox] attempt not recorded', message.id, (error as Error).message);
  }
}

export type DeliveryOutcome =
  | { result: 'sent' }
  | { result: 'retry'; refusal: Refusal; retryAt: Date }
  | { result: 'failed'; refusal: Refusal }
  /** Another worker holds the message now (our claim lapsed): nothing was written. */
  | { result: 'lost' };

/**
 * The provider said yes: the record must follow, or the message would go out again when the
 * claim lapses. A passing database error is tried again a few times; past that the claim is left
 * to lapse (ADR 5's window) rather than the message being treated as refused.
 */
async function markSent(
  deps: DeliveryDeps,
  message: OutboxMessage,
  result: { provider: string; providerMessageId: string },
) {
  for (let attempt = 1; ; attempt++) {
    try {
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
        .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, 'sending')));
      return;
    } catch (error) {
      if (attempt >= 5) {
        console.error(
          '[outbox] sent but not recorded; it may go out again',
          message.id,
          (error as Error).message,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

/**
 * One delivery attempt of a claimed message. Sent: marked sent at once (the shorter the time
 * between the provider's yes and our record, the smaller the window in which a crash could send
 * it twice). A passing refusal: queued again after a backoff, recorded on the attempt; a provider
 * limiting the whole account (429) does not use up one of the message's attempts. The last
 * attempt, or a permanent refusal: failed, and the follow-up hook runs once. Every write after
 * the hand-over applies only while this attempt still holds the claim.
 */
export async function deliverClaimed(deps: DeliveryDeps, message: OutboxMessage): Promise<DeliveryOutcome> {
  let result: Awaited<ReturnType<typeof handOver>>;
  try {
    result = await handOver(deps, message);
  } catch (error) {
    return refused(deps, message, readRefusal(error));
  }
  await markSent(deps, message, result);
  await recordAttempt(deps.db, message, { status: 'sent', ...result });
  return { result: 'sent' };
}

async function refused(
  deps: DeliveryDeps,
  message: OutboxMessage,
  refusal: Refusal,
): Promise<DeliveryOutcome> {
  // A throttle says nothing about this message: it waits without losing an attempt.
  const counted = !refusal.throttled;
  const final = refusal.permanent || (counted && message.attempts >= MAX_ATTEMPTS);
  const retryAt = final
    ? undefined
    : new Date(Date.now() + backoffSeconds(message.attempts, refusal.retryAfterSeconds) * 1000);
  const updated = await deps.db
    .update(outboxMessages)
    .set({
      status: final ? 'failed' : 'queued',
      lockedUntil: null,
      nextAttemptAt: retryAt ?? sql`now()`,
      lastError: refusal.message,
      ...(counted ? {} : { attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)` }),
    })
    .where(stillClaimed(message))
    .returning({ id: outboxMessages.id });
  if (updated.length === 0) return { result: 'lost' };
  await recordAttempt(deps.db, message, {
    status: 'failed',
    error: refusal.message,
    providerStatus: refusal.status,
    retryAt,
  });
  if (!final) return { result: 'retry', refusal, retryAt: retryAt! };
  if (deps.onFinalFailure) {
    try {
      await deps.onFinalFailure({
        ...message,
        status: 'failed',
        lockedUntil: null,
        lastError: refusal.message,
      });
    } catch (hookError) {
      console.warn(
        '[outbox] follow-up of a failed message did not run',
        message.id,
        (hookError as Error).message,
      );
    }
  }
  return { result: 'failed', refusal };
}

/** Claims and delivers one given message now: 'skipped' when it is not due or already sent. */
export async function deliverMessage(
  deps: DeliveryDeps,
  id: string,
): Promise<DeliveryOutcome['result'] | 'skipped'> {
  const message = await claimMessage(deps.db, id);
  if (!message) return 'skipped';
  return (await deliverClaimed(deps, message)).result;
}
